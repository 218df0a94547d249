import type { InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { aTaskRecord } from '@dpms/wire/testing';
import { ApiError } from '../api-error.js';
import { TaskGateway } from './task.gateway.js';
import { recordingHttp } from './recording-http.js';

const TASK = aTaskRecord();

function setup(answer: (config: InternalAxiosRequestConfig) => unknown) {
  const { http, seen } = recordingHttp(answer);
  return { gateway: new TaskGateway(http), seen };
}

describe('TaskGateway', () => {
  it('parses a page of task sheets and a written sheet with the wire schemas', async () => {
    const { gateway } = setup((c) =>
      c.url === '/v4/design-task/list'
        ? { code: 200, msg: '查询成功', total: 1, rows: [TASK] }
        : { code: 200, msg: '操作成功', data: TASK },
    );
    expect(await gateway.list({ pageNum: 1 })).toEqual({ total: 1, rows: [TASK] });
    expect(await gateway.add({ taskName: '施工图设计' })).toEqual(TASK);
  });

  it('refuses a malformed answer with a clear error naming the call, not undefined on screen', async () => {
    const { gateway } = setup(() => ({
      code: 200,
      msg: '操作成功',
      data: { ...TASK, currentStep: 'boss', taskAmount: 100 },
    }));
    const failure = await gateway.confirm(TASK, '同意').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: 'HTTP.MALFORMED_ANSWER' });
    expect((failure as ApiError).message).toContain('/project/design-task/confirmByDesignZhuChi');
    const detail = await gateway.detail(7).catch((e: unknown) => e);
    expect(detail).toMatchObject({ code: 'HTTP.MALFORMED_ANSWER' });
  });

  it('refuses a page whose row lacks a field the screens read', async () => {
    const { taskNo: _gone, ...row } = TASK;
    void _gone;
    const { gateway } = setup(() => ({ code: 200, msg: '查询成功', total: 1, rows: [row] }));
    expect(await gateway.values({}).catch((e: unknown) => e)).toMatchObject({
      code: 'HTTP.MALFORMED_ANSWER',
    });
    expect(await gateway.list({}).catch((e: unknown) => e)).toMatchObject({
      code: 'HTTP.MALFORMED_ANSWER',
    });
  });

  it('sends each write with the action’s Idempotency-Key, the GET confirmations included', async () => {
    const { gateway, seen } = setup(() => ({ code: 200, msg: '操作成功', data: TASK }));
    await gateway.add({ taskName: '施工图设计' }, { idempotencyKey: 'k-add' });
    await gateway.update({ taskId: 7, version: 0 }, { idempotencyKey: 'k-edit' });
    await gateway.confirm(TASK, '同意', { idempotencyKey: 'k-host' });
    await gateway.confirm({ ...TASK, currentStep: 'department' }, '同意', {
      idempotencyKey: 'k-dept',
    });
    await gateway.remove(7, { idempotencyKey: 'k-del' });
    const keyOf = (url: string) =>
      seen.find((c) => c.url === url)?.headers.get('Idempotency-Key') as string | undefined;
    expect(keyOf('/v4/design-task/add')).toBe('k-add');
    expect(keyOf('/v4/design-task/update')).toBe('k-edit');
    expect(keyOf('/project/design-task/confirmByDesignZhuChi')).toBe('k-host');
    expect(keyOf('/v4/design-task/confirmTask')).toBe('k-dept');
    expect(keyOf('/project/design-task/deleteById')).toBe('k-del');
  });

  it('leaves blank filters out of a list query', async () => {
    const { gateway, seen } = setup(() => ({ code: 200, msg: '查询成功', total: 0, rows: [] }));
    await gateway.list({ pageNum: 1, taskName: '', status: '3' });
    expect(seen[0]?.params).toEqual({ pageNum: 1, status: '3' });
  });
});
