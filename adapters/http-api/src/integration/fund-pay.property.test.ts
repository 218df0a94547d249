import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { twoServers, type Reply } from './two-servers.js';
import { insertFormalContract } from '../test-support/formal-contract.js';
import {
  addPaymentPlan,
  allotStepArb,
  backOrAllot,
  backStepArb,
  ledgerBalancesOff,
  tallyRuleReplies,
  wanAmountArb,
  type AllotStep,
  type BackStep,
} from '../test-support/fund-property.js';

/**
 * The fund ledger property test (fund.property.test.ts) with payments: random sequences of back
 * money, allotments and fund payments — each entered, sent as a monthly in-plan payment (20_1) and
 * approved, the two approval chains often run at once on the two server processes so two payments
 * race for one contract's back money — against two API server processes on one PostgreSQL database.
 * After each run every balance equals the sum of its ledger lines and none is below zero; every
 * back money record is its allotments, its payments and what is left; a paid payment's balance is
 * its net pay and an unpaid one has none.
 */

const SECRET = 'fund-pay-property-secret-fund-pay-property-0123';
const USERS = ['caiwu', 'yunying', 'zjl'] as const;
type User = (typeof USERS)[number];
/**
 * The 20_1 flow of a payment caiwu drafts (部门负责人 → 运营部 → 财务部): the head of 财务部 and
 * finance would both be caiwu, so separation of duties escalates both to the head above her (the
 * general manager, who leads the institute in the demo) and operations signs between them.
 */
const APPROVERS: readonly User[] = ['zjl', 'yunying', 'zjl'];
const TEAMS = [110, 112] as const;
const MONTH = '2026-07';

const amountArb = wanAmountArb(30_000_000);
const rateArb = fc.constantFrom('0', '0.01', '0.03', '0.06');

type Step =
  | BackStep
  | AllotStep
  | { readonly t: 'pay'; readonly amount: string; readonly rate: string; readonly both: boolean };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  backStepArb(amountArb),
  allotStepArb(amountArb, TEAMS),
  fc.record({
    t: fc.constant('pay' as const),
    amount: amountArb,
    rate: rateArb,
    both: fc.boolean(),
  }),
);

describe.skipIf(!testDatabaseKinds().includes('postgres'))(
  'fund ledger with payments under random concurrent movements on two server processes (PostgreSQL)',
  () => {
    const two = twoServers({
      secret: SECRET,
      users: USERS,
      // The switch stays on (demo config): 建筑一所's plan for the month is approved.
      prepare: async (db) => {
        await sql`insert into fund_plan (dept_id, plan_month, status, total_amount, user_id)
                  values (110, ${MONTH}, 2, 1000, 1)`.execute(db);
      },
    });
    const { call, approveStep, sendBoth } = two;

    async function freshContract(n: number): Promise<{ contractId: number; planId: number }> {
      const contractId = await insertFormalContract(two.db, {
        project_name: `付款性质测试${String(n)}`,
        contract_name: `付款性质测试合同${String(n)}`,
        total_amount: '500',
      });
      return { contractId, planId: await addPaymentPlan(two, contractId, MONTH) };
    }

    /** Walks a payment's 20_1 approval on one process; answers the refusal that stopped it. */
    async function approvePay(approvalId: string, instance: number): Promise<Reply | null> {
      for (const user of APPROVERS) {
        const r = await approveStep(instance, user, approvalId);
        if (r.status !== 200) return r;
      }
      return null;
    }

    async function checkInvariants(): Promise<void> {
      const d = two.db;
      expect(await ledgerBalancesOff(d)).toBe(0);
      // Each back money record is what was allotted, what payments drew and what is left.
      const backOff = await sql<{ n: string }>`
        select count(*) as n from back_money m
          join fund_balance b on b.account_kind = 'backMoney' and b.account_id = m.back_money_id
         where m.del_flag = '0' and m.back_amount <> b.balance
               + (select coalesce(sum(a.allot_amount), 0) from back_money_allot a
                   where a.back_money_id = m.back_money_id)
               - (select coalesce(sum(l.amount), 0) from fund_ledger l
                   where l.movement = 'fundPay.pay' and l.account_kind = 'backMoney'
                     and l.account_id = m.back_money_id)`.execute(d);
      expect(Number(backOff.rows[0]?.n)).toBe(0);
      const paysOff = await sql<{ n: string }>`
        select count(*) as n from fund_pay p
          left join fund_balance b on b.account_kind = 'fundPay' and b.account_id = p.pay_id
         where (p.status = 2 and coalesce(b.balance, -1) <> p.real_pay_amount)
            or (p.status <> 2 and coalesce(b.balance, 0) <> 0)`.execute(d);
      expect(Number(paysOff.rows[0]?.n)).toBe(0);
    }

    const seen = { paid: 0, refused: new Set<string>(), raced: 0, ok: 0 };

    it('keeps every balance equal to its ledger and none below zero with payments', async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(stepArb, { minLength: 5, maxLength: 10 }), async (steps) => {
          run += 1;
          const { contractId, planId } = await freshContract(run);
          const backs: number[] = [];
          for (const step of steps) {
            let replies: Reply[];
            if (step.t !== 'pay') {
              const answered = await backOrAllot(two, contractId, backs, step);
              if (answered === undefined) continue;
              replies = answered;
            } else {
              // Entered and sent on each process; the approvals then run side by side.
              replies = await sendBoth(step.both, 1, (i) =>
                call(i, 'caiwu', '/v4/fundPay/add', {
                  paymentPlanId: planId,
                  reason: '性质测试付款',
                  payAmount: step.amount,
                  taxRate: step.rate,
                  submit: true,
                }),
              );
              const approvals = await Promise.all(
                replies.map(async (r, i) => {
                  const data = r.body.data as { approvalId?: string } | undefined;
                  if (r.status !== 200 || !data?.approvalId) return null;
                  const stop = await approvePay(data.approvalId, i);
                  if (stop === null) seen.paid += 1;
                  return stop;
                }),
              );
              replies = [...replies, ...approvals.filter((a): a is Reply => a !== null)];
            }
            if (step.t !== 'back' && step.both) seen.raced += 1;
            tallyRuleReplies(replies, seen);
          }
          await checkInvariants();
        }),
        { numRuns: 12, seed: 20261123, endOnFailure: true },
      );
      // The runs paid payments and reached the balance limit.
      expect(seen.paid).toBeGreaterThan(2);
      expect(seen.raced).toBeGreaterThan(3);
      expect([...seen.refused].join(' ')).toContain('FUND_PAY.BALANCE_NEGATIVE');
    });
  },
);
