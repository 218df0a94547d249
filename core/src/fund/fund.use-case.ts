import type { ApprovalEndedEvent } from '../approval/approval.repository.port.js';
import type { ContentEntry, TemplateContent } from '../approval/template.js';
import { toAmountString } from '../money/amount.js';
import type { ListPage } from '../platform/list-query.js';
import { err, ok, type DomainError, type Result } from '../shared/result.js';
import { runWrite, type WriteIdempotency } from '../shared/write.js';
import { parseMovementAmount, sortAccounts } from './fund-ledger.js';
import { loanTeamProblem } from './fund-input.js';
import { FUND_ERROR_CODES as C, FUND_MESSAGES as M } from './fund-messages.js';
import { loanStateCheck } from './loan-actions.js';
import {
  approveLoanPostings,
  checkLoanLimit,
  loanAccount,
  repaymentPostings,
  teamLoanAccount,
  teamReceivedAccount,
} from './fund-rules.js';
import type { Loan, Repayment } from './fund.js';
import type {
  FundActor,
  FundRepositories,
  LoanListFilter,
  LoanListQuery,
  RepaymentListFilter,
  RepaymentListQuery,
} from './fund.repository.port.js';
import { FundBackMoneyService } from './fund-back-money.service.js';
import {
  checkDate,
  checkText,
  d,
  fail,
  LOAN_RECORD_KIND,
  LOAN_TYPE_CODE,
  moveBalances,
  Rollback,
  rollbackAsResult,
  teamPosition,
  visibleLoan,
  type LoanInput,
  type R,
  type RepaymentInput,
} from './fund-service-base.js';

// The fund service's public parts, where they have always been exported from.
export {
  LOAN_RECORD_KIND,
  LOAN_TYPE_CODE,
  moveBalances,
  type AllotInput,
  type BackMoneyInput,
  type FundClock,
  type LoanInput,
  type RepaymentInput,
} from './fund-service-base.js';

/**
 * Back money, its allotment to design teams, loans and repayments (001 §3, §7). Every movement is
 * one transaction: it locks the balances it touches (in one order), applies the rule, appends its
 * ledger lines and writes the new balances, so a balance is always the sum of its ledger and never
 * below zero, even with two servers on one database.
 */
export class FundService extends FundBackMoneyService {
  // ---- loans -----------------------------------------------------------------------------------

  listLoans(q: LoanListQuery, actor: FundActor): Promise<ListPage<Loan>> {
    return this.uow.transaction((r) => r.loans.list(q, actor.scope));
  }

  /** The export's rows, page by page (each page its own read), so none sits whole in memory. */
  async *exportLoans(filter: LoanListFilter, actor: FundActor, batch = 1000): AsyncGenerator<Loan> {
    let before = 2_147_483_647;
    for (;;) {
      const rows = await this.uow.transaction((r) =>
        r.loans.exportBatch(filter, actor.scope, before, batch),
      );
      yield* rows;
      const last = rows[rows.length - 1];
      if (rows.length < batch || last === undefined) return;
      before = last.loanId;
    }
  }

  getLoan(loanId: number, actor: FundActor): R<Loan> {
    return this.uow.transaction((r) => visibleLoan(r, loanId, actor));
  }

