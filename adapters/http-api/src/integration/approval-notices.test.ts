/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { apiClient } from '../test-support/api-client.js';

/**
 * 抄送 and 催办 reach their people as notices: the copied user and the node's holder each find one
 * in getNotify (count and list, naming the approval, the sender and the time), nobody else does,
 * and opening the approval reads the opener's notices only.
 */
describe.each(testDatabaseKinds())('approval notices (抄送, 催办), on %s', (kind) => {
  let api: ApprovalTestApi;
  const c = apiClient(() => api);
  const bell = async (user: string) =>
    c.okData(c.get(user, '/project/approval/getNotify', { currentUserId: 0 }));

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    await c.signIn('yuangong', 'bmfzr2', 'xmjl', 'caiwu');
  });
  afterAll(() => api?.close());

  it('lists a copy for the copied user and an urge for the holder until each opens it', async () => {
    const a = await c.okData(
      c.post('yuangong', '/project/approval/addCommonTemplate', {
        typeCode: '22_1',
        title: '采购申请（通知）',
        content: { reason: { value: '采购打印机' } },
        submit: true,
      }),
    );
    expect(a.currentNodeName).toBe('部门负责人');
    const before = await Promise.all(['xmjl', 'bmfzr2', 'caiwu', 'yuangong'].map(bell));
    expect(before.map((b) => b.noticeCount)).toEqual([0, 0, 0, 0]);

    // 施设计 copies 李项目 (xmjl, 3), then urges the 部门负责人 node (孔所长, bmfzr2).
    const cc = await c.okData(
      c.post('yuangong', '/project/approval/process', {
        approvalId: a.approvalId,
        version: a.version,
        action: 'cc',
        toUserId: '3',
      }),
    );
    await c.okData(
      c.post('yuangong', '/project/approval/process', {
        approvalId: a.approvalId,
        version: cc.version,
        action: 'urge',
      }),
    );

    const copied = await bell('xmjl');
    expect(copied.noticeCount).toBe(1);
    expect(copied.noticeList).toEqual([
      expect.objectContaining({
        approvalId: a.approvalId,
        approvalTitle: '采购申请（通知）',
        kind: 'copy',
        senderId: '15',
        senderName: '施设计',
      }),
    ]);
    expect(Date.parse(copied.noticeList[0].createTime)).not.toBeNaN();
    const urged = await bell('bmfzr2');
    expect(urged.noticeCount).toBe(1);
    expect(urged.noticeList.map((n: { kind: string }) => n.kind)).toEqual(['urge']);
    // Nobody else was told anything: not the sender, not a bystander.
    expect((await bell('caiwu')).noticeCount).toBe(0);
    expect((await bell('yuangong')).noticeCount).toBe(0);

    // The copied user opens the approval: their notice is read, the holder's stays unread.
    await c.okData(
      c.get('xmjl', '/project/approval/getCommonApprovalDetail', { approvalId: a.approvalId }),
    );
    expect(await bell('xmjl')).toMatchObject({ noticeCount: 0, noticeList: [] });
    expect((await bell('bmfzr2')).noticeCount).toBe(1);
    await c.okData(
      c.get('bmfzr2', '/project/approval/getCommonApprovalDetail', { approvalId: a.approvalId }),
    );
    expect(await bell('bmfzr2')).toMatchObject({ noticeCount: 0, noticeList: [] });

    // The notices stay on record, read, with who sent what to whom.
    const rows = await api.database.handle.db
      .selectFrom('approval_notice')
      .select(['recipient_id', 'kind', 'sender_id', 'read_time'])
      .where('approval_id', '=', Number(a.approvalId))
      .orderBy('notice_id')
      .execute();
    expect(rows.map((r) => [r.recipient_id, r.kind, r.sender_id, r.read_time !== null])).toEqual([
      [3, 'copy', 15, true],
      [16, 'urge', 15, true],
    ]);
  });

  it('writes no notice when the copy is refused', async () => {
    const a = await c.okData(
      c.post('yuangong', '/project/approval/addCommonTemplate', {
        typeCode: '22_1',
        content: {},
        submit: true,
      }),
    );
    const bogus = await c.post('yuangong', '/project/approval/process', {
      approvalId: a.approvalId,
      version: a.version,
      action: 'cc',
      toUserId: '99999',
    });
    expect(bogus.status).toBe(400);
    const n = await api.database.handle.db
      .selectFrom('approval_notice')
      .select((eb) => eb.fn.countAll<string>().as('c'))
      .where('approval_id', '=', Number(a.approvalId))
      .executeTakeFirstOrThrow();
    expect(Number(n.c)).toBe(0);
  });
});
