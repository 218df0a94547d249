/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-explicit-any -- supertest bodies are untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { apiClient } from '../test-support/api-client.js';
import { insertFormalContract, SPLIT_FEES_OF_100 } from '../test-support/formal-contract.js';
import { loanBody } from '../test-support/fund-bodies.js';

/**
 * Every approval sheet shows what is being approved: the detail answer of a loan agreement
 * (10_1), a closing (11_2), a settlement (11_1) and a payment contract (16_x) carries the
 * record's labelled figures, read from the record, and each waiting node names who holds it.
 */
interface Figure {
  key: string;
  label: string;
  value: string;
  unit?: string;
  before?: string;
}
interface Sheet {
  source: string;
  title: string;
  recordKind: string | null;
  sections: { title: string; figures: Figure[] }[];
}

describe.each(testDatabaseKinds())('approval sheets on %s', (kind) => {
  let api: ApprovalTestApi;
  let contractId: number;
  let childPayId: number;
  const c = apiClient(() => api);

  const detailOf = async (user: string, approvalId: string) =>
    c.okData(c.get(user, '/project/approval/getCommonApprovalDetail', { approvalId }));
  const figures = (sheet: Sheet): Record<string, Figure> =>
    Object.fromEntries(sheet.sections.flatMap((s) => s.figures).map((f) => [f.key, f]));
  const nickNames = async (ids: readonly string[]) => {
    const rows = await api.database.handle.db
      .selectFrom('sys_user')
      .select(['user_id', 'nick_name'])
      .where(
        'user_id',
        'in',
        ids.map((id) => Number(id)),
      )
      .execute();
    return ids.map((id) => rows.find((r) => String(r.user_id) === id)?.nick_name);
  };
  /** The waiting node of a detail names its holders: the nick names of the node's assignees. */
  const expectHoldersNamed = async (d: any) => {
    const waiting = d.approvalDetailBO.unApprovalList as {
      nodeName: string;
      assignees: string[];
      assigneeNames: string[];
    }[];
    expect(waiting.length).toBeGreaterThan(0);
    const current = d.approval.nodes[d.approval.currentNodeIndex];
    expect(waiting[0]?.nodeName).toBe(current.nodeName);
    expect(waiting[0]?.assignees).toEqual(current.assignees);
    expect(waiting[0]?.assigneeNames.length).toBeGreaterThan(0);
    expect(waiting[0]?.assigneeNames).toEqual(await nickNames(current.assignees));
  };

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    const db = api.database.handle.db;
    contractId = await insertFormalContract(db, {
      project_name: '审批单测试项目',
      contract_name: '审批单测试合同',
      contract_no: 'HT-SHEET-1',
      ...SPLIT_FEES_OF_100,
      sign_by_sub: '某某建筑设计研究院',
    });
    await db
      .insertInto('back_money')
      .values({ contract_id: contractId, back_amount: '80', back_date: '2026-03-01', user_id: 8 })
      .execute();
    const child = await db
      .insertInto('contract_child')
      .values({
        contract_id: contractId,
        contract_child_no: 'FB-SHEET-1',
        child_type: 2,
        receive_company_name: '某技术服务公司',
        total_amount: '30',
        status: 1,
        dept_id: 110,
        user_id: 3,
      })
      .returning('contract_child_id')
      .executeTakeFirstOrThrow();
    const item = await db
      .insertInto('contract_child_pay')
      .values({
        contract_child_id: child.contract_child_id,
        pay_amount: '8',
        tax_rate: '0.03',
        real_pay_amount: '7.76',
        user_id: 3,
      })
      .returning('pay_id')
      .executeTakeFirstOrThrow();
    childPayId = item.pay_id;
    await c.signIn('caiwu', 'xmjl', 'admin', 'bmfzr', 'jingying', 'zjl');
  });
  afterAll(() => api?.close());

  it('shows a loan agreement (10_1) with its amount, limit and holder', async () => {
    const loan = await c.okData(
      c.post('caiwu', '/contract/loan/add', loanBody('0.5', { reason: '审批单借款' })),
    );
    const sent = await c.okData(
      c.post('caiwu', '/contract/loan/updateToApproval', { loanId: loan.loanId }),
    );
    const d = await detailOf('caiwu', String(sent.approvalId));
    const sheet = d.sheet as Sheet;
    expect(sheet).toMatchObject({ source: 'record', title: '借款协议', recordKind: 'fund.loan' });
    const f = figures(sheet);
    expect(f['loanAmount']).toMatchObject({ label: '借款金额', value: '0.5', unit: '万元' });
    expect(f['loanDeptName']?.value).toBe('建筑一所');
    expect(f['loanLimit']?.unit).toBe('万元');
    // What is left after this loan is what was left before it, less the loan.
    const left = Number(f['borrowableAmt']?.value);
    expect(Number(f['borrowableAfter']?.value)).toBeCloseTo(left - 0.5, 6);
    await expectHoldersNamed(d);
  });

  it('shows a closing (11_2) and a settlement (11_1) with every fee before and after', async () => {
    const closed = await c.okData(
      c.post('xmjl', '/v4/contract/closedCase/add', { contractId, closedCaseAmount: '40' }),
    );
    const sent = await c.okData(
      c.post('xmjl', '/v4/contract/closedCase/updateToApproval', { closedId: closed.closedId }),
    );
    const d = await detailOf('xmjl', String(sent.approvalId));
    const f = figures(d.sheet as Sheet);
    expect((d.sheet as Sheet).title).toBe('结案审核');
    expect(f['closedCaseAmount']).toMatchObject({ label: '结案金额', value: '40', unit: '万元' });
    expect(f['backAmount']?.value).toBe('80');
    expect(f['closedRate']).toMatchObject({ value: '50', unit: '%' });
    // 40 of 80 back: each fee is half the contract's.
    expect(f['directFee']).toMatchObject({ label: '直接费', before: '10', value: '5' });
    expect(f['designFee']).toMatchObject({ before: '2.5', value: '1.25' });
    await expectHoldersNamed(d);

    const settle = await c.okData(
      c.post('xmjl', '/contract/settle/insertContractSettle', {
        contractId,
        closedCaseAmount: '80',
      }),
    );
    const sentSettle = await c.okData(
      c.post('xmjl', '/contract/settle/updateToApproval', { settleId: settle.closedId }),
    );
    const s = await detailOf('xmjl', String(sentSettle.approvalId));
    expect((s.sheet as Sheet).title).toBe('结算审核');
    expect(figures(s.sheet as Sheet)['technicalFee']).toMatchObject({ before: '5', value: '5' });
  });

  it('shows a payment contract (16_x) under 本次付款金额 and 付款日期, with its pay item', async () => {
    // The fund plan gate is another rule's: switched off, the payment needs no approved plan.
    await api.database.handle.db
      .updateTable('sys_config')
      .set({ config_value: '0' })
      .where('config_key', '=', 'fund_plan_switch')
      .execute();
    await c.okData(
      c.post('caiwu', '/project/backMoney/insert', {
        contractId,
        backAmount: '20',
        backDate: '2026-03-02',
      }),
    );
    const pay = await c.okData(
      c.post('caiwu', '/v4/fundPay/add', {
        childPayId,
        reason: '分包技术服务费',
        payAmount: '5',
        payTime: '2026-07-20',
      }),
    );
    const sent = await c.okData(
      c.post('caiwu', '/v4/fundPay/updateToApproval', { payId: pay.payId }),
    );
    const d = await detailOf('caiwu', String(sent.approvalId));
    const sheet = d.sheet as Sheet;
    expect(sheet).toMatchObject({ source: 'record', title: '付款合同' });
    const f = figures(sheet);
    expect(f['payAmount']).toMatchObject({ label: '本次付款金额', value: '5', unit: '万元' });
    expect(f['payTime']).toMatchObject({ label: '付款日期', value: '2026-07-20' });
    expect(f['taxRate']).toMatchObject({ value: '3', unit: '%' });
    expect(f['realPayAmount']?.value).toBe('4.85');
    expect(f['contractChildNo']?.value).toBe('FB-SHEET-1');
    expect(f['itemLeftAfter']?.value).toBe('3');
    const labels = sheet.sections.flatMap((s) => s.figures.map((x) => x.label));
    expect(labels).not.toContain('合同金额');
    expect(labels).not.toContain('签订日期');
    await expectHoldersNamed(d);
  });
});
