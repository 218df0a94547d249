/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument -- supertest bodies are untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { apiClient } from '../test-support/api-client.js';
import { fundPayHelpers } from './fund-pay-fixture.js';

// Demo institute: caiwu (财务, all data, heads 财务部 103), bmfzr (部门负责人 of 建筑一所 110),
// bmfzr2 (部门负责人 of 结构所 112), yunying (运营), jingying (经营部), zhsw (综合事务部),
// yuangong (普通员工, no fund permission). 20_1 goes to the drafter's head, operations and finance;
// 16_x to the business department and general affairs. The demo config switches fund_plan_switch on.

describe.each(testDatabaseKinds())('fund payments and payment plans API on %s', (kind) => {
  let api: ApprovalTestApi;
  let contractId: number;
  let childPayId: number;
  let contractChildId: number;
  const client = apiClient(() => api);
  const { post, get, okData, xlsxRows, signIn } = client;
  const {
    refused,
    reconciles,
    setSwitch,
    approvedFundPlan,
    approveAll,
    backMoneyLeft,
    newContract,
    childWithPayItem,
    backMoneyIn,
  } = fundPayHelpers(() => api, client);

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    contractId = await newContract('付款接口测试合同', 110);
    ({ contractChildId, childPayId } = await childWithPayItem(contractId));
    await signIn('caiwu', 'bmfzr', 'bmfzr2', 'yunying', 'jingying', 'zhsw', 'yuangong', 'zjl');
    await backMoneyIn(contractId, '50', '2024-06-01');
    await approvedFundPlan(110, '2024-07');
  });
  afterAll(() => api.close());

  let planId: number;

  it('plans what a contract pays whom per month: add, list, detail, edit, export and refusals', async () => {
    const plan = await okData(
      post('caiwu', '/contract/paymentPlan/add', {
        contractId,
        planMonth: '2024-07',
        subjectName: '咨询费',
        receiveCompanyName: '某设计顾问公司',
        planPayAmount: '20',
        remark: '七月计划',
      }),
    );
    planId = plan.paymentPlanId;
    expect(plan).toMatchObject({
      contractId,
      contractName: '付款接口测试合同',
      deptId: 110,
      planMonth: '2024-07',
      planPayAmount: '20',
      paidAmount: '0',
      canPayAmount: '20',
    });
    // A sub-contract's payee is the default payee.
    const childPlan = await okData(
      post('caiwu', '/contract/paymentPlan/add', {
        contractChildId,
        planMonth: '2024-09',
        planPayAmount: '3',
      }),
    );
    expect(childPlan).toMatchObject({ contractId, receiveCompanyName: '某技术服务公司' });

    await refused(
      post('caiwu', '/contract/paymentPlan/add', {
        contractId,
        planMonth: '2024-07',
        receiveCompanyName: 'x',
        planPayAmount: '1.1234567',
      }),
      400,
      'planPayAmount',
    );
    await refused(
      post('caiwu', '/contract/paymentPlan/add', {
        contractId,
        planMonth: '2024-07',
        receiveCompanyName: 'x',
        planPayAmount: 12,
      }),
      400,
      'planPayAmount',
    );
    await refused(
      post('caiwu', '/contract/paymentPlan/add', {
        contractId,
        planMonth: '2026-13',
        receiveCompanyName: 'x',
        planPayAmount: '1',
      }),
      400,
      'planMonth',
    );
    await refused(
      post('caiwu', '/contract/paymentPlan/add', {
        contractId: 999_999,
        planMonth: '2024-07',
        receiveCompanyName: 'x',
        planPayAmount: '1',
      }),
      404,
    );
    // 结构所's head does not see 建筑一所's contract.
    await refused(
      post('bmfzr2', '/contract/paymentPlan/add', {
        contractId,
        planMonth: '2024-07',
        receiveCompanyName: 'x',
        planPayAmount: '1',
      }),
      403,
      'contractId',
    );
    await refused(get('bmfzr2', '/contract/paymentPlan/detail', { paymentPlanId: planId }), 403);
    await refused(get('yuangong', '/contract/paymentPlan/list'), 403);
    expect((await get('bmfzr2', '/contract/paymentPlan/list', { contractId })).body.total).toBe(0);
    const listed = await get('bmfzr', '/contract/paymentPlan/list', {
      contractId,
      planMonth: '2024-07',
    });
    expect(listed.status).toBe(200);
    expect(listed.body.rows.map((r: { paymentPlanId: number }) => r.paymentPlanId)).toEqual([
      planId,
    ]);

    const edited = await okData(
      post('bmfzr', '/contract/paymentPlan/edit', {
        paymentPlanId: planId,
        planMonth: '2024-07',
        subjectName: '咨询费',
        receiveCompanyName: '某设计顾问公司',
        planPayAmount: '25',
        version: plan.version,
      }),
    );
    expect(edited).toMatchObject({ planPayAmount: '25', canPayAmount: '25' });
    await refused(
      post('bmfzr', '/contract/paymentPlan/edit', {
        paymentPlanId: planId,
        planMonth: '2024-07',
        receiveCompanyName: '某设计顾问公司',
        planPayAmount: '26',
        version: plan.version,
      }),
      409,
    );
    expect(
      await okData(get('caiwu', '/contract/paymentPlan/detail', { paymentPlanId: planId })),
    ).toMatchObject({ planPayAmount: '25' });
    const rows = await xlsxRows('caiwu', '/contract/paymentPlan/export', { contractId });
    expect(rows[0]).toContain('计划付款金额（万元）');
    expect(rows.some((r) => r.includes('某设计顾问公司') && r.includes('25'))).toBe(true);
    // A plan without payments may go.
    await okData(
      post('caiwu', '/contract/paymentPlan/delete', { paymentPlanId: childPlan.paymentPlanId }),
    );
    await refused(
      get('caiwu', '/contract/paymentPlan/detail', { paymentPlanId: childPlan.paymentPlanId }),
      404,
    );
  });

  it('enters a payment with its net pay, sends it as 20_1, approves it and pays it from back money', async () => {
    const pay = await okData(
      post('bmfzr', '/v4/fundPay/add', {
        paymentPlanId: planId,
        reason: '支付七月咨询费',
        payTime: '2024-07-15',
        payAmount: '10',
        taxRate: '0.03',
      }),
    );
    expect(pay).toMatchObject({
      contractId,
      deptId: 110,
      planMonth: '2024-07',
      subjectName: '咨询费',
      receiveCompanyName: '某设计顾问公司',
      payCompanyName: '某某建筑设计研究院',
      payAmount: '10',
      taxRate: '0.03',
      realPayAmount: '9.7',
      typeCode: '20_1',
      status: 0,
      statusName: '草稿',
    });
    // Bad amounts and tax rates name their field and change nothing.
    const base = { paymentPlanId: planId, reason: '付款' };
    await refused(
      post('bmfzr', '/v4/fundPay/add', { ...base, payAmount: 'abc' }),
      400,
      'payAmount',
    );
    await refused(post('bmfzr', '/v4/fundPay/add', { ...base, payAmount: '0' }), 400, 'payAmount');
    await refused(post('bmfzr', '/v4/fundPay/add', { ...base, payAmount: 3 }), 400, 'payAmount');
    await refused(
      post('bmfzr', '/v4/fundPay/add', { ...base, payAmount: '0.30000000000000004' }),
      400,
      'payAmount',
    );
    await refused(
      post('bmfzr', '/v4/fundPay/add', { ...base, payAmount: '1', taxRate: '0.09' }),
      400,
      'taxRate',
    );
    await refused(
      post('bmfzr', '/v4/fundPay/add', { ...base, payAmount: '1', taxRate: '-0.01' }),
      400,
      'taxRate',
    );
    await refused(
      post('bmfzr', '/v4/fundPay/add', { reason: '付款', payAmount: '1' }),
      400,
      'paymentPlanId',
    );
    await refused(
      post('bmfzr', '/v4/fundPay/add', { ...base, childPayId, payAmount: '1' }),
      400,
      'paymentPlanId',
    );
    await refused(
      post('bmfzr', '/v4/fundPay/add', { ...base, payAmount: '1', typeCode: '16_1' }),
      400,
      'typeCode',
    );
    // Over the plan line: 25 planned, 10 taken by the draft.
    const over = await refused(
      post('bmfzr', '/v4/fundPay/add', { ...base, payAmount: '15.000001' }),
      422,
      'payAmount',
    );
    expect(over.msg).toContain('可付15万元');
    // Another department's head neither sees nor touches it.
    await refused(get('bmfzr2', '/v4/fundPay/detail', { payId: pay.payId }), 403);
    await refused(
      post('bmfzr2', '/v4/fundPay/edit', { payId: pay.payId, reason: 'x', payAmount: '1' }),
      403,
    );
    await refused(post('bmfzr2', '/v4/fundPay/delete', { payId: pay.payId }), 403);
    await refused(post('bmfzr2', '/v4/fundPay/updateToApproval', { payId: pay.payId }), 403);
    await refused(post('bmfzr2', '/v4/fundPay/add', { ...base, payAmount: '1' }), 404);
    await refused(get('yuangong', '/v4/fundPay/list'), 403);
    expect((await get('bmfzr2', '/v4/fundPay/list')).body.total).toBe(0);

    const edited = await okData(
      post('bmfzr', '/v4/fundPay/edit', {
        payId: pay.payId,
        reason: '支付七月咨询费',
        payTime: '2024-07-15',
        payAmount: '12',
        taxRate: '0.03',
        version: pay.version,
      }),
    );
    expect(edited).toMatchObject({ payAmount: '12', realPayAmount: '11.64' });
    expect(
      await okData(get('caiwu', '/contract/paymentPlan/detail', { paymentPlanId: planId })),
    ).toMatchObject({ pendingAmount: '12', canPayAmount: '13' });

    const sent = await okData(post('bmfzr', '/v4/fundPay/updateToApproval', { payId: pay.payId }));
    expect(sent).toMatchObject({ status: 1, statusName: '审批中' });
    expect(sent.approvalId).toEqual(expect.any(String));
    await refused(
      post('bmfzr', '/v4/fundPay/edit', { payId: pay.payId, reason: 'x', payAmount: '1' }),
      422,
    );
    await refused(post('bmfzr', '/v4/fundPay/delete', { payId: pay.payId }), 422);
    const done = await approveAll(sent.approvalId, ['zjl', 'bmfzr', 'yunying', 'caiwu']);
    expect(done.status).toBe(1);
    const paid = await okData(get('bmfzr', '/v4/fundPay/detail', { payId: pay.payId }));
    expect(paid).toMatchObject({ status: 2, statusName: '已付款' });
    expect(paid.paidTime).toEqual(expect.any(String));
    // Its net pay left the contract's unallotted back money, in the ledger.
    expect(await backMoneyLeft(contractId)).toEqual(['38.36']);
    await reconciles();
    // The back money's history names the payment's line.
    const [back] = (await get('caiwu', '/project/backMoney/list', { contractId })).body.rows;
    const history = await okData(
      get('caiwu', '/project/backMoney/history', { backMoneyId: back.backMoneyId }),
    );
    expect(history.map((e: { movementName?: string }) => e.movementName)).toContain('资金支付');
    expect(
      await okData(get('caiwu', '/contract/paymentPlan/detail', { paymentPlanId: planId })),
    ).toMatchObject({ paidAmount: '12', pendingAmount: '0', canPayAmount: '13' });
    await refused(post('bmfzr', '/v4/fundPay/delete', { payId: pay.payId }), 422);
    await refused(post('caiwu', '/contract/paymentPlan/delete', { paymentPlanId: planId }), 409);
    await refused(
      post('caiwu', '/contract/paymentPlan/edit', {
        paymentPlanId: planId,
        planMonth: '2024-07',
        receiveCompanyName: '某设计顾问公司',
        planPayAmount: '11',
      }),
      422,
      'planPayAmount',
    );

    const months = await okData(get('caiwu', '/v4/fundPay/monthStat', { contractId }));
    expect(months).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          month: '2024-07',
          planPayAmount: '25',
          payAmount: '12',
          realPayAmount: '11.64',
          count: 1,
        }),
      ]),
    );
    const listed = await get('caiwu', '/v4/fundPay/list', { contractId, status: '2' });
    expect(listed.body.rows.map((r: { payId: number }) => r.payId)).toEqual([pay.payId]);
    const rows = await xlsxRows('caiwu', '/v4/fundPay/export', { contractId });
    expect(rows[0]).toContain('实付金额（万元）');
    expect(rows.some((r) => r.includes('11.64') && r.includes('已付款'))).toBe(true);
  });

  it('with fund_plan_switch on, sends and approves only payments whose department plan for the month is approved', async () => {
    const plan = await okData(
      post('caiwu', '/contract/paymentPlan/add', {
        contractId,
        planMonth: '2024-08',
        receiveCompanyName: '某设计顾问公司',
        planPayAmount: '5',
      }),
    );
    const pay = await okData(
      post('bmfzr', '/v4/fundPay/add', {
        paymentPlanId: plan.paymentPlanId,
        reason: '八月付款',
        payAmount: '2',
      }),
    );
    expect(pay.realPayAmount).toBe('2');
    const no = await refused(
      post('bmfzr', '/v4/fundPay/updateToApproval', { payId: pay.payId }),
      422,
      'planMonth',
    );
    expect(no.msg).toContain('资金计划');
    // Nor with submit on add.
    await refused(
      post('bmfzr', '/v4/fundPay/add', {
        paymentPlanId: plan.paymentPlanId,
        reason: '八月付款',
        payAmount: '1',
        submit: true,
      }),
      422,
      'planMonth',
    );
    // Switched off ('0'), it may be sent; switched on again before the last node, it waits for the plan.
    await setSwitch('0');
    const sent = await okData(post('bmfzr', '/v4/fundPay/updateToApproval', { payId: pay.payId }));
    await setSwitch('开');
    const stopped = await approveAll(sent.approvalId, ['zjl', 'bmfzr', 'yunying', 'caiwu']);
    expect(stopped.status).toBe(0);
    expect(stopped.refusal?.body.field).toBe('planMonth');
    expect(await okData(get('bmfzr', '/v4/fundPay/detail', { payId: pay.payId }))).toMatchObject({
      status: 1,
    });
    await approvedFundPlan(110, '2024-08');
    expect((await approveAll(sent.approvalId, ['zjl', 'bmfzr', 'yunying', 'caiwu'])).status).toBe(
      1,
    );
    expect(await okData(get('bmfzr', '/v4/fundPay/detail', { payId: pay.payId }))).toMatchObject({
      status: 2,
    });
    await setSwitch('true');
    await reconciles();
  });

  it('never takes the contract back money below zero, when sent or when approved', async () => {
    const cid = await newContract('余额不足测试合同', 110);
    const back = await okData(
      post('caiwu', '/project/backMoney/insert', {
        contractId: cid,
        backAmount: '1',
        backDate: '2024-06-01',
      }),
    );
    const plan = await okData(
      post('caiwu', '/contract/paymentPlan/add', {
        contractId: cid,
        planMonth: '2024-07',
        receiveCompanyName: '某供应商',
        planPayAmount: '10',
      }),
    );
    const big = await okData(
      post('bmfzr', '/v4/fundPay/add', {
        paymentPlanId: plan.paymentPlanId,
        reason: '超额付款',
        payAmount: '5',
      }),
    );
    const short = await refused(
      post('bmfzr', '/v4/fundPay/updateToApproval', { payId: big.payId }),
      422,
      'payAmount',
    );
    expect(short.msg).toContain('余额1万元');
    await okData(post('bmfzr', '/v4/fundPay/delete', { payId: big.payId }));
    await refused(get('bmfzr', '/v4/fundPay/detail', { payId: big.payId }), 404);

    const fits = await okData(
      post('bmfzr', '/v4/fundPay/add', {
        paymentPlanId: plan.paymentPlanId,
        reason: '付款',
        payAmount: '0.9',
        submit: true,
      }),
    );
    expect(fits).toMatchObject({ status: 1, realPayAmount: '0.9' });
    // The back money is allotted to a team meanwhile: the last approval finds too little left.
    await okData(
      post('caiwu', '/project/backMoney/allotDesign', {
        backMoneyId: back.backMoneyId,
        deptId: 110,
        allotAmount: '0.5',
      }),
    );
    const stopped = await approveAll(fits.approvalId, ['zjl', 'bmfzr', 'yunying', 'caiwu']);
    expect(stopped.status).toBe(0);
    expect(stopped.refusal?.body.errorCode ?? stopped.refusal?.body.code).toBeDefined();
    expect(String(stopped.refusal?.body.msg)).toContain('余额不足');
    expect(await backMoneyLeft(cid)).toEqual(['0.5']);
    expect(await okData(get('bmfzr', '/v4/fundPay/detail', { payId: fits.payId }))).toMatchObject({
      status: 1,
    });
    await reconciles();
  });

  it('pays a sub-contract pay item as a payment contract (16_2)', async () => {
    await refused(
      post('caiwu', '/v4/fundPay/add', {
        childPayId,
        reason: '分包付款',
        payAmount: '8.5',
        planMonth: '2024-07',
      }),
      422,
      'payAmount',
    );
    await refused(
      post('caiwu', '/v4/fundPay/add', {
        childPayId,
        reason: '分包付款',
        payAmount: '2',
        planMonth: '2024-07',
        typeCode: '20_1',
      }),
      400,
      'typeCode',
    );
    const pay = await okData(
      post('caiwu', '/v4/fundPay/add', {
        childPayId,
        reason: '分包技术服务费',
        payAmount: '8',
        payTime: '2024-07-20',
      }),
    );
    // The pay item's own rate (3%) and payee are the payment's; the month is the pay date's.
    expect(pay).toMatchObject({
      contractChildId,
      planMonth: '2024-07',
      taxRate: '0.03',
      realPayAmount: '7.76',
      receiveCompanyName: '某技术服务公司',
      typeCode: '16_1',
    });
    await refused(
      post('caiwu', '/v4/fundPay/updateToApproval', { payId: pay.payId, typeCode: '20_1' }),
      400,
      'typeCode',
    );
    const sent = await okData(
      post('caiwu', '/v4/fundPay/updateToApproval', { payId: pay.payId, typeCode: '16_2' }),
    );
    expect(sent).toMatchObject({ status: 1, typeCode: '16_2', typeName: '付款合同' });
    expect((await approveAll(sent.approvalId, ['zjl', 'jingying', 'zhsw'])).status).toBe(1);
    expect(await okData(get('caiwu', '/v4/fundPay/detail', { payId: pay.payId }))).toMatchObject({
      status: 2,
    });
    expect(await backMoneyLeft(contractId)).toEqual(['28.6']);
    await reconciles();
  });
});