  /**
   * Applies for a loan for a team (or for the team of a task: addTaskLoan). The amount must fit in
   * what the team may borrow; the loan is a draft until sent into approval (`submit`).
   */
  addLoan(
    input: LoanInput,
    actor: FundActor,
    submit = false,
    /** 发起审批's key, claimed in the loan's own transaction (the screen's route claims its own). */
    idem?: WriteIdempotency,
  ): R<Loan> {
    const amount = parseMovementAmount(input.loanAmount, 'loanAmount');
    if (!amount.ok) return Promise.resolve(amount);
    const date = checkDate(input.refundDate, 'refundDate');
    if (!date.ok) return Promise.resolve(date);
    const reason = checkText(input.reason, 'reason');
    if (!reason.ok) return Promise.resolve(reason);
    const team = loanTeamProblem(input);
    if (team !== null) return Promise.resolve(err(team));
    const at = this.clock.now();
    return runWrite(
      this.uow,
      () => at,
      async (r) => {
        let deptId = input.loanDeptId;
        let contractId = input.contractId ?? null;
        const taskId = input.taskId ?? null;
        if (taskId !== null) {
          const t = await r.directory.task(taskId);
          if (t === null) return fail(C.taskNotFound, M.taskNotFound, 'taskId');
          if (t.deptId === null) return fail(C.deptNotFound, M.deptNotFound, 'loanDeptId');
          if (deptId !== undefined && deptId !== t.deptId)
            return fail(C.taskNotOfTeam, M.taskNotOfTeam, 'taskId');
          deptId = t.deptId;
          contractId = t.contractId;
        }
        if (deptId === undefined || (await r.directory.deptName(deptId)) === null)
          return fail(C.deptNotFound, M.deptNotFound, 'loanDeptId');
        if (contractId !== null && (await r.directory.contract(contractId)) === null)
          return fail(C.contractNotFound, M.contractNotFound, 'contractId');
        // A caller who sees only their own records applies for their own department's team only.
        const mayApply =
          actor.scope.kind === 'own'
            ? deptId === actor.deptId
            : await r.directory.visible(actor.scope, deptId, actor.userId);
        if (!mayApply) return fail(C.outOfScope, M.outOfScope, 'loanDeptId');
        const pos = await teamPosition(r, deptId);
        const limited = checkLoanLimit(amount.value, pos);
        if (!limited.ok) return limited;
        const loanId = await r.loans.insert({
          loanDeptId: deptId,
          contractId,
          taskId,
          loanAmount: amount.value,
          refundDate: date.value,
          reason: reason.value,
          totalShouldReceAmt: pos.totalShouldReceAmt,
          totalReceiveAmt: pos.totalReceiveAmt,
          totalAllotConfirmAmt: pos.totalAllotConfirmAmt,
          userId: actor.userId,
          createBy: actor.userName,
          at,
        });
        if (submit) {
          const sent = await this.sendLoan(r, loanId, actor, at);
          if (!sent.ok) throw new Rollback(sent.error);
        }
        return visibleLoan(r, loanId, actor);
      },
      idem,
    ).catch(rollbackAsResult);
  }

  /**
   * Changes a loan before it is sent or after it was turned down (modifyReadyMoney changes only
   * the amount). The changed amount must still fit in what the team may borrow.
   */
  modifyLoan(
    input: Partial<LoanInput> & { loanId: number; version?: number },
    actor: FundActor,
    /** 修改 (the form) or 改金额 (the amount alone): the loan rule the route was offered by. */
    action: 'edit' | 'amount' = 'edit',
  ): R<Loan> {
    const amount =
      input.loanAmount === undefined
        ? ok(undefined)
        : parseMovementAmount(input.loanAmount, 'loanAmount');
    if (!amount.ok) return Promise.resolve(amount);
    const date =
      input.refundDate === undefined ? ok(undefined) : checkDate(input.refundDate, 'refundDate');
    if (!date.ok) return Promise.resolve(date);
    const reason = input.reason === undefined ? ok(undefined) : checkText(input.reason, 'reason');
    if (!reason.ok) return Promise.resolve(reason);
    const at = this.clock.now();
    return this.uow.transaction(async (r) => {
      const found = await visibleLoan(r, input.loanId, actor, true);
      if (!found.ok) return found;
      const l = found.value;
      if (input.version !== undefined && input.version !== l.version)
        return fail(C.staleVersion, M.staleVersion);
      const open = loanStateCheck(action, l.status);
      if (!open.ok) return open;
      if (amount.value !== undefined) {
        const pos = await teamPosition(r, l.loanDeptId, l.loanId);
        const limited = checkLoanLimit(amount.value, pos);
        if (!limited.ok) return limited;
      }
      await r.loans.update(
        l.loanId,
        {
          ...(amount.value === undefined ? {} : { loanAmount: amount.value }),
          ...(date.value === undefined ? {} : { refundDate: date.value }),
          ...(reason.value === undefined ? {} : { reason: reason.value }),
        },
        at,
      );
      return visibleLoan(r, l.loanId, actor);
    });
  }

