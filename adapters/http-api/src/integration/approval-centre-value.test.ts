/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument -- supertest bodies are untyped JSON */
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { useTaskApi } from './task-fixture.js';

// Demo institute: xmjl (项目经理 of the tasks) asks for the confirmed finish amount; the 4_1 flow
// is 项目经理 → 部门负责人 (bmfzr) → 运营部 (yunying).

describe.each(testDatabaseKinds())(
  '4_1 产值确认 from 发起审批 and from the value screen on %s',
  (kind) => {
    const { post, get, okData, confirmedTask, approveAll, client, api } = useTaskApi(kind);
    beforeAll(() => client.signIn('yunying'));

    const approvals = async () =>
      Number(
        (
          await api()
            .database.handle.db.selectFrom('approval')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const form = (taskId: number | undefined, amount: string) => ({
      typeCode: '4_1',
      ...(taskId === undefined ? {} : { recordKind: 'task', recordId: String(taskId) }),
      content: { confirmFinishAmount: { value: amount } },
      submit: true,
    });

    it('confirms the same finished amount, with the same history row, under the same rule', async () => {
      const [t1, t2] = [await confirmedTask(), await confirmedTask()];
      const before = await approvals();
      const over = await post(
        'xmjl',
        '/project/approval/addCommonTemplate',
        form(t1.taskId, '100.000001'),
      );
      expect(over.status, JSON.stringify(over.body)).toBe(422);
      expect(JSON.stringify(over.body)).toContain('100');
      const unpicked = await post(
        'xmjl',
        '/project/approval/addCommonTemplate',
        form(undefined, '40'),
      );
      expect(unpicked.status).toBe(400);
      expect(unpicked.body).toMatchObject({ field: 'recordId', msg: '请选择关联任务单' });
      // Only the task's project manager or department head confirms its value, on both paths.
      const stranger = await post(
        'sjzc',
        '/project/approval/addCommonTemplate',
        form(t1.taskId, '40'),
      );
      expect(stranger.status).toBe(403);
      expect(await approvals()).toBe(before);

      const sent = await okData(
        post('xmjl', '/project/approval/addCommonTemplate', form(t1.taskId, '40')),
      );
      expect(sent.status).toBe(0);
      // In approval, the amount is not confirmed yet.
      const waiting = await okData(
        get('xmjl', '/v4/design-task/confirmDetail', { taskId: t1.taskId }),
      );
      expect(waiting.confirmFinishAmount).toBe('0');
      await approveAll(sent.approvalId, ['xmjl', 'bmfzr', 'yunying', 'jingying', 'admin']);
      const done = await api()
        .database.handle.db.selectFrom('approval')
        .select(['status', 'record_kind', 'type_code'])
        .where('approval_id', '=', Number(sent.approvalId))
        .executeTakeFirstOrThrow();
      expect(done).toEqual({ status: 1, record_kind: 'task.value', type_code: '4_1' });

      await okData(
        get('xmjl', '/project/design-task/updateConfirmFinishAmount', {
          taskId: t2.taskId,
          confirmFinishAmount: '40',
        }),
      );
      const details = [
        await okData(get('xmjl', '/v4/design-task/confirmDetail', { taskId: t1.taskId })),
        await okData(get('xmjl', '/v4/design-task/confirmDetail', { taskId: t2.taskId })),
      ];
      const row = (d: {
        confirmFinishAmount: string;
        readyPayLimit: string;
        finishAmountList: unknown[];
      }) => ({
        confirmFinishAmount: d.confirmFinishAmount,
        readyPayLimit: d.readyPayLimit,
        history: d.finishAmountList.map((e) => {
          const { before: b, after, userId, userName } = e as Record<string, unknown>;
          return { before: b, after, userId, userName };
        }),
      });
      expect(row(details[0])).toMatchObject({ confirmFinishAmount: '40' });
      expect(row(details[0])).toEqual(row(details[1]));
    });
  },
);
