import type { ApprovalEndedEvent } from '../approval/approval.repository.port.js';
import type { ContentEntry, TemplateContent } from '../approval/template.js';
import { toAmountString } from '../money/amount.js';
import { MoneyDecimal } from '../money/money-decimal.js';
import type { ListPage } from '../platform/list-query.js';
import type { UnitOfWork } from '../platform/unit-of-work.port.js';
import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';
import {
  applyPostings,
  parseMovementAmount,
  sortAccounts,
  type FundAccount,
  type Posting,
} from './fund-ledger.js';
import { checkFundDate, checkFundText, loanTeamProblem } from './fund-input.js';
import { FUND_ERROR_CODES as C, FUND_MESSAGES as M } from './fund-messages.js';
import { loanStateCheck } from './loan-actions.js';
import {
  adjustBackMoney,
  allotPostings,
  approveLoanPostings,
  backMoneyAccount,
  borrowable,
  checkLoanLimit,
  deleteBackMoney,
  loanAccount,
  recordBackMoneyPostings,
  repaymentPostings,
  teamLoanAccount,
  teamReceivedAccount,
} from './fund-rules.js';
import type {
  BackMoney,
  BackMoneyAllotment,
  LedgerEntry,
  Loan,
  Repayment,
  TeamPosition,
} from './fund.js';
import type {
  BackMoneyListFilter,
  BackMoneyListQuery,
  BackMoneyTaskRow,
  FundActor,
  FundLedgerPort,
  FundRepositories,
  LedgerMismatch,
  LoanListFilter,
  LoanListQuery,
  NewMovement,
  RepaymentListFilter,
  RepaymentListQuery,
} from './fund.repository.port.js';

/** The record kind the loan agreement's approvals carry. */
export const LOAN_RECORD_KIND = 'fund.loan';
/** The loan agreement (000 §3). */
export const LOAN_TYPE_CODE = '10_1';

export interface FundClock {
  now(): Date;
}

type R<T> = Promise<Result<T>>;
const fail = (code: string, message: string, field?: string) =>
  err(domainError(code, message, field));
const d = (v: string) => new MoneyDecimal(v);

const checkDate = (raw: string | undefined, field: string) => checkFundDate(raw, field);
const checkText = (raw: string | undefined, field: string) => checkFundText(raw, field);

export interface BackMoneyInput {
  readonly contractId: number;
  readonly backAmount?: unknown;
  readonly backDate?: string;
  readonly remark?: string;
}
export interface AllotInput {
  readonly deptId: number;
  readonly taskId?: number | null;
  readonly allotAmount?: unknown;
  readonly remark?: string;
}
export interface LoanInput {
  readonly loanDeptId?: number;
  readonly contractId?: number | null;
  readonly taskId?: number | null;
  readonly loanAmount?: unknown;
  readonly refundDate?: string;
  readonly reason?: string;
}
export interface RepaymentInput {
  readonly loanId: number;
  readonly repaymentAmount?: unknown;
  readonly repaymentDate?: string;
  readonly remark?: string;
}

/**
 * The one way money moves: locks the movement's balances in (kind, id) order, plans its postings
 * against what it locked, refuses (changing nothing) a balance that would go below zero, then
 * appends the ledger lines and writes the new balances. `record`, when given, runs after the check
 * and before the lines are posted: it writes the row the lines name (an allotment, a repayment)
 * and returns its id for the movement.
 */
export async function moveBalances(
  ledger: FundLedgerPort,
  move: {
    readonly accounts: readonly FundAccount[];
    readonly movement: NewMovement;
    readonly plan: (balances: ReadonlyMap<string, string>) => Result<readonly Posting[]>;
    readonly record?: () => Promise<Pick<NewMovement, 'allotId' | 'repaymentId'>>;
  },
): R<void> {
  const balances = await ledger.lock(sortAccounts(move.accounts));
  const planned = move.plan(balances);
  if (!planned.ok) return planned;
  if (planned.value.length === 0) return ok(undefined);
  const next = applyPostings(balances, planned.value);
  if (!next.ok) return next;
  const ids = move.record === undefined ? {} : await move.record();
  await ledger.post({ ...move.movement, ...ids }, planned.value, next.value);
  return ok(undefined);
}

