/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-argument -- supertest bodies are untyped JSON */
import fc from 'fast-check';
import { sql } from 'kysely';
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MoneyDecimal } from '@dpms/core';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { apiClient } from '../test-support/api-client.js';
import { insertFormalContract } from '../test-support/formal-contract.js';

/**
 * One set of figures: for generated histories of one contract — back money, allotments, fund
 * payments (drafts, in approval, approved) and invoice requests (drafts, in approval, approved,
 * turned down) — every screen that shows the contract's 已收, 已分配, 已付 (gross and net),
 * 已开票 and balances answers the same number: the contract list, 回款管理, 项目账户 (list and
 * detail), the invoice form's figures and the fund screens (payments and payment plans); and each
 * equals a sum the test keeps of what it sent and what the API accepted and approved.
 *
 * Demo institute: caiwu (财务, all data) records back money, allots and requests invoices
 * (approved by jingying, caiwu, zjl); bmfzr (head of 建筑一所 110) enters payments (20_1: zjl,
 * bmfzr, yunying, caiwu approve). The demo switches fund_plan_switch on: 110's plan for MONTH is
 * approved here.
 */

const MONTH = '2027-03';
const TEAMS = [110, 112] as const;
const d = (v: string | number) => new MoneyDecimal(v);
const norm = (v: unknown) => d(String(v)).toFixed();

/** Amounts in whole 分 written as 万元 with up to 6 decimals, never through a float. */
const amountArb = fc
  .integer({ min: 1, max: 20_000_000 })
  .map((fen) => new MoneyDecimal(fen).div(1_000_000).toFixed());
const rateArb = fc.constantFrom('0', '0.01', '0.03', '0.06');

type PayFate = 'draft' | 'sent' | 'approved';
type InvoiceFate = 'draft' | 'sent' | 'approved' | 'rejected';
type Step =
  | { readonly t: 'back'; readonly amount: string }
  | { readonly t: 'allot'; readonly back: number; readonly team: number; readonly amount: string }
  | { readonly t: 'pay'; readonly amount: string; readonly rate: string; readonly fate: PayFate }
  | { readonly t: 'invoice'; readonly amount: string; readonly fate: InvoiceFate };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ t: fc.constant('back' as const), amount: amountArb }),
  fc.record({
    t: fc.constant('allot' as const),
    back: fc.nat(5),
    team: fc.constantFrom(...TEAMS),
    amount: amountArb,
  }),
  fc.record({
    t: fc.constant('pay' as const),
    amount: amountArb,
    rate: rateArb,
    fate: fc.constantFrom<PayFate>('draft', 'sent', 'approved', 'approved'),
  }),
  fc.record({
    t: fc.constant('invoice' as const),
    amount: amountArb,
    fate: fc.constantFrom<InvoiceFate>('draft', 'sent', 'approved', 'approved', 'rejected'),
  }),
);

/** What the test itself adds up from what it sent and what was accepted. */
interface Model {
  back: MoneyDecimal;
  allotted: MoneyDecimal;
  paid: MoneyDecimal;
  realPaid: MoneyDecimal;
  invoiced: MoneyDecimal;
  invoicing: MoneyDecimal;
}

