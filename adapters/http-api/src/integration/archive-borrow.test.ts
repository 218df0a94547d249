/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- supertest bodies are untyped JSON */
import { addDays, instituteDay } from '@dpms/core';
import { insertArchive } from '@dpms/sql';
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { openContractApi, type ContractClient, type ContractTestApi } from './contract-helpers.js';

// Demo institute: zgcs (总工程师) registers the archive; zhjy (综合经营部, 107, led by jingying)
// borrows it; the 27_1 flow is the drafter's department head, then 综合事务部 (zhsw); yunying
// (运营) keeps the archives; yuangong has no archive permission.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe.each(testDatabaseKinds())('archive borrowing API on %s', (kind) => {
  let api: ContractTestApi;
  let archiveId: number;
  const users: Record<string, ContractClient> = {};
  const today = instituteDay(new Date());
  const request0 = {
    purpose: '复核施工图审查意见',
    startDate: today,
    endDate: addDays(today, 6),
    pledge: '本人承诺：借阅的档案仅用于本职工作，不复制、不外传，按期归还。',
  };
  const body = async (r: request.Test) => {
    const res = await r;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const status = async (r: request.Test) => (await r).status;
  const fileBytes = (user: string) =>
    users[user]!.get('/project/archives/file', { archiveId })
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
  /** Who the approval waits on now. */
  const pending = async (approvalId: string) =>
    (
      await api.db
        .selectFrom('approval_pending as p')
        .innerJoin('sys_user as u', 'u.user_id', 'p.user_id')
        .select('u.user_name')
        .where('p.approval_id', '=', Number(approvalId))
        .execute()
    ).map((r) => r.user_name);
  const sign = async (user: string, approvalId: string, action: 'approve' | 'reject') => {
    const d = await body(
      users[user]!.get('/project/approval/getCommonApprovalDetail', { serviceId: approvalId }),
    );
    await body(
      users[user]!.post('/project/approval/process', {
        approvalId,
        version: d.data.approval.version,
        action,
        opinion: action === 'approve' ? '同意' : '请补充借阅目的',
      }),
    );
  };

  beforeAll(async () => {
    api = await openContractApi(kind);
    for (const u of ['zgcs', 'zhjy', 'jingying', 'zhsw', 'yunying', 'yuangong'])
      users[u] = await api.as(u);
    const fileId = await users.zgcs!.upload('施工图审查意见.pdf', PDF);
    archiveId = await insertArchive(api.db, {
      archiveName: '施工图审查意见',
      archiveNo: 'DA-2026-009',
      projectName: '借阅接口测试项目',
      fileId,
      fileName: '施工图审查意见.pdf',
      userId: 6,
      createBy: 'zgcs',
    });
    // Registering through the API: only from a file of one's own, unless the keeper.
    const kept = await users.yunying!.upload('竣工验收报告.pdf', PDF);
    const refused = await users.zhjy!.post('/project/archives/add', {
      archiveName: '竣工验收报告',
      fileId: kept,
    });
    expect(refused.status).toBe(403);
    const noName = await users.yunying!.post('/project/archives/add', {
      archiveName: ' ',
      fileId: kept,
    });
    expect(noName.status).toBe(400);
    expect(JSON.stringify(noName.body)).toContain('archiveName');
    const added = await body(
      users.yunying!.post('/project/archives/add', {
        archiveName: '竣工验收报告',
        archiveNo: 'DA-2026-010',
        fileId: fileId,
      }),
    );
    expect(added.data).toMatchObject({
      archiveName: '竣工验收报告',
      fileName: '施工图审查意见.pdf',
    });
  });
  afterAll(() => api.close());

  it('refuses reading and downloading without permission, and requests it cannot take', async () => {
    expect(await status(users.zhjy!.get('/project/archives/view', { archiveId }))).toBe(403);
    expect((await fileBytes('zhjy')).status).toBe(403);
    expect((await fileBytes('yuangong')).status).toBe(403);
    // The registrant downloads the bytes through the archive's own call.
    const own = await fileBytes('zgcs');
    expect(own.status).toBe(200);
    expect(Buffer.compare(own.body as Buffer, PDF)).toBe(0);
    expect(own.headers['content-disposition']).toContain(encodeURIComponent('施工图审查意见'));

    const tooLong = await users.zhjy!.post('/project/archives/borrow', {
      archiveId,
      ...request0,
      pledge: '密'.repeat(1201),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.msg).toBe('保密承诺不能超过1200个字符');
    expect(JSON.stringify(tooLong.body)).toContain('pledge');
    const exact = '密'.repeat(1200);
    expect(
      (
        await users.zhjy!.post('/project/archives/borrow', {
          archiveId,
          ...request0,
          pledge: exact,
          submit: false,
        })
      ).status,
    ).toBe(200);
    // That draft is open: a second request is refused until it ends.
    const twice = await users.zhjy!.post('/project/archives/borrow', { archiveId, ...request0 });
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toContain('不能重复申请');
    expect(
      (
        await users.zhjy!.post('/project/archives/borrow', {
          archiveId,
          ...request0,
          endDate: addDays(today, -1),
        })
      ).status,
    ).toBe(400);
    expect(
      await status(users.yuangong!.post('/project/archives/borrow', { archiveId, ...request0 })),
    ).toBe(403);
    expect(
      await status(
        users.zgcs!.post('/project/archives/borrow', { archiveId: 999_999, ...request0 }),
      ),
    ).toBe(404);
    const rows = await api.db
      .selectFrom('project_archive_borrow')
      .select(['pledge', 'status'])
      .execute();
    expect(rows).toEqual([{ pledge: exact, status: -1 }]);
  });

  it('sends the borrowing through 27_1; approved, the borrower views and downloads until returned', async () => {
    const drafts = await body(users.zhjy!.get('/project/archives/borrowList'));
    expect(drafts.rows).toHaveLength(1);
    const borrowId = drafts.rows[0].borrowId as number;
    expect(drafts.rows[0]).toMatchObject({ state: 'draft', stateName: '待提交' });
    expect(await status(users.zgcs!.get('/project/archives/borrowDetail', { borrowId }))).toBe(403);
    expect(await status(users.zgcs!.post('/project/archives/updateToApproval', { borrowId }))).toBe(
      403,
    );

    const sent = await body(users.zhjy!.post('/project/archives/updateToApproval', { borrowId }));
    expect(sent.data).toMatchObject({ status: 0, stateName: '审批中' });
    const approvalId = String(sent.data.approvalId);
    const approval = await api.db
      .selectFrom('approval')
      .select(['type_code', 'title'])
      .where('approval_id', '=', Number(approvalId))
      .executeTakeFirstOrThrow();
    expect(approval.type_code).toBe('27_1');
    expect(approval.title).toContain(request0.purpose);
    expect(await status(users.zhjy!.post('/project/archives/updateToApproval', { borrowId }))).toBe(
      422,
    );

    // Turned down by the department head, it goes back to the borrower and can be sent again.
    expect(await pending(approvalId)).toEqual(['jingying']);
    await sign('jingying', approvalId, 'reject');
    const back = await body(users.zhjy!.get('/project/archives/borrowDetail', { borrowId }));
    expect(back.data).toMatchObject({ status: 2, stateName: '已驳回' });
    expect(await status(users.zhjy!.get('/project/archives/view', { archiveId }))).toBe(403);
    const again = await body(users.zhjy!.post('/project/archives/updateToApproval', { borrowId }));
    const secondId = String(again.data.approvalId);
    expect(await pending(secondId)).toEqual(['jingying']);
    await sign('jingying', secondId, 'approve');
    expect(await pending(secondId)).toEqual(['zhsw']);
    expect(await status(users.zhjy!.get('/project/archives/view', { archiveId }))).toBe(403);
    await sign('zhsw', secondId, 'approve');

    const approved = await body(users.zhjy!.get('/project/archives/borrowDetail', { borrowId }));
    expect(approved.data).toMatchObject({ status: 1, state: 'borrowed', stateName: '借阅中' });
    const view = await body(users.zhjy!.get('/project/archives/view', { archiveId }));
    expect(view.data.downloadUrl).toBe(`/project/archives/file?archiveId=${String(archiveId)}`);
    const dl = await fileBytes('zhjy');
    expect(dl.status).toBe(200);
    expect(Buffer.compare(dl.body as Buffer, PDF)).toBe(0);
    // The file store's own call keeps the owner's rule: the archive call is the way in.
    const fileId = (await body(users.zgcs!.get('/project/archives/view', { archiveId }))).data
      .fileId as string;
    expect(await status(users.zhjy!.get('/common/download/resource', { resource: fileId }))).toBe(
      403,
    );
    const list = await body(
      users.zhjy!.get('/project/archives/list', { readableOnly: '1', archiveName: '审查' }),
    );
    expect(list.rows.map((r: { archiveId: number }) => r.archiveId)).toEqual([archiveId]);

    // The keeper sees and exports everyone's borrowings; others only their own.
    const book = await users.yunying!.xlsx('/project/archives/borrow/export', {
      state: 'borrowed',
    });
    const sheet = book.worksheets[0];
    // The borrowing list's columns: 档案名称, 借阅人, 借阅目的, 借阅期限, 状态.
    expect(sheet?.getRow(2).getCell(1).value).toBe('施工图审查意见');
    expect(sheet?.getRow(2).getCell(5).value).toBe('借阅中');
    expect(sheet?.rowCount).toBe(2);
    expect((await body(users.zgcs!.get('/project/archives/borrowList'))).total).toBe(0);

    // Past its end without return it is overdue, and reading stops.
    await api.db
      .updateTable('project_archive_borrow')
      .set({ start_date: addDays(today, -10), end_date: addDays(today, -1) })
      .where('borrow_id', '=', borrowId)
      .execute();
    const overdue = await body(
      users.yunying!.get('/project/archives/borrowList', { state: 'overdue' }),
    );
    expect(overdue.rows.map((r: { borrowId: number }) => r.borrowId)).toEqual([borrowId]);
    expect(await status(users.zhjy!.get('/project/archives/view', { archiveId }))).toBe(403);

    const returned = await body(users.zhjy!.post('/project/archives/return', { borrowId }));
    expect(returned.data).toMatchObject({ state: 'returned', stateName: '已归还' });
    expect(await status(users.zhjy!.post('/project/archives/return', { borrowId }))).toBe(422);
    expect((await fileBytes('zhjy')).status).toBe(403);
    const logs = await body(users.zgcs!.get('/project/archives/logList', { archiveId }));
    expect(
      logs.data
        .filter((l: { userName: string }) => l.userName === 'zhjy')
        .map((l: { action: string }) => l.action),
    ).toEqual(['download', 'view']);
  });
});
