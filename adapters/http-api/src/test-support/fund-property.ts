import fc from 'fast-check';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { MoneyDecimal } from '@dpms/core';
import type { Reply, TwoServers } from '../integration/two-servers.js';

/**
 * The pieces the fund ledger property tests (fund, fund-pay, money-invariants) share: amounts,
 * back money and allotment steps, the payment plan they pay against, the ledger invariant.
 */

type Servers = Pick<TwoServers<'caiwu', Record<string, unknown>>, 'call' | 'sendBoth' | 'db'>;

/** Amounts in whole 分 written as 万元 with up to 6 decimals, never through a float. */
export function wanAmountArb(maxFen: number): fc.Arbitrary<string> {
  return fc
    .integer({ min: 1, max: maxFen })
    .map((fen) => new MoneyDecimal(fen).div(1_000_000).toFixed());
}

export interface BackStep {
  readonly t: 'back';
  readonly amount: string;
  readonly instance: 0 | 1;
}
export interface AllotStep {
  readonly t: 'allot';
  readonly back: number;
  readonly team: number;
  readonly amount: string;
  readonly both: boolean;
}

export function backStepArb(amount: fc.Arbitrary<string>): fc.Arbitrary<BackStep> {
  return fc.record({
    t: fc.constant('back' as const),
    amount,
    instance: fc.constantFrom<0 | 1>(0, 1),
  });
}

export function allotStepArb(
  amount: fc.Arbitrary<string>,
  teams: readonly number[],
): fc.Arbitrary<AllotStep> {
  return fc.record({
    t: fc.constant('allot' as const),
    back: fc.nat(7),
    team: fc.constantFrom(...teams),
    amount,
    both: fc.boolean(),
  });
}

/**
 * caiwu enters back money (its id joins `backs`) or allots one of `backs` to a team, once or on
 * both processes at once; undefined when there is no back money to allot yet.
 */
export async function backOrAllot(
  two: Servers,
  contractId: number,
  backs: number[],
  step: BackStep | AllotStep,
): Promise<Reply[] | undefined> {
  if (step.t === 'back') {
    const r = await two.call(step.instance, 'caiwu', '/project/backMoney/insert', {
      contractId,
      backAmount: step.amount,
      backDate: '2026-06-01',
    });
    const id = r.body.data?.['backMoneyId'];
    if (typeof id === 'number') backs.push(id);
    return [r];
  }
  const back = backs[step.back % Math.max(1, backs.length)];
  if (back === undefined) return undefined;
  return two.sendBoth(step.both, 0, (i) =>
    two.call(i, 'caiwu', '/project/backMoney/allotDesign', {
      backMoneyId: back,
      deptId: step.team,
      allotAmount: step.amount,
    }),
  );
}

/** Counts the replies; only the rules may say no (422): never a server error or a deadlock. */
export function tallyRuleReplies(
  replies: readonly Reply[],
  seen: { ok: number; readonly refused: Set<string> },
): void {
  for (const r of replies) {
    if (r.status === 200) seen.ok += 1;
    else {
      expect(r.status, JSON.stringify(r.body)).toBe(422);
      seen.refused.add(String(r.body['errorCode'] ?? r.body['msg']));
    }
  }
}

/** caiwu's monthly payment plan on the contract (room for any payment): its id. */
export async function addPaymentPlan(
  two: Servers,
  contractId: number,
  planMonth: string,
): Promise<number> {
  const plan = await two.call(0, 'caiwu', '/contract/paymentPlan/add', {
    contractId,
    planMonth,
    receiveCompanyName: '性质测试收款单位',
    planPayAmount: '100000',
  });
  expect(plan.status, JSON.stringify(plan.body)).toBe(200);
  return (plan.body.data as { paymentPlanId: number }).paymentPlanId;
}

/** How many ledger balances differ from the sum of their lines or are below zero: must be 0. */
export async function ledgerBalancesOff(db: Servers['db']): Promise<number> {
  const off = await sql<{ n: string }>`
    select count(*) as n from fund_balance b
      left join (select account_kind, account_id, sum(amount) as s from fund_ledger
                  group by account_kind, account_id) l
        on l.account_kind = b.account_kind and l.account_id = b.account_id
     where b.balance <> coalesce(l.s, 0) or b.balance < 0`.execute(db);
  return Number(off.rows[0]?.n);
}
