/* eslint-disable @typescript-eslint/no-unsafe-member-access -- supertest bodies are untyped JSON */
import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import { apiClient } from '../test-support/api-client.js';

const LONG = '长'.repeat(501);

/**
 * Each system write refuses a bad body with a 400 that names every bad field in core's words
 * (the same schema the system pages' forms check with), and writes nothing.
 */
const CASES: {
  name: string;
  method: 'post' | 'put';
  path: string;
  table: string;
  body: Record<string, unknown>;
  errors: Record<string, string>;
}[] = [
  {
    name: '参数设置',
    method: 'post',
    path: '/system/config',
    table: 'sys_config',
    body: { configName: ' ', configKey: '1abc', configValue: 'v', remark: LONG },
    errors: {
      configName: '参数名称不能为空',
      configKey: '参数键名必须以字母开头，只能包含字母、数字和 _ . -',
      remark: '备注长度不能超过 500 个字符',
    },
  },
  {
    name: '部门',
    method: 'post',
    path: '/system/dept',
    table: 'sys_dept',
    body: { parentId: 100, deptName: '', orderNum: 10000, email: 'not-mail' },
    errors: {
      deptName: '部门名称不能为空',
      orderNum: '显示排序必须是 0 至 9999 之间的整数',
      email: '邮箱不是有效的邮箱地址',
    },
  },
  {
    name: '字典类型',
    method: 'post',
    path: '/system/dict/type',
    table: 'sys_dict_type',
    body: { dictName: '', dictType: 'bad-type' },
    errors: {
      dictName: '字典名称不能为空',
      dictType: '字典类型必须以字母开头，只能包含字母、数字和下划线',
    },
  },
  {
    name: '字典数据',
    method: 'post',
    path: '/system/dict/data',
    table: 'sys_dict_data',
    body: { dictType: 'sys_user_sex', dictLabel: '', dictValue: '' },
    errors: { dictLabel: '数据标签不能为空', dictValue: '数据键值不能为空' },
  },
  {
    name: '专业',
    method: 'post',
    path: '/system/major/add',
    table: 'sys_major',
    body: { majorName: '专'.repeat(51), orderNum: -1 },
    errors: {
      majorName: '专业名称长度不能超过 50 个字符',
      orderNum: '显示排序必须是 0 至 9999 之间的整数',
    },
  },
  {
    name: '用户',
    method: 'post',
    path: '/system/user',
    table: 'sys_user',
    body: { userName: 'a b', nickName: '', password: '', phonenumber: 'abc' },
    errors: {
      userName: '登录名称只能包含字母、数字和 _ . @ -',
      nickName: '用户名称不能为空',
      password: '用户密码不能为空',
      phonenumber: '手机号码只能包含数字、+、- 和空格，5 至 20 位',
    },
  },
  {
    name: '个人中心',
    method: 'put',
    path: '/system/user/profile',
    table: 'sys_user',
    body: { nickName: '', email: 'x@' },
    errors: { nickName: '用户名称不能为空', email: '邮箱不是有效的邮箱地址' },
  },
];

describe('system writes refuse a bad body naming each field, and change nothing', () => {
  let api: ApprovalTestApi;
  const { as, signIn } = apiClient(() => api);
  beforeAll(async () => {
    api = await openApprovalApi('embedded');
    await signIn('admin');
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  /** The table's rows as text, to see that nothing changed. */
  const snapshot = async (table: string) =>
    JSON.stringify(
      (await sql`select * from ${sql.table(table)} order by 1`.execute(api.database.handle.db))
        .rows,
    );

  for (const c of CASES) {
    it(`${c.name}: ${c.method.toUpperCase()} ${c.path}`, async () => {
      const before = await snapshot(c.table);
      const agent = request(api.app);
      const call =
        c.method === 'post' ? agent.post(`/prod-api${c.path}`) : agent.put(`/prod-api${c.path}`);
      const r = await call.set(as('admin')).send(c.body);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe(400);
      const errors = Object.fromEntries(
        (r.body.errors as { field: string; message: string }[]).map((e) => [e.field, e.message]),
      );
      expect(errors).toEqual(c.errors);
      expect(Object.values(c.errors)).toContain(r.body.msg);
      expect(await snapshot(c.table)).toBe(before);
    });
  }
});