  deleteLoan(loanId: number, actor: FundActor): R<void> {
    const at = this.clock.now();
    return this.uow.transaction(async (r) => {
      const found = await visibleLoan(r, loanId, actor, true);
      if (!found.ok) return found;
      const open = loanStateCheck('remove', found.value.status);
      if (!open.ok) return open;
      await r.loans.remove(loanId, at);
      return ok(undefined);
    });
  }

  /** Sends a draft or turned-down loan into approval as a loan agreement (10_1). */
  submitLoan(loanId: number, actor: FundActor): R<Loan> {
    const at = this.clock.now();
    return this.uow
      .transaction(async (r) => {
        const sent = await this.sendLoan(r, loanId, actor, at);
        if (!sent.ok) throw new Rollback(sent.error);
        return visibleLoan(r, loanId, actor);
      })
      .catch(rollbackAsResult);
  }

  private async sendLoan(r: FundRepositories, loanId: number, actor: FundActor, at: Date): R<void> {
    const found = await visibleLoan(r, loanId, actor, true);
    if (!found.ok) return found;
    const l = found.value;
    const open = loanStateCheck('submit', l.status);
    if (!open.ok) return open;
    // Checked again under the team's lock: two loans sent at once cannot both use the same room.
    const pos = await teamPosition(r, l.loanDeptId, l.loanId);
    const limited = checkLoanLimit(l.loanAmount, pos);
    if (!limited.ok) return limited;
    const sent = await r.approvals.submit({
      kind: 'Common',
      typeCode: LOAN_TYPE_CODE,
      recordKind: LOAN_RECORD_KIND,
      title: `借款协议-${l.loanDeptName}-${l.loanAmount}万元`,
      content: loanApprovalContent(l),
      recordId: String(l.loanId),
      drafterId: actor.userId,
      drafterDeptId: actor.deptId,
      idempotencyScope: 'fund.submitLoan',
    });
    if (!sent.ok) return sent;
    await r.loans.update(
      l.loanId,
      {
        status: sent.value.status === 1 ? 2 : 1,
        approvalId: sent.value.approvalId,
        totalShouldReceAmt: pos.totalShouldReceAmt,
        totalReceiveAmt: pos.totalReceiveAmt,
        totalAllotConfirmAmt: pos.totalAllotConfirmAmt,
      },
      at,
    );
    return ok(undefined);
  }

  // ---- repayments ------------------------------------------------------------------------------

  listRepayments(q: RepaymentListQuery, actor: FundActor): Promise<ListPage<Repayment>> {
    return this.uow.transaction((r) => r.repayments.list(q, actor.scope));
  }

  /** The export's rows, page by page (each page its own read), so none sits whole in memory. */
  async *exportRepayments(
    filter: RepaymentListFilter,
    actor: FundActor,
    batch = 1000,
  ): AsyncGenerator<Repayment> {
    let before = 2_147_483_647;
    for (;;) {
      const rows = await this.uow.transaction((r) =>
        r.repayments.exportBatch(filter, actor.scope, before, batch),
      );
      yield* rows;
      const last = rows[rows.length - 1];
      if (rows.length < batch || last === undefined) return;
      before = last.repaymentId;
    }
  }

  getRepayment(repaymentId: number, actor: FundActor): R<Repayment> {
    return this.uow.transaction(async (r) => {
      const p = await r.repayments.get(repaymentId);
      if (p === null) return fail(C.repaymentNotFound, M.repaymentNotFound, 'repaymentId');
      if (!(await r.directory.visible(actor.scope, p.loanDeptId, p.userId)))
        return fail(C.outOfScope, M.outOfScope, 'repaymentId');
      return ok(p);
    });
  }

