/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-argument -- supertest bodies are untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { apiClient } from '../test-support/api-client.js';
import { fundPlanBody } from '../test-support/fund-bodies.js';
import { approveAll as approveAllAs } from '../test-support/approve-all.js';

// Demo institute: caiwu (财务, all data, fund plans), yunying (运营: in this database limited to
// its own department 运营部 104), yuangong (no fund plan permission). Plans are for 建筑一所 110.

describe.each(testDatabaseKinds())('fund plan and fund execution API on %s', (kind) => {
  let api: ApprovalTestApi;
  let contractId: number;
  const { post, get, okData, refused, xlsxRows, signIn } = apiClient(() => api);
  const approvers = ['caiwu', 'yunying', 'bmfzr', 'jingying', 'zjl'];
  /** Approves step by step, whoever of the demo approvers holds the current step. */
  const approveAll = (approvalId: string) => approveAllAs({ get, post }, approvalId, approvers);
  const typeOf = async (approvalId: string) =>
    (
      await api.database.handle.db
        .selectFrom('approval')
        .select('type_code')
        .where('approval_id', '=', Number(approvalId))
        .executeTakeFirstOrThrow()
    ).type_code;
  const planBody = (month: string, extra: object = {}) =>
    fundPlanBody(
      month,
      [
        {
          lineKind: 'income',
          subjectName: '合同回款',
          contractId,
          amount: '60',
          paybackRate: '0.5',
          allotAmount: '10.000001',
        },
        { lineKind: 'rigid', subjectName: '工资', amount: '20' },
        { lineKind: 'rigid', subjectName: '房租', amount: '4.5' },
        { lineKind: 'loan', subjectName: '团队借款', amount: '5' },
        { lineKind: 'payment', subjectName: '分包付款', amount: '15' },
      ],
      { reason: '建筑一所月度资金安排', ...extra },
    );

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    const db = api.database.handle.db;
    const c = await db
      .selectFrom('contract')
      .select('contract_id')
      .where('del_flag', '=', '0')
      .orderBy('contract_id')
      .executeTakeFirstOrThrow();
    contractId = c.contract_id;
    // 运营 sees only its own department in this database: the scope refusals below.
    await db.updateTable('sys_role').set({ data_scope: '3' }).where('role_id', '=', 9).execute();
    await signIn('caiwu', 'yunying', 'bmfzr', 'jingying', 'zjl', 'yuangong');
  });
  afterAll(() => api.close());

  it('checks permission and data scope on every call', async () => {
    for (const path of [
      '/contract/fundPlan/list',
      '/contract/fundPlan/export',
      '/contract/fundPlan/chart',
      '/contract/fundPerform/list',
      '/contract/fundPerform/export',
    ])
      await refused(get('yuangong', path), 403);
    await refused(get('yuangong', '/contract/fundPlan/detail', { planId: 1 }), 403);
    await refused(post('yuangong', '/contract/fundPlan/add', planBody('2030-01')), 403);
    await refused(post('yuangong', '/contract/fundPerform/add', { planId: 1 }), 403);
    const p = await okData(post('caiwu', '/contract/fundPlan/add', planBody('2030-01')));
    // Another department without scope: not visible, not writable.
    await refused(get('yunying', '/contract/fundPlan/detail', { planId: p.planId }), 404, 'planId');
    await refused(post('yunying', '/contract/fundPlan/add', planBody('2030-01')), 403, 'deptId');
    await refused(
      post('yunying', '/contract/fundPlan/edit', { ...planBody('2030-01'), planId: p.planId }),
      403,
      'deptId',
    );
    await refused(
      post('yunying', '/contract/fundPlan/edit', {
        ...planBody('2030-01'),
        deptId: 104,
        lines: [{ lineKind: 'rigid', subjectName: '工资', amount: '1' }],
        planId: p.planId,
      }),
      404,
      'planId',
    );
    await refused(get('yunying', '/contract/fundPlan/delete', { planId: p.planId }), 404);
    await refused(
      post('yunying', '/contract/fundPlan/updateToApproval', { planId: p.planId }),
      404,
    );
    await refused(get('yunying', '/contract/fundPlan/chart', { deptId: 110 }), 403, 'deptId');
    const list = await get('yunying', '/contract/fundPlan/list', { planMonth: '2030-01' });
    expect(list.body.total).toBe(0);
    const rows = await xlsxRows('yunying', '/contract/fundPlan/export', { planMonth: '2030-01' });
    expect(rows).toHaveLength(1);
    // Its own department is fine.
    const own = await okData(
      post('yunying', '/contract/fundPlan/add', {
        ...planBody('2030-01'),
        deptId: 104,
        lines: [{ lineKind: 'rigid', subjectName: '工资', amount: '1' }],
      }),
    );
    expect(own.deptName).toBe('运营部');
  });

  it('refuses bad input with 400 naming the field, storing nothing', async () => {
    const count = async () =>
      Number(
        (
          await api.database.handle.db
            .selectFrom('fund_plan')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const bad = async (body: object, field: string) =>
      refused(post('caiwu', '/contract/fundPlan/add', body), 400, field);
    await bad(planBody('2030-13'), 'planMonth');
    await bad(planBody('2030-02', { lines: [] }), 'lines');
    await bad(
      planBody('2030-02', { lines: [{ lineKind: 'rigid', subjectName: '工资', amount: 12 }] }),
      'lines[0].amount',
    );
    await bad(
      planBody('2030-02', { lines: [{ lineKind: 'rigid', subjectName: '工资', amount: '-1' }] }),
      'lines[0].amount',
    );
    await bad(
      planBody('2030-02', {
        lines: [{ lineKind: 'rigid', subjectName: '工资', amount: '1.0000001' }],
      }),
      'lines[0].amount',
    );
    await bad(
      planBody('2030-02', { lines: [{ lineKind: 'income', subjectName: '回款', amount: '1' }] }),
      'lines[0].contractId',
    );
    await bad(
      planBody('2030-02', {
        lines: [
          { lineKind: 'income', subjectName: '回款', contractId, amount: '1', paybackRate: '1.2' },
        ],
      }),
      'lines[0].paybackRate',
    );
    await bad(
      planBody('2030-02', { lines: [{ lineKind: 'other', subjectName: '工资', amount: '1' }] }),
      'lines[0].lineKind',
    );
    const res = await bad(
      planBody('2030-02', { lines: [{ lineKind: 'rigid', subjectName: '', amount: '1' }] }),
      'lines[0].subjectName',
    );
    expect(res.msg).toContain('第1行科目名称');
    // The route validates the lines with the wire schema: every bad line's field at once.
    const all = await bad(
      planBody('2030-02', {
        lines: [
          { lineKind: 'rigid', subjectName: '工资', amount: '3' },
          { lineKind: 'rigid', subjectName: '房租', amount: 4.5 },
          { lineKind: 'income', subjectName: '', amount: '1', paybackRate: '2' },
        ],
      }),
      'lines[1].amount',
    );
    expect(all.errors).toEqual([
      { field: 'lines[1].amount', message: '第2行金额格式不正确：请输入最多6位小数的金额（万元）' },
      { field: 'lines[2].subjectName', message: '第3行科目名称不能为空' },
      { field: 'lines[2].contractId', message: '第3行合同：预计回款须选择合同' },
      { field: 'lines[2].paybackRate', message: '第3行回款率应为0到1之间、最多6位小数的数' },
    ]);
    await refused(
      post('caiwu', '/contract/fundPlan/add', {
        ...planBody('2030-02'),
        lines: [{ lineKind: 'income', subjectName: '回款', contractId: 999999, amount: '1' }],
      }),
      404,
      'lines[0].contractId',
    );
    expect(await count()).toBe(before);
  });

  it('drafts, totals and tips, edits, submits as 8_1, approves; then locked and one per month', async () => {
    const p = await okData(post('caiwu', '/contract/fundPlan/add', planBody('2030-03')));
    expect(p).toMatchObject({
      status: 0,
      statusName: '草稿',
      incomeAmount: '60',
      rigidAmount: '24.5',
      totalAmount: '44.5',
      reserveAmount: '49',
      confirmAmount: '5.000001',
      balanceAmount: '15.5',
    });
    expect(p.lines[0]).toMatchObject({ lineKindName: '预计回款', confirmAmount: '5.000001' });
    const second = await okData(post('caiwu', '/contract/fundPlan/add', planBody('2030-03')));
    const edited = await okData(
      post('caiwu', '/contract/fundPlan/edit', {
        ...planBody('2030-03'),
        planId: p.planId,
        version: p.version,
        reason: '改后的说明',
      }),
    );
    expect(edited.reason).toBe('改后的说明');
    await refused(
      post('caiwu', '/contract/fundPlan/edit', {
        ...planBody('2030-03'),
        planId: p.planId,
        version: p.version,
      }),
      409,
    );
    const sent = await okData(
      post('caiwu', '/contract/fundPlan/updateToApproval', { planId: p.planId }),
    );
    expect(sent).toMatchObject({ status: 1, approvalKind: '8_1' });
    expect(await typeOf(sent.approvalId)).toBe('8_1');
    await refused(
      post('caiwu', '/contract/fundPlan/updateToApproval', { planId: second.planId }),
      409,
      'planMonth',
    );
    await approveAll(String(sent.approvalId));
    const approved = await okData(get('caiwu', '/contract/fundPlan/detail', { planId: p.planId }));
    expect(approved).toMatchObject({ status: 2, statusName: '已通过' });
    // Editing or deleting an approved plan is refused; the other draft cannot be approved too.
    await refused(
      post('caiwu', '/contract/fundPlan/edit', { ...planBody('2030-03'), planId: p.planId }),
      422,
    );
    await refused(get('caiwu', '/contract/fundPlan/delete', { planId: p.planId }), 422);
    await refused(
      post('caiwu', '/contract/fundPlan/updateToApproval', { planId: second.planId }),
      409,
      'planMonth',
    );
    await okData(get('caiwu', '/contract/fundPlan/delete', { planId: second.planId }));
    await refused(get('caiwu', '/contract/fundPlan/detail', { planId: second.planId }), 404);
    const list = await get('caiwu', '/contract/fundPlan/list', { planMonth: '2030-03' });
    expect(list.body.total).toBe(1);
    expect(list.body.rows[0].planId).toBe(p.planId);
  });

  it('a plan spending beyond its income travels on 8_2', async () => {
    const p = await okData(
      post('caiwu', '/contract/fundPlan/add', {
        ...planBody('2030-04'),
        lines: [{ lineKind: 'rigid', subjectName: '工资', amount: '8' }],
        submit: true,
      }),
    );
    expect(p.status).toBe(1);
    expect(await typeOf(p.approvalId)).toBe('8_2');
  });

  it('records execution against the approved plan, refuses over-plan unless asked, and charts both', async () => {
    const p = await okData(
      post('caiwu', '/contract/fundPlan/add', { ...planBody('2030-05'), submit: true }),
    );
    await approveAll(String(p.approvalId));
    const plan = await okData(get('caiwu', '/contract/fundPlan/detail', { planId: p.planId }));
    expect(plan.status).toBe(2);
    const lines = plan.lines as { subjectName: string; lineId: number }[];
    const line = (name: string) => lines.find((l) => l.subjectName === name)?.lineId;
    const base = { planId: p.planId, performDate: '2030-05-25' };
    await refused(
      post('caiwu', '/contract/fundPerform/add', {
        ...base,
        lineKind: 'rigid',
        lines: [{ planLineId: line('工资'), amount: '20.000001' }],
      }),
      422,
      'lines[0].amount',
    );
    await refused(
      post('caiwu', '/contract/fundPerform/add', {
        ...base,
        lineKind: 'rigid',
        lines: [{ planLineId: line('分包付款'), amount: '1' }],
      }),
      400,
      'lines[0].planLineId',
    );
    await refused(
      post('caiwu', '/contract/fundPerform/add', {
        ...base,
        lineKind: 'rigid',
        lines: [{ planLineId: line('工资'), amount: '0' }],
      }),
      400,
      'lines[0].amount',
    );
    await refused(
      post('caiwu', '/contract/fundPerform/add', {
        ...base,
        performDate: '2030-02-30',
        lineKind: 'rigid',
        lines: [{ planLineId: line('工资'), amount: '1' }],
      }),
      400,
      'performDate',
    );
    const draft = await okData(
      post('caiwu', '/contract/fundPerform/add', {
        ...base,
        lineKind: 'rigid',
        reason: '五月工资与房租',
        lines: [
          { planLineId: line('工资'), amount: '19.5' },
          { planLineId: line('房租'), amount: '4.5' },
        ],
      }),
    );
    expect(draft).toMatchObject({ status: 0, totalAmount: '24', lineKindName: '刚性支出' });
    const edited = await okData(
      post('caiwu', '/contract/fundPerform/edit', {
        ...base,
        performId: draft.performId,
        version: draft.version,
        lineKind: 'rigid',
        lines: [
          { planLineId: line('工资'), amount: '19' },
          { planLineId: line('房租'), amount: '4.5' },
        ],
      }),
    );
    expect(edited.totalAmount).toBe('23.5');
    const sent = await okData(
      post('caiwu', '/contract/fundPerform/updateToApproval', { performId: draft.performId }),
    );
    expect(sent.status).toBe(1);
    expect(await typeOf(sent.approvalId)).toBe('26_1');
    await refused(
      get('caiwu', '/contract/fundPerform/delete', { performId: draft.performId }),
      422,
    );
    await approveAll(String(sent.approvalId));
    const done = await okData(
      get('caiwu', '/contract/fundPerform/detail', { performId: draft.performId }),
    );
    expect(done.status).toBe(2);
    const after = await okData(get('caiwu', '/contract/fundPlan/detail', { planId: p.planId }));
    expect(after.executedAmount).toBe('23.5');
    // The plan with an execution cannot be deleted, and is approved anyway.
    await refused(get('caiwu', '/contract/fundPlan/delete', { planId: p.planId }), 422);

    const income = await okData(
      post('caiwu', '/contract/fundPerform/add', {
        ...base,
        lineKind: 'income',
        lines: [{ planLineId: line('合同回款'), amount: '30' }],
        submit: true,
      }),
    );
    expect(await typeOf(income.approvalId)).toBe('9_1');
    await approveAll(String(income.approvalId));
    const over = await okData(
      post('caiwu', '/contract/fundPerform/add', {
        ...base,
        lineKind: 'rigid',
        overPlan: true,
        lines: [{ planLineId: line('工资'), amount: '2' }],
        submit: true,
      }),
    );
    expect(await typeOf(over.approvalId)).toBe('9_2');
    expect(over.overPlan).toBe(true);
    const scratch = await okData(
      post('caiwu', '/contract/fundPerform/add', {
        ...base,
        lineKind: 'payment',
        lines: [{ planLineId: line('分包付款'), amount: '1' }],
      }),
    );
    await okData(get('caiwu', '/contract/fundPerform/delete', { performId: scratch.performId }));
    await refused(
      get('caiwu', '/contract/fundPerform/detail', { performId: scratch.performId }),
      404,
    );

    const list = await get('caiwu', '/contract/fundPerform/list', { planId: p.planId });
    expect(list.body.total).toBe(3);
    await refused(
      get('yunying', '/contract/fundPerform/detail', { performId: draft.performId }),
      404,
    );
    expect(
      (await get('yunying', '/contract/fundPerform/list', { planId: p.planId })).body.total,
    ).toBe(0);

    const chart = await okData(
      get('caiwu', '/contract/fundPlan/chart', { month: '2030-05', deptId: 110 }),
    );
    expect(chart).toHaveLength(12);
    expect(chart[11]).toEqual({
      month: '2030-05',
      planIncome: '60',
      planSpend: '44.5',
      performIncome: '30',
      performSpend: '23.5',
    });
    const rows = await xlsxRows('caiwu', '/contract/fundPerform/export', { planId: p.planId });
    expect(rows[0]?.[4]).toBe('执行金额（万元）');
    expect(rows).toHaveLength(4);
    const plans = await xlsxRows('caiwu', '/contract/fundPlan/export', { planMonth: '2030-05' });
    // The plan list's columns: 计划月份, 计划部门, 预计回款, 计划支出, 储备资金, 已执行 ...
    expect(plans[1]?.[3]).toBe('44.5');
    expect(plans[1]?.[5]).toBe('53.5');
    // Execution moves no balance of the fund ledger: it still reconciles.
    const mismatches = await api.database.handle.db
      .selectFrom('fund_balance as b')
      .select(['b.account_kind', 'b.account_id', 'b.balance'])
      .select((eb) =>
        eb
          .selectFrom('fund_ledger as l')
          .whereRef('l.account_kind', '=', 'b.account_kind')
          .whereRef('l.account_id', '=', 'b.account_id')
          .select((e) => e.fn.coalesce(e.fn.sum<string>('l.amount'), e.val('0')).as('s'))
          .as('ledger'),
      )
      .execute();
    for (const m of mismatches) expect(Number(m.balance)).toBe(Number(m.ledger));
  });

  it('refuses execution on a plan that is not approved', async () => {
    const p = await okData(post('caiwu', '/contract/fundPlan/add', planBody('2030-06')));
    await refused(
      post('caiwu', '/contract/fundPerform/add', {
        planId: p.planId,
        lineKind: 'rigid',
        performDate: '2030-06-01',
        lines: [{ planLineId: p.lines[1].lineId, amount: '1' }],
      }),
      422,
      'planId',
    );
  });
});