async function teamPosition(
  r: FundRepositories,
  deptId: number,
  exceptLoanId?: number,
): Promise<TeamPosition> {
  const owed = await r.directory.teamOwed(deptId);
  const balances = await r.ledger.lock([teamLoanAccount(deptId), teamReceivedAccount(deptId)]);
  const limit = {
    totalShouldReceAmt: owed.totalShouldReceAmt,
    totalReceiveAmt: balances.get(`teamReceived:${String(deptId)}`) ?? '0',
    outstandingLoanAmt: balances.get(`teamLoan:${String(deptId)}`) ?? '0',
    pendingLoanAmt: await r.directory.pendingLoans(deptId, exceptLoanId),
  };
  return {
    deptId,
    ...limit,
    totalAllotConfirmAmt: owed.totalAllotConfirmAmt,
    borrowableAmt: borrowable(limit),
  };
}

/**
 * Back money, its allotment to design teams, loans and repayments (001 §3, §7). Every movement is
 * one transaction: it locks the balances it touches (in one order), applies the rule, appends its
 * ledger lines and writes the new balances, so a balance is always the sum of its ledger and never
 * below zero, even with two servers on one database.
 */
export class FundService {
  constructor(
    private readonly uow: UnitOfWork<FundRepositories>,
    private readonly clock: FundClock,
  ) {}

  // ---- movements -------------------------------------------------------------------------------

  /** Locks, applies and posts one movement; refuses (changing nothing) a negative balance. */
  private static move(
    repos: FundRepositories,
    accounts: readonly FundAccount[],
    movement: NewMovement,
    plan: (balances: ReadonlyMap<string, string>) => Result<Posting[]>,
  ): R<void> {
    return moveBalances(repos.ledger, { accounts, movement, plan });
  }

  private static async visibleContract(
    repos: FundRepositories,
    contractId: number,
    actor: FundActor,
  ) {
    const c = await repos.directory.contract(contractId);
    if (c === null) return fail(C.contractNotFound, M.contractNotFound, 'contractId');
    if (!(await repos.directory.visible(actor.scope, c.deptId, c.userId)))
      return fail(C.outOfScope, M.outOfScope, 'contractId');
    return ok(c);
  }

  private static async visibleBackMoney(
    repos: FundRepositories,
    backMoneyId: number,
    actor: FundActor,
  ): R<BackMoney> {
    const b = await repos.backMoney.get(backMoneyId);
    if (b === null) return fail(C.backMoneyNotFound, M.backMoneyNotFound, 'backMoneyId');
    if (!(await repos.directory.visible(actor.scope, b.deptId, b.userId)))
      return fail(C.outOfScope, M.outOfScope, 'backMoneyId');
    return ok(b);
  }

  private static async visibleLoan(
    repos: FundRepositories,
    loanId: number,
    actor: FundActor,
    forUpdate = false,
  ): R<Loan> {
    const l = await repos.loans.get(loanId, forUpdate);
    if (l === null) return fail(C.loanNotFound, M.loanNotFound, 'loanId');
    if (!(await repos.directory.visible(actor.scope, l.loanDeptId, l.userId)))
      return fail(C.outOfScope, M.outOfScope, 'loanId');
    return ok(l);
  }

  // ---- back money ------------------------------------------------------------------------------

  listBackMoney(q: BackMoneyListQuery, actor: FundActor): Promise<ListPage<BackMoney>> {
    return this.uow.transaction((r) => r.backMoney.list(q, actor.scope));
  }

  /** The export's rows, page by page (each page its own read), so none sits whole in memory. */
  async *exportBackMoney(
    filter: BackMoneyListFilter,
    actor: FundActor,
    batch = 1000,
  ): AsyncGenerator<BackMoney> {
    let before = 2_147_483_647;
    for (;;) {
      const rows = await this.uow.transaction((r) =>
        r.backMoney.exportBatch(filter, actor.scope, before, batch),
      );
      yield* rows;
      const last = rows[rows.length - 1];
      if (rows.length < batch || last === undefined) return;
      before = last.backMoneyId;
    }
  }

  getBackMoney(backMoneyId: number, actor: FundActor): R<BackMoney> {
    return this.uow.transaction((r) => FundService.visibleBackMoney(r, backMoneyId, actor));
  }

