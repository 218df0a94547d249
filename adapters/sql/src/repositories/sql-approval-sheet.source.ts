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
  type FundPayStatus,
  type SheetFacts,
  type TeamPosition,
} from '@dpms/core';
import { SqlClosedCaseRepository } from './sql-closed-case.repository.js';
import { SqlConfigRepository } from './sql-config.repository.js';
import { SqlFundDirectory } from './sql-fund-directory.js';
import { SqlFundPlanRepository } from './sql-fund-plan.repository.js';
import { amount, dayOf, time, type Db } from './sql-fund-shared.js';
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
      default:
        return null;
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

  /** A payment with its pay item or plan line, and what other paid payments took of them. */
  private async fundPay(payId: number): Promise<FundPaySheetFacts | null> {
    const r = await this.db
      .selectFrom('fund_pay as f')
      .innerJoin('contract as c', 'c.contract_id', 'f.contract_id')
      .leftJoin('sys_dept as dp', 'dp.dept_id', 'f.dept_id')
      .leftJoin('contract_child_pay as i', 'i.pay_id', 'f.child_pay_id')
      .leftJoin('contract_child as cc', 'cc.contract_child_id', 'f.contract_child_id')
      .leftJoin('payment_plan as pp', 'pp.payment_plan_id', 'f.payment_plan_id')
      .select([
        'f.pay_id',
        'f.type_code',
        'f.child_pay_id',
        'f.payment_plan_id',
        'c.contract_name',
        'c.contract_no',
        'dp.dept_name',
        'f.plan_month',
        'f.subject_name',
        'f.reason',
        dayOf('f.pay_time').as('pay_time'),
        'f.pay_company_name',
        'f.receive_company_name',
        'f.pay_amount',
        'f.tax_rate',
        'f.real_pay_amount',
        'f.status',
        'f.create_by',
        'f.paid_time',
        'cc.contract_child_no',
        'i.pay_amount as item_amount',
        'pp.plan_pay_amount',
      ])
      .where('f.pay_id', '=', payId)
      .where('f.del_flag', '=', '0')
      .executeTakeFirst();
    if (r === undefined) return null;
    const paidOn = async (column: 'child_pay_id' | 'payment_plan_id', on: number) => {
      const s = await this.db
        .selectFrom('fund_pay')
        .select((eb) => eb.fn.sum<string | null>('pay_amount').as('n'))
        .where(column, '=', on)
        .where('pay_id', '<>', payId)
        .where('status', '=', 2)
        .where('del_flag', '=', '0')
        .executeTakeFirst();
      return amount(s?.n);
    };
    return {
      payId: r.pay_id,
      typeCode: r.type_code,
      contractName: r.contract_name,
      contractNo: r.contract_no ?? '',
      deptName: r.dept_name ?? '',
      planMonth: r.plan_month,
      subjectName: r.subject_name,
      reason: r.reason,
      payTime: r.pay_time ?? '',
      payCompanyName: r.pay_company_name,
      receiveCompanyName: r.receive_company_name,
      payAmount: amount(r.pay_amount),
      taxRate: String(r.tax_rate),
      realPayAmount: amount(r.real_pay_amount),
      statusText: FUND_PAY_STATUS_LABELS[r.status as FundPayStatus] ?? '',
      createBy: r.create_by,
      paidTime: r.paid_time === null ? null : time(r.paid_time),
      payItem:
        r.child_pay_id === null
          ? null
          : {
              contractChildNo: r.contract_child_no ?? '',
              itemAmount: amount(r.item_amount),
              paidAmount: await paidOn('child_pay_id', r.child_pay_id),
            },
      planLine:
        r.payment_plan_id === null
          ? null
          : {
              planPayAmount: amount(r.plan_pay_amount),
              paidAmount: await paidOn('payment_plan_id', r.payment_plan_id),
            },
    };
  }
}
