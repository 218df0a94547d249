/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-explicit-any -- supertest bodies are untyped JSON */
import { beforeAll, describe, expect, it } from 'vitest';
import { useFundApi } from '../test-support/fund-suite.js';
import { testDatabaseKinds } from '../test-support/test-database.js';

/** People by name: a record keeps its author's login; every answer a screen reads names the person. */
describe.each(testDatabaseKinds())('people by name on %s', (kind) => {
  const suite = useFundApi(kind);
  const { post, get, okData, bodyOf, signIn } = suite.client;
  const db = () => suite.api().database.handle.db;
  const nickOf = async (userName: string) =>
    (
      await db()
        .selectFrom('sys_user')
        .select('nick_name')
        .where('user_name', '=', userName)
        .executeTakeFirstOrThrow()
    ).nick_name;
  const backMoney = async (remark: string) =>
    okData(
      post('caiwu', '/project/backMoney/insert', {
        contractId: suite.contractId(),
        backAmount: '1',
        backDate: '2026-03-01',
        remark,
      }),
    );
  const listed = async (backMoneyId: number) => {
    const page = await bodyOf(
      get('caiwu', '/project/backMoney/list', { contractId: suite.contractId() }),
      200,
    );
    return page.rows.find((r: { backMoneyId: number }) => r.backMoneyId === backMoneyId);
  };
  beforeAll(async () => {
    await signIn('admin');
  });

  it('a list answer carries its author by name beside the login it keeps', async () => {
    const name = await nickOf('caiwu');
    expect(name).not.toBe('caiwu');
    const b = await backMoney('登记人按姓名');
    expect(b).toMatchObject({ createBy: 'caiwu', createByName: name });
    expect(await listed(b.backMoneyId)).toMatchObject({ createBy: 'caiwu', createByName: name });
  });

  it("a contract's change history names who acted", async () => {
    for (const [userName, action] of [
      ['jingying', 'update'],
      ['审批流程', 'approvalEnded'],
    ] as const)
      await db()
        .insertInto('contract_history')
        .values({
          record_kind: 'contract',
          record_id: suite.contractId(),
          action,
          changes: '{}',
          user_id: 0,
          user_name: userName,
        })
        .execute();
    const detail = await okData(
      get('jingying', '/project/contract/detailById', { contractId: suite.contractId() }),
    );
    expect(detail.history.map((l: { createByName: string }) => l.createByName)).toEqual(
      expect.arrayContaining([await nickOf('jingying'), '审批流程']),
    );
    for (const line of detail.history as { userName: string; createByName: string }[]) {
      const user = await db()
        .selectFrom('sys_user')
        .select('nick_name')
        .where('user_name', '=', line.userName)
        .executeTakeFirst();
      expect(line.createByName).toBe(
        user ? user.nick_name : line.userName === 'seed' ? '系统' : line.userName,
      );
    }
  });

  it('a row the demo seed wrote reads as 系统, a login no user has as itself', async () => {
    const seeded = await backMoney('种子数据');
    const gone = await backMoney('已删除的用户');
    await db()
      .updateTable('back_money')
      .set({ create_by: 'seed' })
      .where('back_money_id', '=', seeded.backMoneyId)
      .execute();
    await db()
      .updateTable('back_money')
      .set({ create_by: 'nobody-here' })
      .where('back_money_id', '=', gone.backMoneyId)
      .execute();
    expect(await listed(seeded.backMoneyId)).toMatchObject({ createByName: '系统' });
    expect(await listed(gone.backMoneyId)).toMatchObject({ createByName: 'nobody-here' });
  });

  it('部门管理 names, for each department, the leader its department-head approvals go to', async () => {
    const depts = await okData(get('admin', '/system/dept/list'));
    const byId = new Map<number, any>(depts.map((d: any) => [d.deptId, d]));
    const led = [...byId.values()].find((d) => d.leaderUserId !== null && d.parentId !== 0);
    const unled = [...byId.values()].find(
      (d) => d.leaderUserId === null && byId.get(d.parentId)?.leaderUserId != null,
    );
    expect(led).toBeDefined();
    expect(unled).toBeDefined();
    expect(led.routedLeader).toBe(led.leader);
    expect(led.routedLeader).not.toBe('');
    expect(led.routedLeaderDept).toBe('');
    const parent = byId.get(unled.parentId);
    expect(unled).toMatchObject({
      leader: '',
      routedLeader: parent.leader,
      routedLeaderDept: parent.deptName,
    });
  });
});