  addBackMoney(input: BackMoneyInput, actor: FundActor): R<BackMoney> {
    const amount = parseMovementAmount(input.backAmount, 'backAmount');
    if (!amount.ok) return Promise.resolve(amount);
    const date = checkDate(input.backDate, 'backDate');
    if (!date.ok) return Promise.resolve(date);
    const remark = checkText(input.remark, 'remark');
    if (!remark.ok) return Promise.resolve(remark);
    const at = this.clock.now();
    return this.uow.transaction(async (r) => {
      const c = await FundService.visibleContract(r, input.contractId, actor);
      if (!c.ok) return c;
      const id = await r.backMoney.insert({
        contractId: c.value.contractId,
        backAmount: amount.value,
        backDate: date.value,
        remark: remark.value,
        createBy: actor.userName,
        at,
      });
      const moved = await FundService.move(
        r,
        [backMoneyAccount(id)],
        {
          kind: 'backMoney.record',
          backMoneyId: id,
          contractId: c.value.contractId,
          createBy: actor.userName,
          at,
        },
        () => ok(recordBackMoneyPostings(id, amount.value)),
      );
      if (!moved.ok) throw new Error(moved.error.message);
      return FundService.visibleBackMoney(r, id, actor);
    });
  }

  modifyBackMoney(
    input: BackMoneyInput & { backMoneyId: number; version?: number },
    actor: FundActor,
  ): R<BackMoney> {
    const amount = parseMovementAmount(input.backAmount, 'backAmount');
    if (!amount.ok) return Promise.resolve(amount);
    const date = checkDate(input.backDate, 'backDate');
    if (!date.ok) return Promise.resolve(date);
    const remark = checkText(input.remark, 'remark');
    if (!remark.ok) return Promise.resolve(remark);
    const at = this.clock.now();
    return this.uow
      .transaction(async (r) => {
        const found = await FundService.visibleBackMoney(r, input.backMoneyId, actor);
        if (!found.ok) return found;
        const b = found.value;
        const moved = await FundService.move(
          r,
          [backMoneyAccount(b.backMoneyId)],
          {
            kind: 'backMoney.adjust',
            backMoneyId: b.backMoneyId,
            contractId: b.contractId,
            createBy: actor.userName,
            at,
          },
          (balances) =>
            adjustBackMoney(
              b.backMoneyId,
              b.backAmount,
              amount.value,
              balances.get(`backMoney:${String(b.backMoneyId)}`) ?? '0',
            ),
        );
        if (!moved.ok) return moved;
        const updated = await r.backMoney.update(
          b.backMoneyId,
          input.version ?? b.version,
          { backAmount: amount.value, backDate: date.value, remark: remark.value },
          at,
        );
        if (!updated) throw new StaleVersion();
        return FundService.visibleBackMoney(r, b.backMoneyId, actor);
      })
      .catch(staleAsResult);
  }

  deleteBackMoney(backMoneyId: number, actor: FundActor): R<void> {
    const at = this.clock.now();
    return this.uow.transaction(async (r) => {
      const found = await FundService.visibleBackMoney(r, backMoneyId, actor);
      if (!found.ok) return found;
      const b = found.value;
      const moved = await FundService.move(
        r,
        [backMoneyAccount(backMoneyId)],
        {
          kind: 'backMoney.delete',
          backMoneyId,
          contractId: b.contractId,
          createBy: actor.userName,
          at,
        },
        (balances) =>
          deleteBackMoney(
            backMoneyId,
            b.backAmount,
            balances.get(`backMoney:${String(backMoneyId)}`) ?? '0',
          ),
      );
      if (!moved.ok) return moved;
      await r.backMoney.remove(backMoneyId, at);
      return ok(undefined);
    });
  }

