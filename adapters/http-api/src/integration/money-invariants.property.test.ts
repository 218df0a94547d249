import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertFormalContract } from '../test-support/formal-contract.js';
import { loanBody } from '../test-support/fund-bodies.js';
import { addPaymentPlan, ledgerBalancesOff, wanAmountArb } from '../test-support/fund-property.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { twoServers, type Reply } from './two-servers.js';

/**
 * Every money rule on every path: generated sequences of back money, allotments, in-plan payments
 * (sent and approved), sub-contract payments (on an approved and on a draft sub-contract),
 * closings, settlements, invoice requests, loans (approved) and repayments, sent to either of two API server processes over one
 * PostgreSQL database. After each step every invariant holds in the database: ledger balances
 * equal their lines and none is negative; allotments stay within their back money; live payments
 * stay within their pay item and only on approved sub-contracts; a closing or settlement never
 * exceeds what came back; no loan is repaid beyond what was lent; what is invoiced and in approval never exceeds the contract amount.
 * Only the rules may say no (4xx with a message), never a server error.
 */

const SECRET = 'money-invariants-secret-money-invariants-0123456';
const USERS = ['caiwu', 'yunying', 'zjl', 'xmjl', 'bmfzr'] as const;
type User = (typeof USERS)[number];
/** The 20_1 flow of a payment caiwu drafts (see fund-pay.property.test.ts). */
const APPROVERS: readonly User[] = ['zjl', 'yunying', 'zjl'];
/** 建筑一所's loans: xmjl applies; its head, finance and the general manager sign. */
const LOAN_APPROVERS: readonly User[] = ['bmfzr', 'caiwu', 'zjl'];
const MONTH = '2026-07';
/** The contract amount: small enough that invoices reach it. */
const CONTRACT_AMOUNT = '40';

const amountArb = wanAmountArb(30_000_000);
const instanceArb = fc.constantFrom<0 | 1>(0, 1);

type Step =
  | { readonly t: 'back'; readonly amount: string; readonly i: 0 | 1 }
  | { readonly t: 'allot'; readonly back: number; readonly amount: string; readonly i: 0 | 1 }
  | { readonly t: 'pay'; readonly amount: string; readonly i: 0 | 1 }
  | { readonly t: 'itemPay'; readonly amount: string; readonly draft: boolean; readonly i: 0 | 1 }
  | { readonly t: 'close'; readonly amount: string; readonly settle: boolean; readonly i: 0 | 1 }
  | { readonly t: 'invoice'; readonly amount: string; readonly send: boolean; readonly i: 0 | 1 }
  | { readonly t: 'loan'; readonly amount: string; readonly i: 0 | 1 }
  | { readonly t: 'repay'; readonly loan: number; readonly amount: string; readonly i: 0 | 1 };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ t: fc.constant('back' as const), amount: amountArb, i: instanceArb }),
  fc.record({
    t: fc.constant('allot' as const),
    back: fc.nat(5),
    amount: amountArb,
    i: instanceArb,
  }),
  fc.record({ t: fc.constant('pay' as const), amount: amountArb, i: instanceArb }),
  fc.record({
    t: fc.constant('itemPay' as const),
    amount: amountArb,
    draft: fc.boolean(),
    i: instanceArb,
  }),
  fc.record({
    t: fc.constant('close' as const),
    amount: amountArb,
    settle: fc.boolean(),
    i: instanceArb,
  }),
  fc.record({
    t: fc.constant('invoice' as const),
    amount: amountArb,
    send: fc.boolean(),
    i: instanceArb,
  }),
  fc.record({ t: fc.constant('loan' as const), amount: amountArb, i: instanceArb }),
  fc.record({
    t: fc.constant('repay' as const),
    loan: fc.nat(5),
    amount: amountArb,
    i: instanceArb,
  }),
);

