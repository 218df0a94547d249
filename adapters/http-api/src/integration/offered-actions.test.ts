/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fundPayActions,
  fundPlanActionCheck,
  invoiceActions,
  loanActions,
  taskActionCheck,
  userActionCheck,
  type ActionActor,
  type Result,
  type TaskActionSubject,
  type TaskConfirmStep,
} from '@dpms/core';
import { openTestApi, testDatabaseKinds, type TestApi } from '../test-support/api.js';

/**
 * The rule the web shows its buttons by is the rule the server refuses with: for every row a
 * signed-in role lists, the route answers 200 exactly when core's availability function says yes,
 * and otherwise the function's own refusal, word for word.
 */
describe.each(testDatabaseKinds())('offered actions on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await openTestApi(kind);
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  const call = (method: 'get' | 'post' | 'put' | 'delete', url: string, token: string) =>
    request(api.app)[method](`/prod-api${url}`).set('Authorization', `Bearer ${token}`);

  /** The caller as the web builds it from getInfo. */
  async function signIn(user: string): Promise<{ token: string; actor: ActionActor }> {
    const token = await api.login(user);
    const info = await call('get', '/getInfo', token).expect(200);
    return {
      token,
      actor: {
        userId: info.body.user.userId,
        permissions: info.body.permissions,
        isAdmin: (info.body.roles as string[]).includes('admin'),
      },
    };
  }

  /** The route's answer agrees with the function's verdict. */
  function agrees(verdict: Result<void>, res: request.Response, what: string) {
    if (verdict.ok) expect({ what, status: res.status }).toEqual({ what, status: 200 });
    else {
      expect({ what, status: res.status === 200 ? 200 : 'refused' }).toEqual({
        what,
        status: 'refused',
      });
      expect({ what, msg: res.body.msg }).toEqual({ what, msg: verdict.error.message });
    }
  }

  it('用户管理: the status toggle is refused exactly where userActionCheck refuses it', async () => {
    const businessHead = await signIn('jingying');
    const list = await call('get', '/system/user/list?pageSize=100', businessHead.token).expect(
      200,
    );
    expect(list.body.rows.length).toBeGreaterThan(10);
    for (const u of list.body.rows) {
      const verdict = userActionCheck('changeStatus', u, businessHead.actor);
      expect(verdict.ok).toBe(false);
      const res = await call('put', '/system/user/changeStatus', businessHead.token).send({
        userId: u.userId,
        status: u.status === '0' ? '1' : '0',
      });
      expect(res.status).toBe(403);
      agrees(verdict, res, `jingying toggles ${u.userName}`);
    }

    const admin = await signIn('admin');
    const all = await call('get', '/system/user/list?pageSize=100', admin.token).expect(200);
    const self = all.body.rows.find((u: { userId: number }) => u.userId === admin.actor.userId);
    expect(self.admin).toBe(true);
    const selfVerdict = userActionCheck('changeStatus', self, admin.actor);
    agrees(
      selfVerdict,
      await call('put', '/system/user/changeStatus', admin.token).send({
        userId: self.userId,
        status: '1',
      }),
      'admin disables themselves',
    );
    const staff = all.body.rows.find((u: { userName: string }) => u.userName === 'yuangong');
    const verdict = userActionCheck('changeStatus', staff, admin.actor);
    expect(verdict.ok).toBe(true);
    for (const status of ['1', '0'])
      agrees(
        verdict,
        await call('put', '/system/user/changeStatus', admin.token).send({
          userId: staff.userId,
          status,
        }),
        `admin sets yuangong to ${status}`,
      );
  });

  it('资金计划: delete and send are refused exactly where fundPlanActionCheck refuses them', async () => {
    for (const user of ['caiwu', 'yunying']) {
      const { token, actor } = await signIn(user);
      const list = await call('get', '/contract/fundPlan/list?pageSize=100', token).expect(200);
      const rows = list.body.rows as { planId: number; planMonth: string; status: number }[];
      expect(rows.some((p) => p.status === 2)).toBe(true);
      for (const p of rows) {
        const remove = fundPlanActionCheck('plan', 'remove', p, actor);
        if (!remove.ok)
          agrees(
            remove,
            await call('get', `/contract/fundPlan/delete?planId=${String(p.planId)}`, token),
            `${user} deletes plan ${p.planMonth}`,
          );
        const submit = fundPlanActionCheck('plan', 'submit', p, actor);
        if (!submit.ok)
          agrees(
            submit,
            await call('post', '/contract/fundPlan/updateToApproval', token).send({
              planId: p.planId,
            }),
            `${user} sends plan ${p.planMonth}`,
          );
      }
    }
  });

  it.each([
    ['借款', '/contract/loan/list', '/contract/loan/delete', 'loanId', loanActions],
    ['资金支付', '/v4/fundPay/list', '/v4/fundPay/delete', 'payId', fundPayActions],
    ['开票申请', '/v4/finance/list', '/v4/finance/delete', 'invoiceId', invoiceActions],
  ] as const)(
    '%s: a delete is refused exactly where the list’s rule refuses it',
    async (_what, listPath, deletePath, idKey, rule) => {
      const { token, actor } = await signIn('caiwu');
      const list = await call('get', `${listPath}?pageSize=100`, token).expect(200);
      const rows = list.body.rows as ({ status: 0 | 1 | 2 | 3 } & Record<string, number>)[];
      let refused = 0;
      for (const r of rows) {
        const verdict = rule.check('remove', r, actor);
        if (verdict.ok) continue;
        agrees(
          verdict,
          await call('post', deletePath, token).send({ [idKey]: r[idKey] }),
          `caiwu deletes ${idKey} ${String(r[idKey])}`,
        );
        refused++;
      }
      // The seeded institute has approved (or paid) records of each kind, so this checked some.
      expect(refused).toBeGreaterThan(0);
    },
  );

  const CONFIRM_ROUTE: Record<TaskConfirmStep, ['get' | 'post', string]> = {
    designHost: ['get', '/project/design-task/confirmByDesignZhuChi'],
    projectManager: ['get', '/project/design-task/confirmByProManager'],
    department: ['post', '/v4/design-task/confirmTask'],
  };
  const subject = (t: {
    status: number;
    history: boolean;
    designUserId: number;
    projectManagerId: number;
    deptConfirmerId: number | null;
  }): TaskActionSubject => ({ ...t, confirmed: t.status });

  it.each(['xmjl', 'sjzc', 'bmfzr', 'zgcs'])(
    '设计任务: %s is refused every confirmation and delete the function refuses, with its words',
    async (user) => {
      const { token, actor } = await signIn(user);
      const list = await call('get', '/v4/design-task/list?pageSize=100', token).expect(200);
      const rows = list.body.rows as (Parameters<typeof subject>[0] & {
        taskId: number;
        taskNo: string;
        currentStep: TaskConfirmStep | null;
      })[];
      expect(rows.length).toBeGreaterThan(0);
      let refused = 0;
      for (const t of rows) {
        if (t.currentStep !== null) {
          const verdict = taskActionCheck('confirm', subject(t), actor);
          if (!verdict.ok) {
            const [method, path] = CONFIRM_ROUTE[t.currentStep];
            const res =
              method === 'get'
                ? await call('get', `${path}?taskId=${String(t.taskId)}`, token)
                : await call('post', path, token).send({ taskId: t.taskId });
            agrees(verdict, res, `${user} confirms ${t.taskNo}`);
            refused++;
          }
        }
        const remove = taskActionCheck('remove', subject(t), actor);
        if (!remove.ok) {
          const res = await call(
            'get',
            `/project/design-task/deleteById?taskId=${String(t.taskId)}`,
            token,
          );
          agrees(remove, res, `${user} deletes ${t.taskNo}`);
          refused++;
        }
      }
      expect(refused).toBeGreaterThan(0);
    },
  );

  it('设计任务: the department’s head is offered 部门确认, and the server accepts it', async () => {
    const head = await signIn('bmfzr');
    const list = await call('get', '/v4/design-task/list?pageSize=100&status=2', head.token).expect(
      200,
    );
    const offered = list.body.rows.find(
      (t: Parameters<typeof subject>[0]) => taskActionCheck('confirm', subject(t), head.actor).ok,
    );
    expect(offered).toBeDefined();
    agrees(
      taskActionCheck('confirm', subject(offered), head.actor),
      await call('post', '/v4/design-task/confirmTask', head.token).send({
        taskId: offered.taskId,
      }),
      `bmfzr confirms ${String(offered.taskNo)}`,
    );
  });
});
