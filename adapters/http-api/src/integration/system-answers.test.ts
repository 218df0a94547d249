/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-return -- supertest bodies are untyped JSON */
import { sql } from 'kysely';
import {
  configListQuery,
  deptListQuery,
  dictDataListQuery,
  dictTypeListQuery,
  jobLogListQuery,
  majorListQuery,
  userListQuery,
} from '@dpms/wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../test-support/api-client.js';
import { openTestApi, type TestApi } from '../test-support/api.js';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';

/** The system slices' OpenAPI tags: 系统管理, the session and the files. */
const SYSTEM_TAGS = [
  '用户管理',
  '部门管理',
  '字典管理',
  '参数设置',
  '专业管理',
  '调度日志',
  '登录',
];

describe('the system calls answer through their wire schemas', () => {
  let api: TestApi;
  const { get, signIn } = apiClient(() => api);
  beforeAll(async () => {
    api = await openTestApi('embedded');
    await signIn('admin');
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  it('documents the answer of every system, session and upload call that answers JSON', () => {
    const records = api.book.records.filter(
      (r) =>
        SYSTEM_TAGS.includes(r.tag) ||
        r.path.startsWith('/common/maxfile') ||
        r.path === '/common/upload',
    );
    const json = records.filter((r) => !/export|importTemplate/.test(r.path));
    expect(json.length).toBeGreaterThan(40);
    const undocumented = json.filter((r) => r.schemas.response === undefined).map((r) => r.path);
    expect(undocumented).toEqual([]);
  });

  it('validates each system list with the query schema the web builds its search from', () => {
    const queryOf = (path: string) =>
      api.book.records.find((r) => r.method === 'get' && r.path === path)?.schemas.query;
    expect(queryOf('/system/user/list')).toBe(userListQuery);
    expect(queryOf('/system/dept/list')).toBe(deptListQuery);
    expect(queryOf('/system/dict/type/list')).toBe(dictTypeListQuery);
    expect(queryOf('/system/dict/data/list')).toBe(dictDataListQuery);
    expect(queryOf('/system/config/list')).toBe(configListQuery);
    expect(queryOf('/system/major/list')).toBe(majorListQuery);
    expect(queryOf('/monitor/jobLog/list')).toBe(jobLogListQuery);
  });

  it('answers the session, the user list, the profile and the pickers as documented', async () => {
    // Each answer is built through its documented schema; under the test runner a mismatch is
    // a 500, so a 200 here is an answer the client's parse accepts.
    for (const path of [
      '/getInfo',
      '/getRouters',
      '/getUserRoles',
      '/system/user/list',
      '/system/user/',
      '/system/user/2',
      '/system/user/profile',
      '/system/user/optionselect',
      '/system/user/serviceManagerList',
      '/system/dept/list',
      '/system/dept/treeselect',
      '/system/major/list',
      '/system/major/optionselect',
      '/monitor/jobLog/list',
    ]) {
      const r = await get('admin', path);
      expect(`${path} ${r.status}`, JSON.stringify(r.body).slice(0, 300)).toBe(`${path} 200`);
    }
  });
});

describe('a department leader is one of its users, sent as the user and shown by name', () => {
  let api: ApprovalTestApi;
  const { get, put, post, okData, refused, signIn } = apiClient(() => api);
  beforeAll(async () => {
    api = await openApprovalApi('embedded');
    await signIn('admin');
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  const dept = async (deptId: number) => okData(get('admin', `/system/dept/${deptId}`));
  const leaderRow = async (deptId: number) =>
    (
      await sql<{
        leader_user_id: number | null;
      }>`select leader_user_id from sys_dept where dept_id = ${deptId}`.execute(
        api.database.handle.db,
      )
    ).rows[0]?.leader_user_id;

  it("answers the leader's id and, as RuoYi's `leader`, the leader's name", async () => {
    const list = (await okData(get('admin', '/system/dept/list'))) as {
      deptId: number;
      leaderUserId: number | null;
      leader: string;
    }[];
    const jingying = await okData(get('admin', '/system/user/2'));
    const business = list.find((d) => d.deptId === 102);
    expect(business).toMatchObject({ leaderUserId: 2, leader: jingying.nickName });
    for (const d of list) if (d.leaderUserId === null) expect(d.leader).toBe('');
  });

  it('sets a user of the department, or of a department below it, as its leader', async () => {
    const xmjl = await okData(get('admin', '/system/user/3'));
    const saved = await okData(put('admin', '/system/dept', { deptId: 110, leaderUserId: 3 }));
    expect(saved).toMatchObject({ leaderUserId: 3, leader: xmjl.nickName });
    expect(await leaderRow(110)).toBe(3);
    // 设计院 (108) may be led by a user of 建筑一所 (110), a department below it.
    await okData(put('admin', '/system/dept', { deptId: 108, leaderUserId: 3 }));
    expect(await leaderRow(108)).toBe(3);
    // Clearing the leader is a choice too.
    await okData(put('admin', '/system/dept', { deptId: 108, leaderUserId: null }));
    expect(await leaderRow(108)).toBeNull();
  });

  it('refuses a leader from another department on leaderUserId, and changes nothing', async () => {
    const before = await leaderRow(110);
    const body = await refused(
      put('admin', '/system/dept', { deptId: 110, leaderUserId: 8 }),
      400,
      'leaderUserId',
    );
    expect(body.msg).toBe('负责人必须是本部门或其下级部门的在职用户');
    expect(body.errors).toEqual([{ field: 'leaderUserId', message: body.msg }]);
    expect(await leaderRow(110)).toBe(before);
    expect((await dept(110)).leaderUserId).toBe(before);
  });

  it('keeps the leader a department has when other fields change', async () => {
    // The demo's 综合经营部 (107) is led by 经营部's head, who works in 102.
    const saved = await okData(
      put('admin', '/system/dept', { deptId: 107, leaderUserId: 2, orderNum: 7 }),
    );
    expect(saved.leaderUserId).toBe(2);
  });

  it('refuses a leader for a department being added: it has no users yet', async () => {
    await refused(
      post('admin', '/system/dept', { parentId: 100, deptName: '新部门', leaderUserId: 3 }),
      400,
      'leaderUserId',
    );
    const added = await okData(
      post('admin', '/system/dept', { parentId: 100, deptName: '新部门' }),
    );
    expect(added).toMatchObject({ leaderUserId: null, leader: '' });
  });
});