describe.each(testDatabaseKinds())('one set of figures across the screens on %s', (kind) => {
  let api: ApprovalTestApi;
  const { post, get, okData, signIn } = apiClient(() => api);

  /** Walks an approval: at each node the first of `users` who may act does. Its last status. */
  const walk = async (
    approvalId: string,
    users: readonly string[],
    action: 'approve' | 'reject',
  ): Promise<number> => {
    for (let round = 0; round < 8; round += 1) {
      let moved = false;
      for (const user of users) {
        const dr = await get(user, '/project/approval/getCommonApprovalDetail', {
          serviceId: approvalId,
        });
        if (dr.status !== 200) continue;
        const a = dr.body.data.approval;
        if (a.status !== 0) return a.status;
        const r: request.Response = await post(user, '/project/approval/process', {
          approvalId,
          version: a.version,
          action,
          opinion: action === 'reject' ? '金额有误' : '同意',
        });
        if (r.status === 200) {
          moved = true;
          break;
        }
      }
      if (!moved) break;
    }
    const last = await api.database.handle.db
      .selectFrom('approval')
      .select('status')
      .where('approval_id', '=', Number(approvalId))
      .executeTakeFirstOrThrow();
    return last.status;
  };

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    await sql`insert into fund_plan (dept_id, plan_month, status, total_amount, user_id)
              values (110, ${MONTH}, 2, 1000, 1)`.execute(api.database.handle.db);
    await signIn('caiwu', 'bmfzr', 'jingying', 'zjl', 'yunying');
  }, 120_000);
  afterAll(() => api.close());

  async function freshContract(n: number) {
    const contractNo = `FIG-${String(n)}-${String(Date.now())}`;
    const contractId = await insertFormalContract(api.database.handle.db, {
      project_name: `口径一致测试${String(n)}`,
      contract_name: `口径一致测试合同${String(n)}`,
      contract_no: contractNo,
      total_amount: '1000',
      sign_date: '2027-01-05',
    });
    const plan = await okData(
      post('caiwu', '/contract/paymentPlan/add', {
        contractId,
        planMonth: MONTH,
        receiveCompanyName: '口径测试收款单位',
        planPayAmount: '100000',
      }),
    );
    return { contractId, contractNo, planId: plan.paymentPlanId as number };
  }

  async function play(contractId: number, planId: number, steps: readonly Step[]): Promise<Model> {
    const m: Model = {
      back: d(0),
      allotted: d(0),
      paid: d(0),
      realPaid: d(0),
      invoiced: d(0),
      invoicing: d(0),
    };
    const backs: number[] = [];
    for (const step of steps) {
      if (step.t === 'back') {
        const r = await post('caiwu', '/project/backMoney/insert', {
          contractId,
          backAmount: step.amount,
          backDate: '2027-02-01',
        });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        backs.push(r.body.data.backMoneyId);
        m.back = m.back.plus(step.amount);
      } else if (step.t === 'allot') {
        const back = backs[step.back % Math.max(1, backs.length)];
        if (back === undefined) continue;
        const r = await post('caiwu', '/project/backMoney/allotDesign', {
          backMoneyId: back,
          deptId: step.team,
          allotAmount: step.amount,
        });
        // Only the rule (no more than is left) may refuse.
        if (r.status === 200) m.allotted = m.allotted.plus(step.amount);
        else expect(r.status, JSON.stringify(r.body)).toBe(422);
      } else if (step.t === 'pay') {
        const r = await post('bmfzr', '/v4/fundPay/add', {
          paymentPlanId: planId,
          reason: '口径测试付款',
          payAmount: step.amount,
          taxRate: step.rate,
          submit: step.fate !== 'draft',
        });
        // Sent with more net pay than the back money left: refused, nothing counts.
        if (r.status !== 200) {
          expect(r.status, JSON.stringify(r.body)).toBe(422);
          continue;
        }
        if (step.fate !== 'approved') continue;
        const status = await walk(
          r.body.data.approvalId,
          ['zjl', 'bmfzr', 'yunying', 'caiwu'],
          'approve',
        );
        if (status !== 1) continue; // the back money was allotted meanwhile: refused at the end
        // Net pay written out here: payAmount − payAmount × (0.06 − taxRate), half up to 6 places.
        const pay = d(step.amount);
        const real = pay.minus(pay.times(d('0.06').minus(step.rate))).toDecimalPlaces(6);
        m.paid = m.paid.plus(pay);
        m.realPaid = m.realPaid.plus(real);
      } else {
        const r = await post('caiwu', '/v4/finance/add', {
          contractId,
          invoiceType: '1',
          invoicePurpose: '1',
          invoiceTitle: '口径测试开票单位',
          invoiceDate: '2027-02-10',
          invoiceAmount: step.amount,
          submit: step.fate !== 'draft',
        });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        if (step.fate === 'draft') continue;
        const approvalId = r.body.data.approvalId as string;
        if (step.fate === 'sent') {
          m.invoicing = m.invoicing.plus(step.amount);
          continue;
        }
        const users = ['jingying', 'caiwu', 'zjl'];
        const status = await walk(
          approvalId,
          users,
          step.fate === 'approved' ? 'approve' : 'reject',
        );
        expect(status).toBe(step.fate === 'approved' ? 1 : 2);
        if (status === 1) m.invoiced = m.invoiced.plus(step.amount);
      }
    }
    return m;
  }

  const total = (rows: readonly Record<string, unknown>[], key: string) =>
    rows.reduce((s, r) => s.plus(String(r[key])), d(0)).toFixed();

  it('every screen shows the same 已收, 已分配, 已付, 已开票 and balances, equal to what was sent', async () => {
    let run = 0;
    const seen = { paid: 0, invoiced: 0, allotted: 0 };
    // 经营主页's chart: what came back on the formal contracts signed in January 2027 (this test's).
    const chartReceived = async () =>
      d(
        (await okData(get('caiwu', '/project/chart/list', { year: 2027 })))[0]
          .receiveAmount as string,
      );
    let received = await chartReceived();
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 4, maxLength: 9 }), async (steps) => {
        run += 1;
        const { contractId, contractNo, planId } = await freshContract(run);
        const m = await play(contractId, planId, steps);
        if (!m.paid.isZero()) seen.paid += 1;
        if (!m.invoiced.isZero()) seen.invoiced += 1;
        if (!m.allotted.isZero()) seen.allotted += 1;
        const expected = {
          back: m.back.toFixed(),
          allotted: m.allotted.toFixed(),
          paid: m.paid.toFixed(),
          realPaid: m.realPaid.toFixed(),
          invoiced: m.invoiced.toFixed(),
          invoicing: m.invoicing.toFixed(),
          unallotted: m.back.minus(m.allotted).minus(m.realPaid).toFixed(),
          balance: m.back.minus(m.realPaid).toFixed(),
        };

        // 合同列表: 已收金额.
        const contracts = await get('caiwu', '/v4/contract/list', { contractNo });
        expect(contracts.status, JSON.stringify(contracts.body)).toBe(200);
        expect(contracts.body.rows).toHaveLength(1);
        expect(norm(contracts.body.rows[0].receiveAmount)).toBe(expected.back);
        const detail = await okData(get('caiwu', '/project/contract/detail', { contractId }));
        expect(norm(detail.receiveAmount)).toBe(expected.back);
        received = received.plus(m.back);
        expect((await chartReceived()).toFixed()).toBe(received.toFixed());

        // 回款管理: its records of the contract add up to the contract's figures.
        const backs = (await get('caiwu', '/project/backMoney/list', { contractId, pageSize: 100 }))
          .body.rows as Record<string, unknown>[];
        expect({
          back: total(backs, 'backAmount'),
          allotted: total(backs, 'allottedAmount'),
          realPaid: total(backs, 'realPaidAmount'),
          unallotted: total(backs, 'unallottedAmount'),
        }).toEqual({
          back: expected.back,
          allotted: expected.allotted,
          realPaid: expected.realPaid,
          unallotted: expected.unallotted,
        });

        // 项目账户: the list row and the detail.
        const accounts = (await get('caiwu', '/v4/pro-account/list', { contractNo })).body.rows;
        expect(accounts).toHaveLength(1);
        const account = (await okData(get('caiwu', '/v4/pro-account/detail', { contractId })))
          .account;
        for (const a of [accounts[0], account])
          expect({
            back: norm(a.backAmount),
            allotted: norm(a.allottedAmount),
            paid: norm(a.paidAmount),
            realPaid: norm(a.realPaidAmount),
            invoiced: norm(a.invoicedAmount),
            invoicing: norm(a.invoicingAmount),
            unallotted: norm(a.unallottedAmount),
            balance: norm(a.balanceAmount),
          }).toEqual({
            back: expected.back,
            allotted: expected.allotted,
            paid: expected.paid,
            realPaid: expected.realPaid,
            invoiced: expected.invoiced,
            invoicing: expected.invoicing,
            unallotted: expected.unallotted,
            balance: expected.balance,
          });

        // 财务台账's form: what is invoiced and in approval.
        const info = await okData(get('caiwu', '/v4/finance/contractInfo', { contractId }));
        expect({
          invoiced: norm(info.invoicedAmount),
          invoicing: norm(info.invoicingAmount),
        }).toEqual({ invoiced: expected.invoiced, invoicing: expected.invoicing });

        // 资金支付 and 付款计划: the paid payments, gross and net.
        const pays = (
          await get('caiwu', '/v4/fundPay/list', { contractId, status: '2', pageSize: 100 })
        ).body.rows as Record<string, unknown>[];
        expect({ paid: total(pays, 'payAmount'), realPaid: total(pays, 'realPayAmount') }).toEqual({
          paid: expected.paid,
          realPaid: expected.realPaid,
        });
        const plans = (await get('caiwu', '/contract/paymentPlan/list', { contractId })).body
          .rows as Record<string, unknown>[];
        expect(total(plans, 'paidAmount')).toBe(expected.paid);
      }),
      { numRuns: 8, seed: 20261126, endOnFailure: true },
    );
    // The histories reached each kind of figure.
    expect(Math.min(seen.paid, seen.invoiced, seen.allotted)).toBeGreaterThan(0);
  }, 600_000);
});
