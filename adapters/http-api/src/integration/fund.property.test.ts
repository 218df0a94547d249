import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { twoServers, type Reply } from './two-servers.js';
import { insertFormalContract } from '../test-support/formal-contract.js';
import { loanBody } from '../test-support/fund-bodies.js';
import {
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
 * Random sequences of back money, allotments, loans (through their loan agreement's approval) and
 * repayments against two API server processes on one PostgreSQL database, many of them sent to
 * both processes at the same moment so two movements race for one balance. After each run the
 * database must show every balance equal to the sum of its ledger lines and none below zero, no
 * back money allotted beyond its amount, no loan repaid beyond what was lent, and each team's loan
 * balance equal to what its loans still owe.
 */

const SECRET = 'fund-property-secret-fund-property-secret-0123';
const USERS = ['caiwu', 'xmjl', 'bmfzr', 'zjl', 'sjzc2', 'bmfzr2'] as const;
type User = (typeof USERS)[number];
const TEAMS = [110, 112] as const;
/** Who applies for each team's loans, and the loan agreement's approvers (their head, finance, GM). */
const APPLICANT: Readonly<Record<number, User>> = { 110: 'xmjl', 112: 'sjzc2' };
const APPROVERS: Readonly<Record<number, readonly User[]>> = {
  110: ['bmfzr', 'caiwu', 'zjl'],
  112: ['bmfzr2', 'caiwu', 'zjl'],
};

const amountArb = wanAmountArb(40_000_000);

type Step =
  | BackStep
  | AllotStep
  | { readonly t: 'loan'; readonly team: number; readonly amount: string; readonly both: boolean }
  | { readonly t: 'repay'; readonly loan: number; readonly amount: string; readonly both: boolean };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  backStepArb(amountArb),
  allotStepArb(amountArb, TEAMS),
  fc.record({
    t: fc.constant('loan' as const),
    team: fc.constantFrom(...TEAMS),
    amount: amountArb,
    both: fc.boolean(),
  }),
  fc.record({
    t: fc.constant('repay' as const),
    loan: fc.nat(7),
    amount: amountArb,
    both: fc.boolean(),
  }),
);

describe.skipIf(!testDatabaseKinds().includes('postgres'))(
  'fund ledger under random concurrent movements on two server processes (PostgreSQL)',
  () => {
    const two = twoServers({
      secret: SECRET,
      users: USERS,
      // sjzc2 applies as 项目经理 (role 2), which may add loans.
      login: (u) => (u === 'sjzc2' ? { role: 2 } : {}),
    });
    const { call, approveStep, sendBoth } = two;

    /** A fresh contract with one task per team (25 万元 each), so each run has a little room to lend. */
    async function freshContract(n: number): Promise<{ contractId: number }> {
      const contractId = await insertFormalContract(two.db, {
        project_name: `资金性质测试${String(n)}`,
        contract_name: `资金性质测试合同${String(n)}`,
        total_amount: '500',
      });
      for (const dept of TEAMS) {
        await two.db
          .insertInto('design_task')
          .values({
            contract_id: contractId,
            task_no: `FUND-P-${String(n)}-${String(dept)}`,
            task_name: `资金性质任务${String(n)}`,
            design_stage_id: '3',
            design_user_id: dept === 110 ? 4 : 14,
            project_manager_id: 3,
            plan_finish_date: '2026-12-31',
            task_amount: '25',
            major_list: '[]',
            dept_id: dept,
            user_id: 3,
          })
          .execute();
      }
      return { contractId };
    }

    async function approveLoan(
      approvalId: string,
      team: number,
      instance: number,
    ): Promise<boolean> {
      for (const user of APPROVERS[team] ?? []) {
        const r = await approveStep(instance, user, approvalId);
        if (r.status !== 200) return false;
      }
      return true;
    }

    async function checkInvariants(): Promise<void> {
      const d = two.db;
      expect(await ledgerBalancesOff(d)).toBe(0);
      const overAllotted = await sql<{ n: string }>`
        select count(*) as n from back_money m
         where m.del_flag = '0' and m.back_amount <
               (select coalesce(sum(a.allot_amount), 0) from back_money_allot a
                 where a.back_money_id = m.back_money_id)`.execute(d);
      expect(Number(overAllotted.rows[0]?.n)).toBe(0);
      const loansOff = await sql<{ n: string }>`
        select count(*) as n from fund_loan l
          left join fund_balance b on b.account_kind = 'loan' and b.account_id = l.loan_id
         where l.repaid_amount > l.loan_amount
            or (l.status = 2 and coalesce(b.balance, -1) <> l.loan_amount - l.repaid_amount)
            or (l.status <> 2 and coalesce(b.balance, 0) <> 0)`.execute(d);
      expect(Number(loansOff.rows[0]?.n)).toBe(0);
      const teamsOff = await sql<{ n: string }>`
        select count(*) as n from fund_balance t
         where t.account_kind = 'teamLoan' and t.balance <>
               (select coalesce(sum(b.balance), 0) from fund_balance b
                  join fund_loan l on l.loan_id = b.account_id
                 where b.account_kind = 'loan' and l.loan_dept_id = t.account_id)`.execute(d);
      expect(Number(teamsOff.rows[0]?.n)).toBe(0);
      const receivedOff = await sql<{ n: string }>`
        select count(*) as n from fund_balance t
         where t.account_kind = 'teamReceived' and t.balance <>
               (select coalesce(sum(a.allot_amount), 0) from back_money_allot a
                 where a.dept_id = t.account_id)`.execute(d);
      expect(Number(receivedOff.rows[0]?.n)).toBe(0);
    }

    const seen = { ok: 0, refused: new Set<string>(), raced: 0, approved: 0 };

    // Twenty random sequences of two instances' writes: on a loaded two-core machine this takes
    // over a minute, so it has room beyond the suite's 60 s.
    it('keeps every balance equal to its ledger and none below zero', async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(stepArb, { minLength: 6, maxLength: 14 }), async (steps) => {
          run += 1;
          const { contractId } = await freshContract(run);
          const backs: number[] = [];
          const loans: number[] = [];
          for (const step of steps) {
            let replies: Reply[];
            if (step.t === 'back' || step.t === 'allot') {
              const answered = await backOrAllot(two, contractId, backs, step);
              if (answered === undefined) continue;
              replies = answered;
            } else if (step.t === 'loan') {
              replies = await sendBoth(step.both, 1, (i) =>
                call(
                  i,
                  APPLICANT[step.team] ?? 'xmjl',
                  '/contract/loan/add',
                  loanBody(step.amount, { loanDeptId: step.team, submit: true }),
                ),
              );
              for (const [i, r] of replies.entries()) {
                const data = r.body.data as { loanId?: number; approvalId?: string } | undefined;
                if (r.status === 200 && data?.loanId !== undefined && data.approvalId) {
                  if (await approveLoan(data.approvalId, step.team, i)) {
                    seen.approved += 1;
                    loans.push(data.loanId);
                  }
                }
              }
            } else {
              const loan = loans[step.loan % Math.max(1, loans.length)];
              if (loan === undefined) continue;
              replies = await sendBoth(step.both, 0, (i) =>
                call(i, 'caiwu', '/contract/repayment/add', {
                  loanId: loan,
                  repaymentAmount: step.amount,
                  repaymentDate: '2026-07-01',
                }),
              );
            }
            if (replies.length === 2) seen.raced += 1;
            tallyRuleReplies(replies, seen);
          }
          await checkInvariants();
        }),
        { numRuns: 20, seed: 20261122, endOnFailure: true },
      );
      // The runs reached both sides of every limit.
      expect(seen.ok).toBeGreaterThan(20);
      expect(seen.approved).toBeGreaterThan(2);
      expect(seen.raced).toBeGreaterThan(5);
      expect([...seen.refused]).toEqual(
        expect.arrayContaining(['FUND.OVER_ALLOT', 'FUND.OVER_REPAY', 'FUND.LOAN_LIMIT']),
      );
    }, 180_000);
  },
);
