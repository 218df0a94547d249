/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-return -- supertest bodies are untyped JSON */
import { randomUUID } from 'node:crypto';
import type request from 'supertest';
import { afterAll, beforeAll, expect } from 'vitest';
import { addDays, instituteDay } from '@dpms/core';
import { apiClient } from '../test-support/api-client.js';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import type { testDatabaseKinds } from '../test-support/test-database.js';
import { insertFormalContract } from '../test-support/formal-contract.js';
import { approveAll as approveAllAs } from '../test-support/approve-all.js';

// Demo institute: xmjl 3 (项目经理, 建筑一所 110), sjzc 4 (设计主持, 110), bmfzr 5 (部门负责人 of
// 110), sjzc2 14 (设计主持, 结构所 112), jsfzr 7 and zhsw 12 (the seal approval's nodes).
export const today = instituteDay(new Date());

/**
 * The design task suites' API: a formal contract of 建筑一所 to hang task sheets on, the task
 * people signed in, and the helpers every suite uses. Call inside a `describe`: it opens the API
 * before the suite and closes it after.
 */
export function useTaskApi(kind: ReturnType<typeof testDatabaseKinds>[number]) {
  let api: ApprovalTestApi;
  let contractId = 0;
  const client = apiClient(() => api);
  const { post, get } = client;
  const okData = async (r: request.Test | Promise<request.Response>) => {
    const res = await r;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const sheet = (over: Record<string, unknown> = {}) => ({
    contractId,
    taskName: '科创园施工图设计',
    subItemName: '一期',
    taskResultName: '施工图',
    designStageId: '3',
    qualityType: '1',
    designUserId: 4,
    projectManagerId: 3,
    planFinishDate: addDays(today, 3),
    remark: '按合同深度完成',
    taskAmount: '100',
    majorIds: [21, 22],
    ...over,
  });
  const newFile = async (name: string) => {
    const fileId = randomUUID().replace(/-/g, '');
    await api.database.handle.db
      .insertInto('file_object')
      .values({
        file_id: fileId,
        original_name: name,
        file_type: name.slice(-3),
        size: 3,
        content_hash: 'x',
        storage_key: `t/${fileId}`,
        owner_user_id: 4,
      })
      .execute();
    return fileId;
  };
  /** A task confirmed by all three, ready for results, seals and pay. */
  const confirmedTask = async (over: Record<string, unknown> = {}) => {
    const t = await okData(post('xmjl', '/v4/design-task/add', sheet(over)));
    await okData(get('sjzc', '/project/design-task/confirmByDesignZhuChi', { taskId: t.taskId }));
    await okData(get('xmjl', '/project/design-task/confirmByProManager', { taskId: t.taskId }));
    return okData(post('bmfzr', '/v4/design-task/confirmTask', { taskId: t.taskId }));
  };

  /** A result of a confirmed task, uploaded by its design host and confirmed by its manager. */
  const confirmedResult = async (taskId: number, fileName = '施工图.dwg', majorId = 21) => {
    const r = await okData(
      post('sjzc', '/project/design-task/uploadResultFileV2', {
        taskId,
        majorId,
        fileName,
        fileList: [await newFile(fileName)],
      }),
    );
    return okData(get('xmjl', '/v4/design-task/confirmTaskResult', { resultId: r.resultId }));
  };
  /** Approves an approval through every node, as whoever holds each, until it ends. */
  const approveAll = (approvalId: string, users: readonly string[]) =>
    approveAllAs({ get, post }, approvalId, users);

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    contractId = await insertFormalContract(api.database.handle.db, {
      project_name: '任务测试项目',
      contract_name: '任务测试设计合同',
      total_amount: '500',
      clean_amount: '500',
      real_amount: '500',
    });
    for (const u of [
      'xmjl',
      'sjzc',
      'bmfzr',
      'sjzc2',
      'jsfzr',
      'zhsw',
      'yuangong',
      'jingying',
      'admin',
    ])
      await client.signIn(u);
  });
  afterAll(() => api.close());

  return {
    api: () => api,
    contractId: () => contractId,
    client,
    post,
    get,
    okData,
    sheet,
    newFile,
    confirmedTask,
    confirmedResult,
    approveAll,
  };
}
