/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- supertest bodies are untyped JSON */
import {
  contractAccountActions,
  employeeCostActions,
  SUPER_ROLE,
  type ActionActor,
} from '@dpms/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../test-support/api-client.js';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { insertFormalContract } from '../test-support/formal-contract.js';

/**
 * 项目账户's 合同账户 and 员工成本 offer their buttons by core's `contractAccountActions` and
 * `employeeCostActions`, the rules their routes refuse by: for each demo user, what the rule
 * offers (from the user's getInfo, as the web reads it) is exactly what the server accepts.
 * 总经理 (zjl) reads and exports but writes neither; 财务 (caiwu) writes both.
 */
describe.each(testDatabaseKinds())('the account pages’ offered actions, on %s', (kind) => {
  let api: ApprovalTestApi;
  let contractId: number;
  const c = apiClient(() => api);

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    contractId = await insertFormalContract(api.database.handle.db, {
      project_name: '账户按钮项目',
      contract_name: '账户按钮合同',
      contract_no: 'ANNIU-0001',
      total_amount: '100',
      sign_date: '2026-03-01',
    });
    await c.signIn('zjl', 'caiwu');
  });
  afterAll(() => api?.close());

  /** The user as the web's session sees them (getInfo). */
  const actorOf = async (user: string): Promise<ActionActor> => {
    const info = await c.bodyOf(c.get(user, '/getInfo'), 200);
    return {
      userId: info.user.userId as number,
      permissions: info.permissions as string[],
      isAdmin: (info.roles as string[]).includes(SUPER_ROLE),
    };
  };

  it.each(['caiwu', 'zjl'])('offers %s exactly the writes the server accepts', async (user) => {
    const actor = await actorOf(user);
    const mayAdd = contractAccountActions.may('add', undefined, actor);
    const added = await c.post(user, '/contract/account/add', {
      contractId,
      party: '1',
      accountName: `${user}的账户`,
      bankName: '工商银行',
      accountNo: '6222020200112233',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(mayAdd ? 200 : 403);

    const costBody = { employeeId: 3, costMonth: '2026-05', salary: '1' };
    const mayAddCost = employeeCostActions.may('add', undefined, actor);
    const cost = await c.post(user, '/v4/contract/employe/add', costBody);
    expect(cost.status, JSON.stringify(cost.body)).toBe(mayAddCost ? 200 : 403);

    // A record someone may act on: the one caiwu made.
    const stored = await api.database.handle.db
      .selectFrom('contract_account')
      .select('account_id')
      .where('contract_id', '=', contractId)
      .executeTakeFirst();
    if (stored !== undefined) {
      const mayRemove = contractAccountActions.may('remove', stored, actor);
      const removed = await c.post(user, '/contract/account/delete', {
        accountId: stored.account_id,
      });
      expect(removed.status).toBe(mayRemove ? 200 : 403);
    }
  });

  it('keeps zjl, who may read, from every write (the buttons he never sees)', async () => {
    const actor = await actorOf('zjl');
    for (const action of ['add', 'edit', 'remove'] as const) {
      expect(contractAccountActions.may(action, undefined, actor)).toBe(false);
      expect(employeeCostActions.may(action, undefined, actor)).toBe(false);
    }
    expect(contractAccountActions.may('export', undefined, actor)).toBe(true);
  });
});
