/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/test-database.js';
import {
  approveToEnd,
  openContractApi,
  rejectNow,
  type ContractClient,
  type ContractTestApi,
} from './contract-helpers.js';

// 备案变更 (12_x) is a record: on a formal filing, a change proposes fields and goes for approval;
// approved, the filing takes them (split recomputed, logged in its history) in the approval's
// transaction; rejected, nothing changes. From the filing's 变更 and from 发起审批 alike.

interface Figure {
  readonly key: string;
  readonly label: string;
  readonly value: string;
  readonly before?: string;
}

const filing = (lxNo: string) => ({
  projectName: '备案变更项目',
  lxNo,
  bizSource: '1',
  totalAmount: '50',
  cleanAmount: '45',
  directFee: '5',
  remark: '原备注',
});

describe.each(testDatabaseKinds())('filing changes (备案变更 12_x) on %s', (kind) => {
  let api: ContractTestApi;
  let zhjy: ContractClient;
  const data = async (r: request.Test) => {
    const res = await r;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const refused = async (r: request.Test, field: string) => {
    const res = await r;
    expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.field ?? res.body.errors?.[0]?.field, JSON.stringify(res.body)).toBe(field);
    return res.body as { msg: string };
  };
  /** A formal filing: recorded after the fact (补录), approved at once. */
  const formal = async (lxNo: string): Promise<number> =>
    Number((await data(zhjy.post('/project/lixiang/addHistory', filing(lxNo)))).lxId);
  const detail = (lxId: number) => data(zhjy.get('/project/lixiang/detailById', { lxId }));
  const changeRows = (lxId: number) =>
    api.db
      .selectFrom('lixiang_change')
      .selectAll()
      .where('lx_id', '=', lxId)
      .orderBy('change_id')
      .execute();
  const approvalOf = (approvalId: string | number) =>
    api.db
      .selectFrom('approval')
      .select(['type_code', 'kind', 'record_kind', 'record_id', 'status'])
      .where('approval_id', '=', Number(approvalId))
      .executeTakeFirstOrThrow();
  const fromScreen = (lxId: number, fields: Record<string, string>, reason = '甲方更名') =>
    zhjy.post('/v4/lixiang/change/add', { lxId, reason, fields });
  const fromCentre = (lxId: number | string, fields: Record<string, string>, reason = '甲方更名') =>
    zhjy.post('/project/approval/addDeclareTemplate', {
      typeCode: '12_1',
      recordKind: 'filing',
      recordId: String(lxId),
      content: { reason: { value: reason } },
      recordFields: fields,
      submit: true,
    });

  beforeAll(async () => {
    api = await openContractApi(kind);
    zhjy = await api.as('zhjy');
  });
  afterAll(() => api.close());

  it('the 变更 screen and 发起审批 give the same change record and the same 12_1 approval', async () => {
    const fields = { projectName: '备案变更项目（更名）', totalAmount: '80', remark: '补充协议' };
    const a = await formal('LX-CHG-A');
    const b = await formal('LX-CHG-B');
    const screen = await data(fromScreen(a, fields));
    expect(screen.change).toMatchObject({ lxId: a, status: 0, reason: '甲方更名' });
    const centre = await data(fromCentre(b, fields));
    expect(centre).toMatchObject({ status: 0 });

    const [ra] = await changeRows(a);
    const [rb] = await changeRows(b);
    const sameBut = (r: typeof ra) => ({
      proposed: { ...(r!.proposed as object), lxNo: '' },
      previous: { ...(r!.previous as object), lxNo: '' },
      reason: r!.reason,
      status: r!.status,
      user_id: r!.user_id,
    });
    expect(sameBut(rb)).toEqual(sameBut(ra));
    expect(ra!.proposed).toMatchObject({ projectName: fields.projectName, totalAmount: '80' });
    expect(ra!.previous).toMatchObject({ projectName: '备案变更项目', totalAmount: '50' });
    const [sa, sb] = [await approvalOf(ra!.approval_id!), await approvalOf(rb!.approval_id!)];
    for (const [s, r] of [
      [sa, ra],
      [sb, rb],
    ] as const) {
      expect(s).toMatchObject({ type_code: '12_1', kind: 'Declare', record_kind: 'lixiangChange' });
      expect(String(s.record_id)).toBe(String(r!.change_id));
    }
    expect(String(centre.approvalId)).toBe(String(rb!.approval_id));
    // While the change runs, the filing takes no second one, from either path.
    await refused(fromScreen(a, { totalAmount: '90' }), 'lxId');
    await refused(fromCentre(b, { totalAmount: '90' }), 'recordId');
  });

  it('the sheet lists every changed field before → after by its label', async () => {
    const lxId = await formal('LX-CHG-SHEET');
    const made = await data(fromScreen(lxId, { totalAmount: '66', projectName: '新项目名' }));
    const d = await data(
      zhjy.get('/project/approval/getCommonApprovalDetail', {
        approvalId: made.change.approvalId,
      }),
    );
    expect(d.sheet).toMatchObject({ source: 'record', title: '备案变更' });
    const changed = d.sheet.sections.find((s: { title: string }) => s.title.includes('变更前'));
    const byKey = Object.fromEntries(changed.figures.map((f: Figure) => [f.key, f]));
    expect(Object.keys(byKey).sort()).toEqual(['projectName', 'totalAmount']);
    expect(byKey.totalAmount).toMatchObject({ label: '合同金额', before: '50', value: '66' });
    expect(byKey.projectName).toMatchObject({
      label: '项目名称',
      before: '备案变更项目',
      value: '新项目名',
    });
  });

  it('approved, the filing takes the change with its split recomputed and logs it', async () => {
    const lxId = await formal('LX-CHG-OK');
    const before = await detail(lxId);
    const made = await data(fromCentre(lxId, { totalAmount: '80', cleanAmount: '70' }));
    // Nothing moves while in approval.
    expect(await detail(lxId)).toMatchObject({ totalAmount: '50', cleanAmount: '45' });
    await approveToEnd(api, String(made.approvalId));
    const after = await detail(lxId);
    expect(after).toMatchObject({ totalAmount: '80', cleanAmount: '70', remark: '原备注' });
    expect(after.realAmount).not.toBe(before.realAmount);
    expect((await changeRows(lxId))[0]!.status).toBe(1);
    const log = await api.db
      .selectFrom('contract_history')
      .select(['action', 'changes'])
      .where('record_kind', '=', 'lixiang')
      .where('record_id', '=', lxId)
      .orderBy('history_id')
      .execute();
    const applied = log.find((h) => h.action === 'lixiangChange');
    expect(applied?.changes).toMatchObject({ totalAmount: ['50', '80'], cleanAmount: ['45', '70'] });
    // The next change may go now that this one has ended.
    await data(fromScreen(lxId, { remark: '再次变更' }));
  });

  it('rejected or withdrawn, the filing stays as it was', async () => {
    const lxId = await formal('LX-CHG-NO');
    const made = await data(fromScreen(lxId, { totalAmount: '99' }));
    await rejectNow(api, made.change.approvalId);
    expect(await detail(lxId)).toMatchObject({ totalAmount: '50' });
    const [row] = await changeRows(lxId);
    expect(row!.status).toBe(2);
    const list = await data(zhjy.get('/v4/lixiang/change/list', { lxId }));
    expect(list).toMatchObject([{ status: 2, statusName: expect.any(String) }]);
  });

  it('发起审批 may send the reason beside the proposed fields, as its change fields do', async () => {
    const lxId = await formal('LX-CHG-REASON');
    const made = await data(
      zhjy.post('/project/approval/addDeclareTemplate', {
        typeCode: '12_2',
        recordKind: 'filing',
        recordId: String(lxId),
        content: {},
        recordFields: { lxNo: 'LX-CHG-REASON-2', reason: '编号更正' },
        submit: true,
      }),
    );
    const [row] = await changeRows(lxId);
    expect(row).toMatchObject({ reason: '编号更正', proposed: { lxNo: 'LX-CHG-REASON-2' } });
    expect(await approvalOf(made.approvalId)).toMatchObject({ type_code: '12_2' });
  });

  it('a change of a filing not yet approved is refused naming the field, nothing stored', async () => {
    const draft = Number((await data(zhjy.post('/v4/lixiang/add', filing('LX-CHG-DRAFT')))).lxId);
    const screen = await refused(fromScreen(draft, { totalAmount: '60' }), 'lxId');
    expect(screen.msg).toContain('只有已审批通过或补录的备案');
    const centre = await refused(fromCentre(draft, { totalAmount: '60' }), 'recordId');
    expect(centre.msg).toBe(screen.msg);
    expect(await changeRows(draft)).toEqual([]);
    // A bad figure is named by its field on both paths, in the filing form's words.
    const formalId = await formal('LX-CHG-BAD');
    await refused(fromScreen(formalId, { totalAmount: 'abc' }), 'totalAmount');
    await refused(fromCentre(formalId, { totalAmount: 'abc' }), 'totalAmount');
    // No reason: refused on it.
    await refused(fromScreen(formalId, { totalAmount: '60' }, ' '), 'reason');
    await refused(fromCentre(formalId, { totalAmount: '60' }, ''), 'reason');
    // Nothing changed: refused.
    await refused(fromScreen(formalId, { totalAmount: '50' }), 'fields');
    expect(await changeRows(formalId)).toEqual([]);
  });
});