describe.skipIf(!testDatabaseKinds().includes('postgres'))(
  'money invariants under generated action sequences on two server processes (PostgreSQL)',
  () => {
    const two = twoServers({
      secret: SECRET,
      users: USERS,
      prepare: async (db) => {
        await sql`insert into fund_plan (dept_id, plan_month, status, total_amount, user_id)
                  values (110, ${MONTH}, 2, 1000, 1)`.execute(db);
      },
    });
    const { call, approveStep } = two;

    interface Fixture {
      contractId: number;
      planId: number;
      /** A pay item (10 万元) of an approved sub-contract, and one of a sub-contract at 待提交. */
      approvedItem: number;
      draftItem: number;
    }

    async function payItem(contractId: number, status: number, n: number): Promise<number> {
      const child = await two.db
        .insertInto('contract_child')
        .values({
          contract_id: contractId,
          contract_child_no: `MI-${String(n)}-${String(status)}`,
          child_type: 2,
          receive_company_name: '性质测试分包单位',
          total_amount: '30',
          status,
          dept_id: 110,
          user_id: 3,
        })
        .returning('contract_child_id')
        .executeTakeFirstOrThrow();
      const item = await two.db
        .insertInto('contract_child_pay')
        .values({
          contract_child_id: child.contract_child_id,
          pay_amount: '10',
          tax_rate: '0.03',
          real_pay_amount: '9.7',
          user_id: 3,
        })
        .returning('pay_id')
        .executeTakeFirstOrThrow();
      return item.pay_id;
    }

    async function freshContract(n: number): Promise<Fixture> {
      const contractId = await insertFormalContract(two.db, {
        project_name: `金额规则测试${String(n)}`,
        contract_name: `金额规则测试合同${String(n)}`,
        total_amount: CONTRACT_AMOUNT,
        sign_by_sub: '某某建筑设计研究院',
      });
      return {
        contractId,
        planId: await addPaymentPlan(two, contractId, MONTH),
        approvedItem: await payItem(contractId, 1, n),
        draftItem: await payItem(contractId, -1, n),
      };
    }

    async function approveAll(
      approvalId: string,
      instance: number,
      approvers: readonly User[] = APPROVERS,
    ): Promise<Reply | null> {
      for (const user of approvers) {
        const r = await approveStep(instance, user, approvalId);
        if (r.status !== 200) return r;
      }
      return null;
    }

    const count = async (q: ReturnType<typeof sql<{ n: string }>>): Promise<number> =>
      Number((await q.execute(two.db)).rows[0]?.n);

    /** Every money invariant, over the whole database. */
    async function checkInvariants(): Promise<void> {
      // Ledger balances are their lines, none negative.
      expect(await ledgerBalancesOff(two.db)).toBe(0);
      // Allotments ≤ back money, per back money record.
      expect(
        await count(sql<{ n: string }>`
          select count(*) as n from back_money m
           where m.del_flag = '0' and m.back_amount <
                 (select coalesce(sum(a.allot_amount), 0) from back_money_allot a
                   where a.back_money_id = m.back_money_id)`),
      ).toBe(0);
      // Live payments within their pay item, and only on approved sub-contracts.
      expect(
        await count(sql<{ n: string }>`
          select count(*) as n from contract_child_pay i
           where i.pay_amount < (select coalesce(sum(p.pay_amount), 0) from fund_pay p
                                  where p.child_pay_id = i.pay_id and p.del_flag = '0'
                                    and p.status in (0, 1, 2))`),
      ).toBe(0);
      expect(
        await count(sql<{ n: string }>`
          select count(*) as n from fund_pay p
            join contract_child_pay i on i.pay_id = p.child_pay_id
            join contract_child c on c.contract_child_id = i.contract_child_id
           where p.del_flag = '0' and c.status <> 1 and not c.history`),
      ).toBe(0);
      // A closing or settlement closes at most what came back.
      expect(
        await count(sql<{ n: string }>`
          select count(*) as n from contract_closed_case k
           where k.del_flag = '0' and greatest(k.closed_case_amount, k.settle_amount) >
                 (select coalesce(sum(m.back_amount), 0) from back_money m
                   where m.contract_id = k.contract_id and m.del_flag = '0')`),
      ).toBe(0);
      // Repayments ≤ debt: no loan repaid beyond what was lent, its balance what is still owed.
      expect(
        await count(sql<{ n: string }>`
          select count(*) as n from fund_loan l
            left join fund_balance b on b.account_kind = 'loan' and b.account_id = l.loan_id
           where l.repaid_amount > l.loan_amount
              or (l.status = 2 and coalesce(b.balance, -1) <> l.loan_amount - l.repaid_amount)
              or (l.status <> 2 and coalesce(b.balance, 0) <> 0)`),
      ).toBe(0);
      // Invoiced and in approval ≤ the contract amount.
      expect(
        await count(sql<{ n: string }>`
          select count(*) as n from contract c
           where c.total_amount < (select coalesce(sum(f.invoice_amount), 0) from finance_invoice f
                                    where f.contract_id = c.contract_id and f.status in (1, 2))`),
      ).toBe(0);
    }

    const seen = { ok: new Set<string>(), refused: new Set<string>() };

    async function run(step: Step, f: Fixture, backs: number[], loans: number[]): Promise<Reply[]> {
      const { i } = step;
      switch (step.t) {
        case 'back': {
          const r = await call(i, 'caiwu', '/project/backMoney/insert', {
            contractId: f.contractId,
            backAmount: step.amount,
            backDate: '2026-06-01',
          });
          const id = r.body.data?.['backMoneyId'];
          if (typeof id === 'number') backs.push(id);
          return [r];
        }
        case 'allot': {
          const back = backs[step.back % Math.max(1, backs.length)];
          if (back === undefined) return [];
          return [
            await call(i, 'caiwu', '/project/backMoney/allotDesign', {
              backMoneyId: back,
              deptId: 110,
              allotAmount: step.amount,
            }),
          ];
        }
        case 'pay': {
          const r = await call(i, 'caiwu', '/v4/fundPay/add', {
            paymentPlanId: f.planId,
            reason: '性质测试付款',
            payAmount: step.amount,
            taxRate: '0.03',
            submit: true,
          });
          const approvalId = (r.body.data as { approvalId?: string } | undefined)?.approvalId;
          if (r.status !== 200 || approvalId === undefined) return [r];
          const stop = await approveAll(approvalId, 1 - i);
          return stop === null ? [r] : [r, stop];
        }
        case 'itemPay':
          return [
            await call(i, 'caiwu', '/v4/fundPay/add', {
              childPayId: step.draft ? f.draftItem : f.approvedItem,
              reason: '性质测试分包付款',
              payAmount: step.amount,
              payTime: '2026-07-10',
            }),
          ];
        case 'close':
          return [
            await call(
              i,
              'caiwu',
              step.settle ? '/contract/settle/insertContractSettle' : '/v4/contract/closedCase/add',
              { contractId: f.contractId, closedCaseAmount: step.amount },
            ),
          ];
        case 'loan': {
          // Within the team's limit (core's checkLoanLimit, again at the approval's final step).
          const r = await call(
            i,
            'xmjl',
            '/contract/loan/add',
            loanBody(step.amount, { submit: true }),
          );
          const data = r.body.data as { loanId?: number; approvalId?: string } | undefined;
          if (r.status !== 200 || data?.loanId === undefined || !data.approvalId) return [r];
          const stop = await approveAll(data.approvalId, 1 - i, LOAN_APPROVERS);
          if (stop === null) loans.push(data.loanId);
          return stop === null ? [r] : [r, stop];
        }
        case 'repay': {
          const loan = loans[step.loan % Math.max(1, loans.length)];
          if (loan === undefined) return [];
          return [
            await call(i, 'caiwu', '/contract/repayment/add', {
              loanId: loan,
              repaymentAmount: step.amount,
              repaymentDate: '2026-07-01',
            }),
          ];
        }
        case 'invoice': {
          const r = await call(i, 'caiwu', '/v4/finance/add', {
            contractId: f.contractId,
            invoiceType: '1',
            invoicePurpose: '1',
            invoiceTitle: '性质测试开票单位',
            invoiceDate: '2026-07-10',
            invoiceAmount: step.amount,
          });
          const invoiceId = (r.body.data as { invoiceId?: number } | undefined)?.invoiceId;
          if (!step.send || r.status !== 200 || invoiceId === undefined) return [r];
          return [r, await call(1 - i, 'caiwu', '/v4/finance/updateToApproval', { invoiceId })];
        }
      }
    }

    it('holds every money invariant after each step of generated action sequences', async () => {
      let n = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(stepArb, { minLength: 4, maxLength: 9 }), async (steps) => {
          n += 1;
          const f = await freshContract(n);
          const backs: number[] = [];
          const loans: number[] = [];
          for (const step of steps) {
            for (const r of await run(step, f, backs, loans)) {
              if (r.status === 200) seen.ok.add(step.t);
              else {
                // Only the rules say no, with a Chinese message: never a server error.
                expect([400, 404, 409, 422], JSON.stringify(r.body)).toContain(r.status);
                expect(String(r.body['msg'])).toMatch(/[\u4e00-\u9fa5]/);
                seen.refused.add(`${step.t}:${String(r.body['msg']).slice(0, 12)}`);
              }
            }
            await checkInvariants();
          }
        }),
        { numRuns: 15, seed: 20261126, endOnFailure: true },
      );
      // The runs did real work on the main paths and met the rules' limits.
      expect([...seen.ok]).toEqual(
        expect.arrayContaining(['back', 'close', 'invoice', 'itemPay', 'pay']),
      );
      const refusals = [...seen.refused].join(' ');
      expect(refusals).toContain('itemPay:分包合同尚未审批通过');
      expect(refusals).toMatch(/close:(结案|结算)金额不能超过/);
    });
  },
);
