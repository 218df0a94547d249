/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-return -- supertest bodies are untyped JSON */
import type request from 'supertest';
import { afterAll, beforeAll, expect } from 'vitest';
import { apiClient } from './api-client.js';
import { openApprovalApi, type ApprovalTestApi } from './approval-api.js';
import type { TestDatabaseKind } from './test-database.js';
import { insertFormalContract } from './formal-contract.js';

// Demo institute: caiwu (财务, all data), xmjl (项目经理, 建筑一所 110), bmfzr (head of 110),
// bmfzr2 (head of 结构所 112), zjl (总经理), yuangong (普通员工, no fund permission).
// The loan agreement (10_1) goes to the drafter's department head, finance and the general manager.

/**
 * The back money and loan suites' API: a formal contract of 建筑一所 with one design task, the
 * fund people signed in, and the helpers every suite uses. Call inside a `describe`: it opens the
 * API before the suite and closes it after.
 */
export function useFundApi(kind: TestDatabaseKind) {
  let api: ApprovalTestApi;
  let contractId: number;
  let taskId: number;
  const client = apiClient(() => api);
  const { post, get, bodyOf, okData, signIn } = client;
  const refused = async (
    r: request.Test | Promise<request.Response>,
    status: number,
    field?: string,
  ) => {
    const body = await bodyOf(r, status);
    if (field !== undefined) expect(body.field ?? JSON.stringify(body)).toContain(field);
    return body;
  };
  const reconciles = async () => {
    expect(await okData(get('caiwu', '/project/backMoney/reconcile'))).toEqual([]);
  };
  const approveAll = async (approvalId: string) => {
    for (const user of ['bmfzr', 'caiwu', 'zjl']) {
      const d = await okData(
        get(user, '/project/approval/getCommonApprovalDetail', { serviceId: approvalId }),
      );
      await okData(
        post(user, '/project/approval/process', {
          approvalId,
          version: d.approval.version,
          action: 'approve',
        }),
      );
    }
  };

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    const db = api.database.handle.db;
    contractId = await insertFormalContract(db, {
      project_name: '资金接口测试项目',
      contract_name: '资金接口测试合同',
      total_amount: '500',
    });
    const t = await db
      .insertInto('design_task')
      .values({
        contract_id: contractId,
        task_no: `FUND-API-${kind}`,
        task_name: '资金接口测试任务',
        design_stage_id: '3',
        design_user_id: 4,
        project_manager_id: 3,
        plan_finish_date: '2026-12-31',
        task_amount: '200',
        confirm_finish_amount: '50',
        major_list: '[]',
        dept_id: 110,
        user_id: 3,
      })
      .returning('task_id')
      .executeTakeFirstOrThrow();
    taskId = t.task_id;
    await signIn('caiwu', 'xmjl', 'bmfzr', 'bmfzr2', 'zjl', 'yuangong', 'jingying');
  });
  afterAll(() => api.close());

  return {
    api: () => api,
    contractId: () => contractId,
    taskId: () => taskId,
    client,
    refused,
    reconciles,
    approveAll,
  };
}
