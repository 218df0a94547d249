/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openContractApi, type ContractClient, type ContractTestApi } from './contract-helpers.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { insertFormalContract } from '../test-support/formal-contract.js';

// Demo institute: xmjl (3, 项目经理, own records: confirms amounts, uploads files), jingying
// (经营部, all data: confirms the finish), bmfzr2 (结构所 head: another department), yuangong
// (no contract permission).

describe.each(testDatabaseKinds())('finish confirmation API on %s', (kind) => {
  let api: ContractTestApi;
  let contractId: number;
  let unsignedId: number;
  let taskA: number;
  let taskB: number;
  let taskOpen: number;
  const clients: Record<string, ContractClient> = {};
  const client = (user: string): ContractClient => {
    const c = clients[user];
    if (c === undefined) throw new Error(`not signed in: ${user}`);
    return c;
  };
  const post = (user: string, path: string, body: unknown) => client(user).post(path, body);
  const get = (user: string, path: string, query: Record<string, unknown> = {}) =>
    client(user).get(path, query);
  const okData = async (r: request.Test | Promise<request.Response>) => {
    const res = await r;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const refused = async (
    r: request.Test | Promise<request.Response>,
    status: number,
    text?: string,
  ) => {
    const res = await r;
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (text !== undefined) expect(JSON.stringify(res.body)).toContain(text);
    return res.body;
  };
  const taskAmountOf = async (taskId: number) =>
    (
      await api.db
        .selectFrom('design_task')
        .select('confirm_finish_amount')
        .where('task_id', '=', taskId)
        .executeTakeFirstOrThrow()
    ).confirm_finish_amount;
  const upload = (user: string, name: string) =>
    client(user).upload(name, Buffer.from(`%PDF-1.4 ${name}`));

  beforeAll(async () => {
    api = await openContractApi(kind);
    const db = api.db;
    const values = {
      project_name: '完工接口测试项目',
      contract_name: '完工接口测试合同',
      total_amount: '100',
    };
    contractId = await insertFormalContract(db, values);
    unsignedId = await insertFormalContract(db, { ...values, stage: 'contract' });
    const task = async (no: string, amount: string, confirmed: number, quality = '0') =>
      (
        await db
          .insertInto('design_task')
          .values({
            contract_id: contractId,
            task_no: no,
            task_name: `任务${no}`,
            design_stage_id: '3',
            design_stage_name: '施工图设计',
            quality_type: quality,
            design_user_id: 4,
            project_manager_id: 3,
            plan_finish_date: '2026-12-31',
            task_amount: amount,
            confirm_finish_amount: '0',
            confirmed,
            dept_id: 110,
            user_id: 3,
          })
          .returning('task_id')
          .executeTakeFirstOrThrow()
      ).task_id;
    taskA = await task('WG-A', '30', 3);
    taskB = await task('WG-B', '20', 3, '1');
    taskOpen = await task('WG-C', '10', 1);
    const back = await db
      .insertInto('back_money')
      .values({ contract_id: contractId, back_amount: '25', back_date: '2026-03-01', user_id: 8 })
      .returning('back_money_id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('back_money_allot')
      .values({
        back_money_id: back.back_money_id,
        contract_id: contractId,
        dept_id: 110,
        task_id: taskA,
        allot_amount: '12',
      })
      .execute();
    for (const user of ['xmjl', 'jingying', 'bmfzr2', 'yuangong'])
      clients[user] = await api.as(user);
  });
  afterAll(() => api.close());

  it('checks permission and data scope on every call', async () => {
    for (const path of [
      '/v4/contract/listByContractId',
      '/v4/contract/performUncollectedList',
      '/v4/contract/confirmFinishAmountList',
      '/project/contract/getContractFinishFile',
      '/project/contract/getContractTask',
      '/project/contract/confirmContractFinish',
    ])
      await refused(get('yuangong', path, { contractId }), 403);
    await refused(get('yuangong', '/project/contract/serviceManagelist'), 403);
    await refused(get('yuangong', '/project/contract/deleteConfirmFinishAmount', { id: 1 }), 403);
    await refused(
      post('yuangong', '/v4/contract/confirmFinishAmount', {
        contractId,
        taskId: taskA,
        confirmFinishAmount: '1',
      }),
      403,
    );
    await refused(
      post('yuangong', '/project/contract/uploadContractFinishFile', { contractId, fileIds: [] }),
      403,
    );
    // xmjl may not confirm the contract's finish (经营部's button).
    await refused(get('xmjl', '/project/contract/confirmContractFinish', { contractId }), 403);
    // Another department's head holds the permission but not the contract's data.
    await refused(
      get('bmfzr2', '/v4/contract/listByContractId', { contractId }),
      404,
      'contractId',
    );
    await refused(
      post('bmfzr2', '/v4/contract/confirmFinishAmount', {
        contractId,
        taskId: taskA,
        confirmFinishAmount: '1',
      }),
      404,
      'contractId',
    );
    const managed = await get('bmfzr2', '/project/contract/serviceManagelist', {
      contractName: '完工接口测试',
    });
    expect(managed.status).toBe(200);
    expect(managed.body.total).toBe(0);
    expect(await taskAmountOf(taskA)).toBe('0.000000');
  });

  it('confirms finished output value per task within its task amount and refuses bad amounts', async () => {
    const tasks = await okData(get('xmjl', '/project/contract/getContractTask', { contractId }));
    expect(tasks.map((t: { taskNo: string }) => t.taskNo)).toEqual(['WG-A', 'WG-B', 'WG-C']);
    expect(tasks[0]).toMatchObject({ value: String(taskA), confirmableAmount: '30' });

    for (const bad of ['0', '-1', 'abc', '1.1234567', 12, null]) {
      await refused(
        post('xmjl', '/v4/contract/confirmFinishAmount', {
          contractId,
          taskId: taskA,
          confirmFinishAmount: bad,
        }),
        400,
        'confirmFinishAmount',
      );
    }
    const first = await okData(
      post('xmjl', '/v4/contract/confirmFinishAmount', {
        contractId,
        taskId: taskA,
        confirmFinishAmount: '18.5',
        remark: '一期完成',
      }),
    );
    expect(first).toMatchObject({
      taskId: taskA,
      confirmFinishAmount: '18.5',
      beforeAmount: '0',
      afterAmount: '18.5',
      userName: 'xmjl',
    });
    // More than what is left of the task amount (30 − 18.5 = 11.5): refused, nothing changes.
    const over = await refused(
      post('xmjl', '/v4/contract/confirmFinishAmount', {
        contractId,
        taskId: taskA,
        confirmFinishAmount: '11.500001',
      }),
      400,
      'confirmFinishAmount',
    );
    expect(over.msg).toContain('11.5');
    expect(await taskAmountOf(taskA)).toBe('18.500000');
    // A task its department has not confirmed, and a task of another contract.
    await refused(
      post('xmjl', '/v4/contract/confirmFinishAmount', {
        contractId,
        taskId: taskOpen,
        confirmFinishAmount: '1',
      }),
      422,
      'taskId',
    );
    await refused(
      post('xmjl', '/v4/contract/confirmFinishAmount', {
        contractId: unsignedId,
        taskId: taskA,
        confirmFinishAmount: '1',
      }),
      404,
      'taskId',
    );
    const list = await okData(get('xmjl', '/v4/contract/confirmFinishAmountList', { contractId }));
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: first.id,
      confirmFinishAmount: '18.5',
      remark: '一期完成',
    });
    // The task's own history of its confirmed value has the change too.
    const history = await api.db
      .selectFrom('design_task_finish_amount')
      .select(['before_amount', 'after_amount'])
      .where('task_id', '=', taskA)
      .execute();
    expect(history.map((h) => [Number(h.before_amount), Number(h.after_amount)])).toEqual([
      [0, 18.5],
    ]);
  });

  it('answers performed but not collected from the confirmed value and the back money', async () => {
    const u = await okData(get('xmjl', '/v4/contract/performUncollectedList', { contractId }));
    expect(u).toMatchObject({ performedAmount: '18.5', backAmount: '25', uncollectedAmount: '0' });
    expect(u.rows[0]).toMatchObject({
      taskId: taskA,
      performedAmount: '18.5',
      collectedAmount: '12',
      uncollectedAmount: '6.5',
    });
    await okData(
      post('xmjl', '/v4/contract/confirmFinishAmount', {
        contractId,
        taskId: taskB,
        confirmFinishAmount: '20',
      }),
    );
    const after = await okData(get('xmjl', '/v4/contract/performUncollectedList', { contractId }));
    expect(after).toMatchObject({ performedAmount: '38.5', uncollectedAmount: '13.5' });
  });

  it('deletes a confirmation back off its task, but not below the ready pay paid out of it', async () => {
    const list = await okData(get('xmjl', '/v4/contract/confirmFinishAmountList', { contractId }));
    const b = list.find((c: { taskId: number }) => c.taskId === taskB);
    await api.db
      .insertInto('design_task_pay')
      .values({
        task_id: taskB,
        kind: 'ready',
        pay_amount: '5',
        pay_date: '2026-04-01',
        user_id: 3,
      })
      .execute();
    await refused(get('xmjl', '/project/contract/deleteConfirmFinishAmount', { id: b.id }), 422);
    expect(await taskAmountOf(taskB)).toBe('20.000000');
    await api.db.deleteFrom('design_task_pay').where('task_id', '=', taskB).execute();
    await okData(get('xmjl', '/project/contract/deleteConfirmFinishAmount', { id: b.id }));
    expect(await taskAmountOf(taskB)).toBe('0.000000');
    await refused(get('xmjl', '/project/contract/deleteConfirmFinishAmount', { id: b.id }), 404);
    await refused(get('bmfzr2', '/project/contract/deleteConfirmFinishAmount', { id: 1 }), 404);
  });

  it('links finish files and confirms the finish only when every condition holds', async () => {
    let refusal = await refused(
      get('jingying', '/project/contract/confirmContractFinish', { contractId }),
      422,
    );
    expect(refusal.msg).toContain('请先上传完工文件');
    expect(refusal.msg).toContain('WG-A');

    // A file someone else uploaded cannot be linked; an unknown id neither.
    const foreign = await upload('jingying', '别人的完工报告.pdf');
    await refused(
      post('xmjl', '/project/contract/uploadContractFinishFile', {
        contractId,
        fileIds: [foreign],
      }),
      404,
      'fileIds',
    );
    await refused(
      post('xmjl', '/project/contract/uploadContractFinishFile', { contractId, fileIds: [] }),
      400,
      'fileIds',
    );
    const fileId = await upload('xmjl', '竣工验收报告.pdf');
    const files = await okData(
      post('xmjl', '/project/contract/uploadContractFinishFile', {
        contractId,
        fileIds: [fileId, fileId],
      }),
    );
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ fileId, fileName: '竣工验收报告.pdf' });
    expect(
      await okData(get('xmjl', '/project/contract/getContractFinishFile', { contractId })),
    ).toHaveLength(1);

    refusal = await refused(
      get('jingying', '/project/contract/confirmContractFinish', { contractId }),
      422,
    );
    expect(refusal.msg).not.toContain('请先上传完工文件');
    // Bring every task to its full amount (the unconfirmed one through its department first).
    await api.db
      .updateTable('design_task')
      .set({ confirmed: 3 })
      .where('task_id', '=', taskOpen)
      .execute();
    for (const [taskId, amount] of [
      [taskA, '11.5'],
      [taskB, '20'],
      [taskOpen, '10'],
    ] as const)
      await okData(
        post('xmjl', '/v4/contract/confirmFinishAmount', {
          contractId,
          taskId,
          confirmFinishAmount: amount,
        }),
      );
    const overview = await okData(get('xmjl', '/v4/contract/listByContractId', { contractId }));
    expect(overview.canFinish).toBe(true);
    expect(overview.contract.finishStatus).toBe('0');

    const finished = await okData(
      get('jingying', '/project/contract/confirmContractFinish', { contractId }),
    );
    expect(finished).toMatchObject({ finished: true, finishStatus: '1', finishBy: 'jingying' });

    // Finished: confirmations, their deletion and new files are locked; a second finish refused.
    const list = await okData(get('xmjl', '/v4/contract/confirmFinishAmountList', { contractId }));
    await refused(
      get('xmjl', '/project/contract/deleteConfirmFinishAmount', { id: list[0].id }),
      422,
      '已确认完成',
    );
    await refused(
      post('xmjl', '/v4/contract/confirmFinishAmount', {
        contractId,
        taskId: taskA,
        confirmFinishAmount: '0.01',
      }),
      422,
    );
    await refused(
      post('xmjl', '/project/contract/uploadContractFinishFile', {
        contractId,
        fileIds: [await upload('xmjl', '补充.pdf')],
      }),
      422,
    );
    await refused(get('jingying', '/project/contract/confirmContractFinish', { contractId }), 422);
    expect(await taskAmountOf(taskA)).toBe('30.000000');

    const managed = await get('jingying', '/project/contract/serviceManagelist', {
      contractName: '完工接口测试',
      finishStatus: '1',
    });
    expect(managed.status).toBe(200);
    expect(managed.body.rows).toHaveLength(1);
    expect(managed.body.rows[0]).toMatchObject({
      contractId,
      taskAmount: '60',
      confirmFinishAmount: '60',
      backAmount: '25',
      fileCount: 1,
    });
  });

  it('refuses an unsigned contract', async () => {
    await refused(
      get('jingying', '/project/contract/confirmContractFinish', { contractId: unsignedId }),
      422,
      '只有正式合同',
    );
  });
});
