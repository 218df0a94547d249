/*
 * What the fund service's parts share: the one way money moves (`moveBalances`), a team's
 * position, the visibility checks of the records a movement names, and the service's inputs.
 * FundBackMoneyService (back money, allotments, teams) and FundService (loans, repayments) build
 * on it; FundService is the whole service.
 */
import { MoneyDecimal } from '../money/money-decimal.js';
import type { UnitOfWork } from '../platform/unit-of-work.port.js';
import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';
import { applyPostings, sortAccounts, type FundAccount, type Posting } from './fund-ledger.js';
import { checkFundDate, checkFundText } from './fund-input.js';
import { FUND_ERROR_CODES as C, FUND_MESSAGES as M } from './fund-messages.js';
import { borrowable, teamLoanAccount, teamReceivedAccount } from './fund-rules.js';
import type { BackMoney, Loan, TeamPosition } from './fund.js';
import type {
  FundActor,
  FundLedgerPort,
  FundRepositories,
  NewMovement,
} from './fund.repository.port.js';

/** The record kind the loan agreement's approvals carry. */
export const LOAN_RECORD_KIND = 'fund.loan';
/** The loan agreement (000 §3). */
export const LOAN_TYPE_CODE = '10_1';

export interface FundClock {
  now(): Date;
}

export type R<T> = Promise<Result<T>>;
export const fail = (code: string, message: string, field?: string) =>
  err(domainError(code, message, field));
export const d = (v: string) => new MoneyDecimal(v);

export const checkDate = (raw: string | undefined, field: string) => checkFundDate(raw, field);
export const checkText = (raw: string | undefined, field: string) => checkFundText(raw, field);

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

/** What a team is owed, has had and owes, under its balances' lock; its room to borrow. */
export async function teamPosition(
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

/** Locks, applies and posts one movement; refuses (changing nothing) a negative balance. */
export function move(
  repos: FundRepositories,
  accounts: readonly FundAccount[],
  movement: NewMovement,
  plan: (balances: ReadonlyMap<string, string>) => Result<Posting[]>,
): R<void> {
  return moveBalances(repos.ledger, { accounts, movement, plan });
}

export async function visibleContract(
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

export async function visibleBackMoney(
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

export async function visibleLoan(
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

export class StaleVersion extends Error {}
export function staleAsResult(e: unknown): Result<never> {
  if (e instanceof StaleVersion) return fail(C.staleVersion, M.staleVersion);
  throw e;
}
export class Rollback extends Error {
  constructor(readonly error: DomainError) {
    super(error.message);
  }
}
export function rollbackAsResult(e: unknown): Result<never> {
  if (e instanceof Rollback) return err(e.error);
  throw e;
}

/** What every part of the fund service holds: its unit of work and its clock. */
export abstract class FundServiceBase {
  constructor(
    protected readonly uow: UnitOfWork<FundRepositories>,
    protected readonly clock: FundClock,
  ) {}
}
