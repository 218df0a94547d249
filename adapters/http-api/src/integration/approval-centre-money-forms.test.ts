/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument -- supertest bodies are untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { apiClient } from '../test-support/api-client.js';
import { fundPayHelpers } from './fund-pay-fixture.js';

/**
 * A loan agreement (10_1) and a settlement or closing (11_1/11_2) from 发起审批's own create call
 * (/project/approval/addCommonTemplate) go through 借款管理's and 结算结案's own use cases: the
 * team's limit and the back-money ceiling refuse on their fields and store nothing; what is
 * accepted is the same record and approval the screen's call makes.
 *
 * Demo institute: caiwu (财务, all data) borrows for 建筑一所 (110) and closes; yuangong holds no
 * loan or closing permission.
 */
describe.each(testDatabaseKinds())('loans and closings from 发起审批 on %s', (kind) => {
  let api: ApprovalTestApi;
  const c = apiClient(() => api);
  const db = () => api.database.handle.db;
  const count = async (table: 'approval' | 'fund_loan' | 'contract_closed_case') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const approvalOf = (approvalId: string | number) =>
    db()
      .selectFrom('approval')
      .select(['type_code', 'kind', 'record_kind', 'record_id', 'status', 'title'])
      .where('approval_id', '=', Number(approvalId))
      .executeTakeFirstOrThrow();
  const centre = (body: Record<string, unknown>, user = 'caiwu', key?: string) =>
    c.post(
      user,
      '/project/approval/addCommonTemplate',
      { content: {}, submit: true, ...body },
      key,
    );
  const borrowable = async (): Promise<number> =>
    Number(
      (await c.okData(c.get('caiwu', '/v4/contract/designPerformDetail', { deptId: 110 })))
        .borrowableAmt,
    );

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    await c.signIn('caiwu', 'yuangong');
  });
  afterAll(() => api?.close());

  it('10_1 over the team’s limit is refused on loanAmount and stores nothing', async () => {
    const room = await borrowable();
    expect(room).toBeGreaterThan(1);
    const before = [await count('approval'), await count('fund_loan')];
    const fields = {
      loanAmount: String(room + 1),
      refundDate: '2026-12-31',
      reason: '发起审批借款超额',
    };
    const over = await centre({
      typeCode: '10_1',
      recordKind: 'dept',
      recordId: '110',
      recordFields: fields,
    });
    // The screen's own refusal, word for word and with its status (422, FUND.LOAN_LIMIT).
    const screenOver = await c.post('caiwu', '/contract/loan/add', {
      loanDeptId: 110,
      ...fields,
      submit: true,
    });
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ errorCode: 'FUND.LOAN_LIMIT', field: 'loanAmount' });
    expect(over.body.msg).toBe(`借款金额超过可借额度（可借${String(room)}万元）`);
    expect([over.status, over.body]).toEqual([screenOver.status, screenOver.body]);
    // No team picked: refused on the picker, in core's words.
    const unpicked = await c.refused(
      centre({
        typeCode: '10_1',
        recordFields: { loanAmount: '1', refundDate: '2026-12-31', reason: '未选部门' },
      }),
      400,
    );
    expect(unpicked).toMatchObject({ field: 'recordId', msg: '请选择关联借款部门' });
    // Not the screen's permission (申请借款): 403, naming the screen.
    const denied = await c.refused(
      centre(
        {
          typeCode: '10_1',
          recordKind: 'dept',
          recordId: '110',
          recordFields: { loanAmount: '0.1', refundDate: '2026-12-31', reason: '无权' },
        },
        'yuangong',
      ),
      403,
    );
    expect(denied.msg).toBeDefined();
    expect([await count('approval'), await count('fund_loan')]).toEqual(before);
  });

  it('10_1 within the limit creates the loan and its approval as 借款管理’s 保存并送审 does, once per key', async () => {
    const fields = { loanAmount: '0.3', refundDate: '2026-12-31', reason: '发起审批借款' };
    const body = { typeCode: '10_1', recordKind: 'dept', recordId: '110', recordFields: fields };
    const made = await c.okData(centre(body, 'caiwu', 'centre-loan-1'));
    expect(made.status).toBe(0);
    // The same key again (a lost answer retried): the same approval, no second loan.
    const again = await c.okData(centre(body, 'caiwu', 'centre-loan-1'));
    expect(again.approvalId).toBe(made.approvalId);
    const screen = await c.okData(
      c.post('caiwu', '/contract/loan/add', { loanDeptId: 110, ...fields, submit: true }),
    );
    const loans = await db()
      .selectFrom('fund_loan')
      .selectAll()
      .where('reason', '=', '发起审批借款')
      .orderBy('loan_id')
      .execute();
    expect(loans).toHaveLength(2);
    const [fromCentre, fromScreen] = loans as unknown as [
      Record<string, unknown>,
      Record<string, unknown>,
    ];
    expect(String(fromCentre['approval_id'])).toBe(String(made.approvalId));
    expect(String(fromScreen['approval_id'])).toBe(String(screen.approvalId));
    const same = (l: Record<string, unknown>) => ({
      ...l,
      loan_id: 0,
      approval_id: 0,
      create_time: 0,
      update_time: 0,
      version: 0,
    });
    expect(same(fromCentre)).toEqual(same(fromScreen));
    expect(fromCentre).toMatchObject({ status: 1, loan_dept_id: 110 });
    const [a, b] = [await approvalOf(made.approvalId), await approvalOf(screen.approvalId)];
    expect(a).toMatchObject({ type_code: '10_1', record_kind: 'fund.loan', status: 0 });
    expect({ ...a, record_id: '' }).toEqual({ ...b, record_id: '' });
    // The sheet the approvers read is the loan's, as for the screen's.
    const d = await c.okData(
      c.get('caiwu', '/project/approval/getCommonApprovalDetail', {
        approvalId: made.approvalId,
      }),
    );
    expect(JSON.stringify(d.sheet)).toContain('0.3');
  });

  it('11_2 above what came back is refused on closedCaseAmount; within it, the closing is 结算结案’s', async () => {
    const contract = await db()
      .insertInto('contract')
      .values({
        status: 1,
        stage: 'formal',
        project_name: '发起审批结案项目',
        contract_name: '发起审批结案合同',
        biz_source: '1',
        total_amount: '120',
        direct_fee: '10',
        technical_fee: '5',
        expert_fee: '2.5',
        operate_fee: '1.333333',
        design_fee: '2.5',
        dept_id: 110,
        user_id: 3,
      })
      .returning('contract_id')
      .executeTakeFirstOrThrow();
    const contractId = contract.contract_id;
    await db()
      .insertInto('back_money')
      .values({ contract_id: contractId, back_amount: '60', back_date: '2026-06-01', user_id: 8 })
      .execute();
    const before = [await count('approval'), await count('contract_closed_case')];
    const close = (amount: string, typeCode = '11_2') =>
      centre({
        typeCode,
        recordKind: 'contract',
        recordId: String(contractId),
        recordFields: { closedCaseAmount: amount, remark: '发起审批结案' },
      });
    const over = await c.refused(close('200'), 400);
    expect(over.errors?.[0]?.field ?? over.field).toBe('closedCaseAmount');
    expect(over.msg).toContain('结案金额不能超过合同已回款金额 60 万元');
    const denied = await c.refused(
      c.post('yuangong', '/project/approval/addCommonTemplate', {
        typeCode: '11_2',
        recordKind: 'contract',
        recordId: String(contractId),
        recordFields: { closedCaseAmount: '30' },
        content: {},
        submit: true,
      }),
      403,
    );
    expect(denied.msg).toBeDefined();
    expect([await count('approval'), await count('contract_closed_case')]).toEqual(before);

    const made = await c.okData(close('30'));
    const record = await c.okData(
      c.get('caiwu', '/v4/contract/closedCase/detailByContractId', { contractId }),
    );
    // Half of what came back: every fee halved, as 结算结案's rule scales them.
    expect(record.record).toMatchObject({
      kind: 'closed',
      closedCaseAmount: '30',
      status: 1,
      approvalId: made.approvalId,
      fees: { directFee: '5', technicalFee: '2.5', expertFee: '1.25' },
    });
    expect(await approvalOf(made.approvalId)).toMatchObject({
      type_code: '11_2',
      record_kind: 'contract.closing',
      status: 0,
    });
    // 11_1 draws up the settlement of the same contract, its own kind.
    const settled = await c.okData(close('30', '11_1'));
    expect(await approvalOf(settled.approvalId)).toMatchObject({ type_code: '11_1' });
  });
});