  /** Repays an approved loan; never more than is still owed on it. */
  repay(input: RepaymentInput, actor: FundActor): R<Repayment> {
    const amount = parseMovementAmount(input.repaymentAmount, 'repaymentAmount');
    if (!amount.ok) return Promise.resolve(amount);
    const date = checkDate(input.repaymentDate, 'repaymentDate');
    if (!date.ok) return Promise.resolve(date);
    const remark = checkText(input.remark, 'remark');
    if (!remark.ok) return Promise.resolve(remark);
    const at = this.clock.now();
    return this.uow.transaction(async (r) => {
      const found = await visibleLoan(r, input.loanId, actor, true);
      if (!found.ok) return found;
      const l = found.value;
      if (l.status !== 2) return fail(C.loanNotApproved, M.loanNotApproved, 'loanId');
      let repaymentId = 0;
      const moved = await moveBalances(r.ledger, {
        accounts: [loanAccount(l.loanId), teamLoanAccount(l.loanDeptId)],
        movement: {
          kind: 'repayment',
          loanId: l.loanId,
          deptId: l.loanDeptId,
          ...(l.contractId === null ? {} : { contractId: l.contractId }),
          taskId: l.taskId,
          createBy: actor.userName,
          at,
        },
        plan: (locked) =>
          repaymentPostings(
            l.loanId,
            l.loanDeptId,
            locked.get(`loan:${String(l.loanId)}`) ?? '0',
            amount.value,
          ),
        record: async () => {
          repaymentId = await r.repayments.insert({
            loanId: l.loanId,
            repaymentAmount: amount.value,
            repaymentDate: date.value,
            remark: remark.value,
            userId: actor.userId,
            createBy: actor.userName,
            at,
          });
          return { repaymentId };
        },
      });
      if (!moved.ok) return moved;
      await r.loans.addRepaid(l.loanId, amount.value);
      const p = await r.repayments.get(repaymentId);
      if (p === null) throw new Error('repayment vanished');
      return ok(p);
    });
  }
}

/**
 * The loan agreement's approval ended: approved, the loan takes effect (its ledger entry, under the
 * team's lock, with the limit checked once more); turned down or withdrawn, it goes back to the
 * drafter to change or delete. Runs in the approval's transaction.
 */
export async function moveLoanOnApproval(
  repos: FundRepositories,
  event: Pick<ApprovalEndedEvent, 'approvalId' | 'recordId' | 'status' | 'at'>,
): Promise<Result<void, DomainError>> {
  const loan = await repos.loans.get(Number(event.recordId), true);
  if (loan === null || loan.approvalId !== event.approvalId || loan.status !== 1)
    return ok(undefined);
  if (event.status !== 1) {
    await repos.loans.update(loan.loanId, { status: 3 }, event.at);
    return ok(undefined);
  }
  const accounts = sortAccounts([
    loanAccount(loan.loanId),
    teamLoanAccount(loan.loanDeptId),
    teamReceivedAccount(loan.loanDeptId),
  ]);
  await repos.ledger.lock(accounts);
  const pos = await teamPosition(repos, loan.loanDeptId, loan.loanId);
  const limited = checkLoanLimit(loan.loanAmount, pos);
  if (!limited.ok) return limited;
  const moved = await moveBalances(repos.ledger, {
    accounts,
    movement: {
      kind: 'loan.approve',
      loanId: loan.loanId,
      deptId: loan.loanDeptId,
      ...(loan.contractId === null ? {} : { contractId: loan.contractId }),
      taskId: loan.taskId,
      createBy: loan.createBy,
      at: event.at,
    },
    plan: () => ok(approveLoanPostings(loan.loanId, loan.loanDeptId, loan.loanAmount)),
  });
  if (!moved.ok) return moved;
  await repos.loans.update(loan.loanId, { status: 2, approvedTime: event.at }, event.at);
  return ok(undefined);
}

/** The loan agreement's approval content: what the approvers read. */
export function loanApprovalContent(l: Loan): TemplateContent {
  const e = (label: string, value: string): ContentEntry => ({ label, value, type: 'input' });
  return {
    loanDeptName: e('借款部门', l.loanDeptName),
    loanAmount: e('借款金额（万元）', l.loanAmount),
    refundDate: e('还款日期', l.refundDate),
    reason: e('借款事由', l.reason),
    totalShouldReceAmt: e('应收合计（万元）', l.totalShouldReceAmt),
    totalReceiveAmt: e('已收合计（万元）', l.totalReceiveAmt),
    totalAllotConfirmAmt: e('分配确认合计（万元）', l.totalAllotConfirmAmt),
  };
}

export const sumAmounts = (values: readonly string[]): string =>
  toAmountString(values.reduce((s, v) => s.plus(d(v)), d('0')));
