import { ALL_DATA, FinishService, type FinishActor } from '@dpms/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database/open-database.js';
import { openTestDatabase, testDatabaseKinds } from '../testing/index.js';
import { KyselyUnitOfWork } from './platform-repositories.js';
import { createFinishRepositories, SqlFinishRepository } from './sql-finish.repository.js';
import { value } from '../testing/results.js';

const manager: FinishActor = { userId: 3, userName: 'xmjl', scope: ALL_DATA, fileOwnerId: null };
const stranger: FinishActor = {
  userId: 16,
  userName: 'bmfzr2',
  scope: { kind: 'deptAndBelow', deptId: 112 },
  fileOwnerId: 16,
};

describe.each(testDatabaseKinds())('finish repositories on %s', (kind) => {
  let handle: DatabaseHandle;
  let service: FinishService;
  let contractId: number;
  let taskId: number;
  const clock = { now: () => new Date() };

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    service = new FinishService(
      new KyselyUnitOfWork(handle.db, (trx) => createFinishRepositories(trx)),
      clock,
    );
    contractId = (
      await handle.db
        .insertInto('contract')
        .values({
          stage: 'formal',
          status: 1,
          project_name: '完工仓储项目',
          contract_name: '完工仓储合同',
          biz_source: '1',
          total_amount: '50',
          dept_id: 110,
          user_id: 3,
        })
        .returning('contract_id')
        .executeTakeFirstOrThrow()
    ).contract_id;
    taskId = (
      await handle.db
        .insertInto('design_task')
        .values({
          contract_id: contractId,
          task_no: `CK-${String(Date.now())}`,
          task_name: '仓储任务',
          design_stage_id: '3',
          design_user_id: 4,
          project_manager_id: 3,
          plan_finish_date: '2026-12-31',
          task_amount: '20',
          confirm_finish_amount: '0',
          confirmed: 3,
          dept_id: 110,
          user_id: 3,
        })
        .returning('task_id')
        .executeTakeFirstOrThrow()
    ).task_id;
  });
  afterAll(() => handle.close());

  it('seeds a demo confirmation that the task value agrees with', async () => {
    const demo = await handle.db
      .selectFrom('contract_finish_confirm as k')
      .innerJoin('design_task as t', 't.task_id', 'k.task_id')
      .select(['k.after_amount', 't.confirm_finish_amount', 't.task_amount'])
      .where('k.remark', '=', '阶段完成确认')
      .execute();
    expect(demo).toHaveLength(1);
    const [row] = demo;
    expect(Number(row?.after_amount)).toBe(Number(row?.confirm_finish_amount));
    expect(Number(row?.confirm_finish_amount)).toBeLessThanOrEqual(Number(row?.task_amount));
  });

  it('moves the task value with its version and records the history; a stale version moves nothing', async () => {
    const repo = new SqlFinishRepository(handle.db);
    const before = await repo.task(taskId);
    if (before === null) throw new Error('task missing');
    expect(await repo.setTaskFinishAmount(before, '5', manager, new Date())).toBe(true);
    expect(await repo.setTaskFinishAmount(before, '6', manager, new Date())).toBe(false);
    const after = await repo.task(taskId);
    expect(after).toMatchObject({ confirmFinishAmount: '5', version: before.version + 1 });
    const history = await handle.db
      .selectFrom('design_task_finish_amount')
      .select(['after_amount'])
      .where('task_id', '=', taskId)
      .execute();
    expect(history.map((h) => Number(h.after_amount))).toEqual([5]);
  });

  it('confirms through the service and keeps another department out', async () => {
    const c = value(
      await service.confirm({ contractId, taskId, confirmFinishAmount: '15' }, manager),
    );
    expect(c).toMatchObject({ beforeAmount: '5', afterAmount: '20' });
    const over = await service.confirm(
      { contractId, taskId, confirmFinishAmount: '0.000001' },
      manager,
    );
    expect(over.ok ? 'ok' : over.error.code).toBe('VALIDATION.FINISH_EXCEEDS_TASK_AMOUNT');
    const hidden = await service.overview(contractId, stranger);
    expect(hidden.ok ? 'ok' : hidden.error.code).toBe('FINISH.CONTRACT_NOT_FOUND');
    const page = await service.manageList(
      { contractName: '完工仓储' },
      { pageNum: 1, pageSize: 20 },
      stranger,
    );
    expect(page.total).toBe(0);
    const mine = await service.manageList(
      { contractName: '完工仓储', finished: false },
      { pageNum: 1, pageSize: 20 },
      manager,
    );
    expect(mine.rows.map((r) => [r.contractId, r.taskAmount, r.confirmFinishAmount])).toEqual([
      [contractId, '20', '20'],
    ]);
  });
});