  /**
   * Allots back money to design teams (V1: one line; V2: several in one call). The lines together
   * may not exceed what is left; a task, when named, must be of that team and that contract.
   */
  allot(
    backMoneyId: number,
    lines: readonly AllotInput[],
    version: 1 | 2,
    actor: FundActor,
  ): R<readonly BackMoneyAllotment[]> {
    const parsed: { deptId: number; taskId: number | null; allotAmount: string; remark: string }[] =
      [];
    for (const l of lines) {
      const a = parseMovementAmount(l.allotAmount, 'allotAmount');
      if (!a.ok) return Promise.resolve(a);
      const remark = checkText(l.remark, 'remark');
      if (!remark.ok) return Promise.resolve(remark);
      parsed.push({
        deptId: l.deptId,
        taskId: l.taskId ?? null,
        allotAmount: a.value,
        remark: remark.value,
      });
    }
    const at = this.clock.now();
    return this.uow.transaction(async (r) => {
      const found = await FundService.visibleBackMoney(r, backMoneyId, actor);
      if (!found.ok) return found;
      const b = found.value;
      for (const l of parsed) {
        if ((await r.directory.deptName(l.deptId)) === null)
          return fail(C.deptNotFound, M.deptNotFound, 'deptId');
        if (l.taskId !== null) {
          const t = await r.directory.task(l.taskId);
          if (t === null) return fail(C.taskNotFound, M.taskNotFound, 'taskId');
          if (t.deptId !== l.deptId || t.contractId !== b.contractId)
            return fail(C.taskNotOfTeam, M.taskNotOfTeam, 'taskId');
        }
      }
      const accounts = [
        backMoneyAccount(backMoneyId),
        ...parsed.map((l) => teamReceivedAccount(l.deptId)),
      ];
      // The whole call is checked first (the lines together may not exceed what is left), then
      // each line moves as its own movement naming its allotment.
      const balances = await r.ledger.lock(sortAccounts(accounts));
      const planned = allotPostings(
        backMoneyId,
        balances.get(`backMoney:${String(backMoneyId)}`) ?? '0',
        parsed,
      );
      if (!planned.ok) return planned;
      const next = applyPostings(balances, planned.value);
      if (!next.ok) return next;
      for (const l of parsed) {
        const line = await moveBalances(r.ledger, {
          accounts: [backMoneyAccount(backMoneyId), teamReceivedAccount(l.deptId)],
          movement: {
            kind: 'allot',
            backMoneyId,
            deptId: l.deptId,
            contractId: b.contractId,
            taskId: l.taskId,
            createBy: actor.userName,
            at,
          },
          plan: (locked) =>
            allotPostings(backMoneyId, locked.get(`backMoney:${String(backMoneyId)}`) ?? '0', [l]),
          record: async () => ({
            allotId: await r.backMoney.insertAllotment({
              backMoneyId,
              contractId: b.contractId,
              deptId: l.deptId,
              taskId: l.taskId,
              allotAmount: l.allotAmount,
              remark: l.remark,
              allotVersion: version,
              createBy: actor.userName,
              at,
            }),
          }),
        });
        if (!line.ok) return line;
      }
      return ok(await r.backMoney.allotments(backMoneyId));
    });
  }

  allotments(backMoneyId: number, actor: FundActor): R<readonly BackMoneyAllotment[]> {
    return this.uow.transaction(async (r) => {
      const found = await FundService.visibleBackMoney(r, backMoneyId, actor);
      if (!found.ok) return found;
      return ok(await r.backMoney.allotments(backMoneyId));
    });
  }

  backMoneyHistory(backMoneyId: number, actor: FundActor): R<readonly LedgerEntry[]> {
    return this.uow.transaction(async (r) => {
      const found = await FundService.visibleBackMoney(r, backMoneyId, actor);
      if (!found.ok) return found;
      return ok(await r.ledger.entries({ backMoneyId }));
    });
  }

  backMoneyTasks(backMoneyId: number, actor: FundActor): R<readonly BackMoneyTaskRow[]> {
    return this.uow.transaction(async (r) => {
      const found = await FundService.visibleBackMoney(r, backMoneyId, actor);
      if (!found.ok) return found;
      return ok(await r.directory.contractTasks(found.value.contractId));
    });
  }

  // ---- teams -----------------------------------------------------------------------------------

