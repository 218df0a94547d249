/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-argument -- supertest bodies are untyped JSON */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../test-support/api-client.js';
import { openTestApi, type TestApi } from '../test-support/api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';

describe.each(testDatabaseKinds())('通知公告 and the bell on %s', (kind) => {
  let api: TestApi;
  const client = apiClient(() => api);
  const { get, post, put, del, okData } = client;
  const publish = async (noticeTitle: string, over: Record<string, unknown> = {}) =>
    okData(
      post('admin', '/system/notice', {
        noticeTitle,
        noticeType: '1',
        noticeContent: `<p>${noticeTitle}</p>`,
        status: '0',
        ...over,
      }),
    );
  const top = async (user: string) => (await get(user, '/system/notice/listTop').expect(200)).body;

  beforeAll(async () => {
    api = await openTestApi(kind);
    await client.signIn('admin', 'yuangong', 'caiwu');
  }, 120_000);
  afterAll(() => api?.close());

  it('strips script, event handlers and javascript: links from the content on the way in', async () => {
    const n = await publish('安全检查', {
      noticeContent:
        '<p style="color: rgb(230, 0, 0);" onclick="steal()">请<strong>按时</strong>参加</p>' +
        '<script>alert(document.cookie)</script><style>p{}</style>' +
        '<a href="javascript:alert(1)">点我</a><a href="https://example.com" target="_blank">官网</a>' +
        '<img src="x" onerror="alert(1)"><iframe src="https://evil.example"></iframe>',
    });
    const stored = (await okData(get('yuangong', `/system/notice/${n.noticeId}`))).noticeContent;
    expect(stored).not.toMatch(/script|onclick|onerror|javascript:|iframe|<style/i);
    expect(stored).toContain('<p style="color:rgb(230, 0, 0)">请<strong>按时</strong>参加</p>');
    expect(stored).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">官网</a>',
    );
    expect(stored).toContain('<img src="x" />');
  });

  it('lists with RuoYi’s filters, the author by name, and logs every write in 操作日志', async () => {
    const n = await publish('春节放假通知', { noticeType: '2' });
    expect(n).toMatchObject({ createBy: 'admin', noticeType: '2', status: '0' });
    expect(n.createByName).not.toBe('admin');
    const edited = await okData(
      put('admin', '/system/notice', { noticeId: n.noticeId, noticeTitle: '春节放假安排' }),
    );
    expect(edited).toMatchObject({
      noticeTitle: '春节放假安排',
      noticeType: '2',
      updateBy: 'admin',
    });
    const list = await get('admin', '/system/notice/list', {
      noticeTitle: '放假',
      noticeType: '2',
      createBy: n.createByName,
      pageNum: 1,
      pageSize: 10,
    }).expect(200);
    expect(list.body.rows.map((r: { noticeId: number }) => r.noticeId)).toEqual([n.noticeId]);
    expect(list.body.total).toBe(1);
    await del('admin', `/system/notice/${n.noticeId}`).expect(200);
    await get('admin', `/system/notice/${n.noticeId}`).expect(404);
    await api.book.operLog!.settled();
    const rows = (
      await get('admin', '/monitor/operlog/list', { title: '通知公告', operName: 'admin' }).expect(
        200,
      )
    ).body.rows as { businessType: number; method: string }[];
    const methods = rows.map((r) => `${r.businessType} ${r.method}`);
    expect(methods).toContain('1 POST /system/notice');
    expect(methods).toContain('2 PUT /system/notice');
    expect(methods).toContain('3 DELETE /system/notice/:noticeIds');
  });

  it('refuses titles past 50 characters, a blank title, and a type or status outside the dictionaries', async () => {
    const refusal = async (body: Record<string, unknown>, field: string) =>
      client.refused(
        post('admin', '/system/notice', { noticeTitle: '通知', noticeType: '1', ...body }),
        400,
        field,
      );
    const long = await refusal({ noticeTitle: '长'.repeat(51) }, 'noticeTitle');
    expect(JSON.stringify(long)).toContain('公告标题不能超过50个字符');
    await refusal({ noticeTitle: '  ' }, 'noticeTitle');
    await refusal({ noticeType: '3' }, 'noticeType');
    await refusal({ status: '2' }, 'status');
    const markup = await client.refused(
      post('admin', '/system/notice', {
        noticeTitle: '<img src=x onerror=alert(1)>',
        noticeType: '1',
      }),
      400,
    );
    expect(markup.msg).toBe('公告标题不能包含脚本字符');
  });

  it('refuses a notice id past PostgreSQL’s integer with a 400 naming the field, not a 500', async () => {
    await client.refused(
      post('yuangong', '/system/notice/markRead?noticeId=9999999999', undefined),
      400,
      'noticeId',
    );
    await client.refused(
      post('yuangong', '/system/notice/markReadAll?ids=1,9999999999', undefined),
      400,
      'ids',
    );
    await post('yuangong', '/system/notice/markReadAll?ids=', undefined).expect(200);
  });

  it('refuses the management routes to a caller without system:notice:*', async () => {
    await post('yuangong', '/system/notice', { noticeTitle: '越权', noticeType: '1' }).expect(403);
    await put('yuangong', '/system/notice', { noticeId: 1, noticeTitle: '越权' }).expect(403);
    await del('yuangong', '/system/notice/1').expect(403);
    await get('yuangong', '/system/notice/list').expect(403);
    await get('yuangong', '/system/notice/readUsers/list', { noticeId: 1 }).expect(403);
  });

  it('gives everyone the bell: the unread count drops as they read, one by one or all at once', async () => {
    const a = await publish('消防演练通知');
    const b = await publish('体检安排公告', { noticeType: '2' });
    const before = await top('yuangong');
    expect(before.data[0]).toMatchObject({ noticeId: b.noticeId, isRead: false });
    expect(before.data.length).toBeLessThanOrEqual(5);
    expect(before.data[0]).not.toHaveProperty('noticeContent');
    expect(before.unreadCount).toBe(
      before.data.filter((n: { isRead: boolean }) => !n.isRead).length,
    );
    expect(before.unreadCount).toBeGreaterThanOrEqual(2);

    await post('yuangong', `/system/notice/markRead?noticeId=${b.noticeId}`, undefined).expect(200);
    const after = await top('yuangong');
    expect(after.unreadCount).toBe(before.unreadCount - 1);
    expect(after.data.find((n: { noticeId: number }) => n.noticeId === b.noticeId).isRead).toBe(
      true,
    );
    // Reading twice counts once; someone else's count is their own.
    await post('yuangong', `/system/notice/markRead?noticeId=${b.noticeId}`, undefined).expect(200);
    expect((await top('yuangong')).unreadCount).toBe(after.unreadCount);
    expect((await top('caiwu')).unreadCount).toBe(before.unreadCount);

    const readers = await get('admin', '/system/notice/readUsers/list', {
      noticeId: b.noticeId,
    }).expect(200);
    expect(readers.body.rows.map((r: { userName: string }) => r.userName)).toEqual(['yuangong']);

    const ids = after.data.map((n: { noticeId: number }) => n.noticeId).join(',');
    await post('yuangong', `/system/notice/markReadAll?ids=${ids}`, undefined).expect(200);
    expect((await top('yuangong')).unreadCount).toBe(0);
    // Reading from the bell is no administrative change: 操作日志 keeps none of it, while a
    // write of theirs (refused) is still there.
    await put('yuangong', '/system/notice', { noticeId: b.noticeId, noticeTitle: '越权' }).expect(
      403,
    );
    await api.book.operLog!.settled();
    const logged = (
      await get('admin', '/monitor/operlog/list', { title: '通知公告', operName: 'yuangong' })
    ).body.rows as { method: string }[];
    const methods = logged.map((r) => r.method);
    expect(methods).toContain('PUT /system/notice');
    expect(methods.filter((m) => m.includes('markRead'))).toEqual([]);
    expect(a.noticeId).toBeLessThan(b.noticeId);
  });

  it('hides a closed notice from the bell and from everyone but its managers', async () => {
    const n = await publish('临时停水通知');
    await okData(put('admin', '/system/notice', { noticeId: n.noticeId, status: '1' }));
    const bell = await top('yuangong');
    expect(bell.data.map((x: { noticeId: number }) => x.noticeId)).not.toContain(n.noticeId);
    await get('yuangong', `/system/notice/${n.noticeId}`).expect(404);
    await post('yuangong', `/system/notice/markRead?noticeId=${n.noticeId}`, undefined).expect(404);
    expect((await okData(get('admin', `/system/notice/${n.noticeId}`))).status).toBe('1');
  });

  it('answers RuoYi’s UI as RuoYi does: HTTP 200 with the code in the body, without the status header', async () => {
    const n = await publish('若依风格');
    const ruoyi = (user: string) => ({ Authorization: client.as(user).Authorization });
    const refused = await request(api.servedApp)
      .post('/prod-api/system/notice')
      .set(ruoyi('yuangong'))
      .send({ noticeTitle: '越权', noticeType: '1' });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ code: 403 });
    const bell = await request(api.servedApp)
      .get('/prod-api/system/notice/listTop')
      .set(ruoyi('caiwu'));
    expect(bell.status).toBe(200);
    expect(bell.body).toMatchObject({ code: 200, unreadCount: expect.any(Number) });
    expect(bell.body.data[0]).toMatchObject({ noticeId: n.noticeId, isRead: false });
    // RuoYi's api/system/notice.js: markRead and markReadAll put their ids in the query.
    const marked = await request(api.servedApp)
      .post('/prod-api/system/notice/markRead')
      .query({ noticeId: n.noticeId })
      .set(ruoyi('caiwu'));
    expect(marked.body).toMatchObject({ code: 200 });
    const after = await request(api.servedApp)
      .get('/prod-api/system/notice/listTop')
      .set(ruoyi('caiwu'));
    expect(after.body.unreadCount).toBe(bell.body.unreadCount - 1);
    // RuoYi's edit sends the whole record back, nulls and all.
    const full = (await okData(get('admin', `/system/notice/${n.noticeId}`))) as Record<
      string,
      unknown
    >;
    const saved = await request(api.servedApp)
      .put('/prod-api/system/notice')
      .set(ruoyi('admin'))
      .send({ ...full, remark: null, noticeTitle: '若依风格（改）', params: {} });
    expect(saved.body).toMatchObject({ code: 200, data: { noticeTitle: '若依风格（改）' } });
    const missing = await request(api.servedApp)
      .get('/prod-api/system/notice/987654')
      .set(ruoyi('admin'));
    expect(missing.status).toBe(200);
    expect(missing.body).toMatchObject({ code: 404 });
  });
});
