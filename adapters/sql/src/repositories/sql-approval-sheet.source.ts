import {
  ALL_DATA,
  CLOSING_RECORD_KIND,
  CLOSING_TYPE_CODES,
  FUND_PAY_RECORD_KIND,
  FUND_PAY_STATUS_LABELS,
  FUND_PERFORM_RECORD_KIND,
  FUND_PLAN_RECORD_KIND,
  INSTITUTE_TIME_ZONE_CONFIG_KEY,
  LOAN_RECORD_KIND,
  borrowable,
  parseTimeZone,
  teamLoanAccount,
  teamReceivedAccount,
  type ApprovalSheetSource,
  type ClosingKind,
  type FundPaySheetFacts,
  type SheetFacts,
  type TeamPosition,
} from '@dpms/core';
import { SqlClosedCaseRepository } from './sql-closed-case.repository.js';
import { SqlConfigRepository } from './sql-config.repository.js';
import { SqlFundDirectory } from './sql-fund-directory.js';
import { SqlFundPlanRepository } from './sql-fund-plan.repository.js';
import { amount, type Db } from './sql-fund-shared.js';
import { RECORD_SHEET_READERS } from './sql-approval-record-sheets.js';
import { SqlContractChildRepository } from './sql-contract-child.repository.js';
import { SqlFundPayRepository } from './sql-fund-pay.repository.js';
import { SqlLoanRepository } from './sql-loan.repository.js';

/*
 * Reads the records approval sheets describe, inside one read transaction, with no lock and no
 * write: a sheet shows the record as it is now. Whoever may see the approval reads its record
 * (the engine checked that), so these reads are not held to the viewer's data scope.
 */

const idOf = (recordId: string): number | null =>
  /^\d{1,9}$/.test(recordId) ? Number(recordId) : null;

const closingKindOf = (typeCode: string): ClosingKind | null =>
  (Object.entries(CLOSING_TYPE_CODES).find(([, code]) => code === typeCode)?.[0] as
    ClosingKind | undefined) ?? null;

export class SqlApprovalSheetSource implements ApprovalSheetSource {
  constructor(private readonly db: Db) {}

  async timeZone(): Promise<string> {
    return parseTimeZone(
      await new SqlConfigRepository(this.db).valueOf(INSTITUTE_TIME_ZONE_CONFIG_KEY),
    );
  }

  async nickNames(userNames: readonly string[]): Promise<Readonly<Record<string, string>>> {
    if (userNames.length === 0) return {};
    const rows = await this.db
      .selectFrom('sys_user')
      .select(['user_name', 'nick_name'])
      .where('user_name', 'in', userNames)
      .execute();
    return Object.fromEntries(
      rows.filter((r) => r.nick_name !== '').map((r) => [r.user_name, r.nick_name]),
    );
  }

  async factsOf(
    recordKind: string,
    recordId: string,
    typeCode: string,
  ): Promise<SheetFacts | null> {
    const id = idOf(recordId);
    if (id === null) return null;
    switch (recordKind) {
      case LOAN_RECORD_KIND:
        return this.loan(id);
      case CLOSING_RECORD_KIND: {
        const kind = closingKindOf(typeCode);
        const c =
          kind === null
            ? null
            : await new SqlClosedCaseRepository(this.db).findById(id, kind, ALL_DATA);
        return c === null ? null : { kind: 'closing', facts: c };
      }
      case FUND_PAY_RECORD_KIND: {
        const p = await this.fundPay(id);
        return p === null ? null : { kind: 'fundPay', facts: p };
      }
      case FUND_PLAN_RECORD_KIND: {
        const p = await new SqlFundPlanRepository(this.db).getPlan(id, ALL_DATA);
        return p === null ? null : { kind: 'fundPlan', facts: p };
      }
      case FUND_PERFORM_RECORD_KIND: {
        const p = await new SqlFundPlanRepository(this.db).getPerform(id, ALL_DATA);
        return p === null ? null : { kind: 'fundPerform', facts: p };
      }
      default: {
        const read = RECORD_SHEET_READERS[recordKind];
        return read === undefined ? null : read(this.db, id, () => this.timeZone());
      }
    }
  }

  private async loan(loanId: number): Promise<SheetFacts | null> {
    const loan = await new SqlLoanRepository(this.db).get(loanId);
    if (loan === null) return null;
    return {
      kind: 'loan',
      facts: { loan, position: await this.position(loan.loanDeptId, loanId) },
    };
  }

  /** The team's position now, this loan left out of what is in approval (core's rule). */
  private async position(deptId: number, loanId: number): Promise<TeamPosition> {
    const directory = new SqlFundDirectory(this.db);
    const owed = await directory.teamOwed(deptId);
    const rows = await this.db
      .selectFrom('fund_balance')
      .select(['account_kind', 'balance'])
      .where('account_id', '=', deptId)
      .where('account_kind', 'in', [teamReceivedAccount(deptId).kind, teamLoanAccount(deptId).kind])
      .execute();
    const balance = (kind: string) => amount(rows.find((r) => r.account_kind === kind)?.balance);
    const limit = {
      totalShouldReceAmt: owed.totalShouldReceAmt,
      totalReceiveAmt: balance(teamReceivedAccount(deptId).kind),
      outstandingLoanAmt: balance(teamLoanAccount(deptId).kind),
      pendingLoanAmt: await directory.pendingLoans(deptId, loanId),
    };
    return {
      deptId,
      ...limit,
      totalAllotConfirmAmt: owed.totalAllotConfirmAmt,
      borrowableAmt: borrowable(limit),
    };
  }

  /**
   * A payment as the fund-pay repository reads it, with its pay item or plan line and what the
   * other live payments commit on them: the same reads the payable rule checks with.
   */
  private async fundPay(payId: number): Promise<FundPaySheetFacts | null> {
    const pays = new SqlFundPayRepository(this.db);
    const p = await pays.getPay(payId);
    if (p === null) return null;
    const item = p.childPayId === null ? null : await pays.payItem(p.childPayId);
    const child =
      item === null
        ? null
        : await new SqlContractChildRepository(this.db).findById(item.contractChildId, ALL_DATA);
    const plan = p.paymentPlanId === null ? null : await pays.getPlan(p.paymentPlanId);
    return {
      payId: p.payId,
      typeCode: p.typeCode,
      contractName: p.contractName,
      contractNo: p.contractNo,
      deptName: p.deptName,
      planMonth: p.planMonth,
      subjectName: p.subjectName,
      reason: p.reason,
      payTime: p.payTime,
      payCompanyName: p.payCompanyName,
      receiveCompanyName: p.receiveCompanyName,
      payAmount: p.payAmount,
      taxRate: p.taxRate,
      realPayAmount: p.realPayAmount,
      statusText: FUND_PAY_STATUS_LABELS[p.status] ?? '',
      createBy: p.createBy,
      paidTime: p.paidTime,
      payItem:
        item === null
          ? null
          : {
              contractChildNo: child?.contractChildNo ?? '',
              itemAmount: item.payAmount,
              paidAmount: await pays.committedOnPayItem(item.childPayId, p.payId),
            },
      planLine:
        plan === null
          ? null
          : {
              planPayAmount: plan.planPayAmount,
              paidAmount: await pays.committedOnPlan(plan.paymentPlanId, p.payId),
            },
    };
  }
}