  /** What a team (by department, or by one of its tasks) is owed, has had, owes and may borrow. */
  teamPosition(query: { deptId?: number; taskId?: number }, actor: FundActor): R<TeamPosition> {
    return this.uow.transaction(async (r) => {
      let deptId = query.deptId;
      if (query.taskId !== undefined) {
        const t = await r.directory.task(query.taskId);
        if (t?.deptId == null) return fail(C.taskNotFound, M.taskNotFound, 'taskId');
        deptId = t.deptId;
      }
      if (deptId === undefined || (await r.directory.deptName(deptId)) === null)
        return fail(C.deptNotFound, M.deptNotFound, 'deptId');
      // A caller who sees only their own records sees the team they may borrow for: their own.
      const mayRead =
        actor.scope.kind === 'own'
          ? deptId === actor.deptId
          : await r.directory.visible(actor.scope, deptId, -1);
      if (!mayRead) return fail(C.outOfScope, M.outOfScope, 'deptId');
      return ok(await teamPosition(r, deptId));
    });
  }

  /** The ledger lines of one task: allotments to it, its loans and their repayments. */
  taskTransactions(taskId: number, actor: FundActor): R<readonly LedgerEntry[]> {
    return this.uow.transaction(async (r) => {
      const t = await r.directory.task(taskId);
      if (t === null) return fail(C.taskNotFound, M.taskNotFound, 'taskId');
      if (!(await r.directory.visible(actor.scope, t.deptId, -1)))
        return fail(C.outOfScope, M.outOfScope, 'taskId');
      return ok(await r.ledger.entries({ taskId }));
    });
  }

  reconcile(): Promise<readonly LedgerMismatch[]> {
    return this.uow.transaction((r) => r.ledger.reconcile());
  }

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
    return this.uow.transaction((r) => FundService.visibleLoan(r, loanId, actor));
  }

  /**
   * Applies for a loan for a team (or for the team of a task: addTaskLoan). The amount must fit in
   * what the team may borrow; the loan is a draft until sent into approval (`submit`).
   */
  addLoan(input: LoanInput, actor: FundActor, submit = false): R<Loan> {
    const amount = parseMovementAmount(input.loanAmount, 'loanAmount');
    if (!amount.ok) return Promise.resolve(amount);
    const date = checkDate(input.refundDate, 'refundDate');
    if (!date.ok) return Promise.resolve(date);
    const reason = checkText(input.reason, 'reason');
    if (!reason.ok) return Promise.resolve(reason);
    const team = loanTeamProblem(input);
    if (team !== null) return Promise.resolve(err(team));
    const at = this.clock.now();
    return this.uow
      .transaction(async (r) => {
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
        return FundService.visibleLoan(r, loanId, actor);
      })
      .catch(rollbackAsResult);
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
      const found = await FundService.visibleLoan(r, input.loanId, actor, true);
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
      return FundService.visibleLoan(r, l.loanId, actor);
    });
  }

  deleteLoan(loanId: number, actor: FundActor): R<void> {
    const at = this.clock.now();
    return this.uow.transaction(async (r) => {
      const found = await FundService.visibleLoan(r, loanId, actor, true);
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
        return FundService.visibleLoan(r, loanId, actor);
      })
      .catch(rollbackAsResult);
  }

  private async sendLoan(r: FundRepositories, loanId: number, actor: FundActor, at: Date): R<void> {
    const found = await FundService.visibleLoan(r, loanId, actor, true);
    if (!found.ok) return found;
    const l = found.value;
    const open = loanStateCheck('submit', l.status);
    if (!open.ok) return open;
    // Checked again under the team's lock: two loans sent at once cannot both use the same room.
    const pos = await teamPosition(r, l.loanDeptId, l.loanId);
    const limited = checkLoanLimit(l.loanAmount, pos);
    if (!limited.ok) return limited;
    const sent = await r.approvals.submitLoan({
      title: `借款协议-${l.loanDeptName}-${l.loanAmount}万元`,
      content: loanApprovalContent(l),
      recordId: String(l.loanId),
      drafterId: actor.userId,
      drafterDeptId: actor.deptId,
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
      const found = await FundService.visibleLoan(r, input.loanId, actor, true);
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

class StaleVersion extends Error {}
function staleAsResult(e: unknown): Result<never> {
  if (e instanceof StaleVersion) return fail(C.staleVersion, M.staleVersion);
  throw e;
}
class Rollback extends Error {
  constructor(readonly error: DomainError) {
    super(error.message);
  }
}
function rollbackAsResult(e: unknown): Result<never> {
  if (e instanceof Rollback) return err(e.error);
  throw e;
}

export const sumAmounts = (values: readonly string[]): string =>
  toAmountString(values.reduce((s, v) => s.plus(d(v)), d('0')));