/**
 * A payment (16_x on a pay item, 20_1 on a plan line) from 发起审批 is 资金支付's 新增付款 with
 * 送审: the pay item's cap and the approved sub-contract rule hold, the payment is the screen's.
 */
describe.each(testDatabaseKinds())('payments from 发起审批 on %s', (kind) => {
  let api: ApprovalTestApi;
  const c = apiClient(() => api);
  const h = fundPayHelpers(() => api, c);
  let contractId: number;
  const payCount = async () =>
    Number(
      (
        await api.database.handle.db
          .selectFrom('fund_pay')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const fields = (payAmount: string) => ({
    reason: '发起审批分包付款',
    payAmount,
    payTime: '2024-07-20',
  });

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    await c.signIn('caiwu', 'yuangong');
    contractId = await h.newContract('发起审批付款合同', 110);
    await h.backMoneyIn(contractId, '50', '2024-06-01');
    await h.approvedFundPlan(110, '2024-07');
  });
  afterAll(() => api?.close());

  it('16_2 beyond the pay item is refused as 新增付款 refuses it; within it, the same payment and approval', async () => {
    const { childPayId } = await h.childWithPayItem(contractId);
    const centre = (payAmount: string, key?: string) =>
      c.post(
        'caiwu',
        '/project/approval/addContractSealTemplate',
        {
          typeCode: '16_2',
          recordKind: 'payItem',
          recordId: String(childPayId),
          recordFields: fields(payAmount),
          content: {},
          submit: true,
        },
        key,
      );
    const before = await payCount();
    const over = await centre('9');
    const screenOver = await c.post('caiwu', '/v4/fundPay/add', {
      childPayId,
      ...fields('9'),
      typeCode: '16_2',
      submit: true,
    });
    expect(over.status).toBeGreaterThanOrEqual(400);
    // The screen's refusal, in its words; its pay-item field is the centre's picker.
    expect(over.body.msg).toBe(screenOver.body.msg);
    expect(over.status).toBe(screenOver.status);
    expect(over.body.field).toBe(
      screenOver.body.field === 'childPayId' ? 'recordId' : screenOver.body.field,
    );
    expect(await payCount()).toBe(before);

    const made = await c.okData(centre('3', 'centre-pay-1'));
    expect((await c.okData(centre('3', 'centre-pay-1'))).approvalId).toBe(made.approvalId);
    const screen = await c.okData(
      c.post('caiwu', '/v4/fundPay/add', {
        childPayId,
        ...fields('3'),
        typeCode: '16_2',
        submit: true,
      }),
    );
    const rows = await api.database.handle.db
      .selectFrom('fund_pay')
      .selectAll()
      .where('reason', '=', '发起审批分包付款')
      .orderBy('pay_id')
      .execute();
    expect(rows).toHaveLength(2);
    const [a, b] = rows as unknown as [Record<string, unknown>, Record<string, unknown>];
    expect(String(a['approval_id'])).toBe(String(made.approvalId));
    expect(String(b['approval_id'])).toBe(String(screen.approvalId));
    const same = (p: Record<string, unknown>) => ({
      ...p,
      pay_id: 0,
      approval_id: 0,
      create_time: 0,
      update_time: 0,
      version: 0,
    });
    expect(same(a)).toEqual(same(b));
    expect(a).toMatchObject({ type_code: '16_2', status: 1 });
    // Without 资金支付's permission: 403.
    await c.refused(
      c.post('yuangong', '/project/approval/addContractSealTemplate', {
        typeCode: '16_2',
        recordKind: 'payItem',
        recordId: String(childPayId),
        recordFields: fields('1'),
        content: {},
        submit: true,
      }),
      403,
    );
  });
});
