/* eslint-disable @typescript-eslint/no-unsafe-member-access -- supertest bodies are untyped JSON */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { apiClient } from './api-client.js';
import { openApprovalApi, type ApprovalTestApi } from './approval-api.js';
import { standInRecord } from './approval-test-records.js';
import type { TestDatabaseKind } from './test-database.js';

export const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);

export interface Outcome {
  approvalId: string;
  status: number;
  version: number;
  currentNodeName: string;
}

/**
 * A 24_1 contract review from the approval centre: a linked form, so it names a record (the test
 * record, which stands in for the contract) unless `extra` names another.
 */
export const contract = (amount: string, extra: Record<string, unknown> = {}) => ({
  typeCode: '24_1',
  title: `合同评审 ${amount} 万元`,
  ...standInRecord('contract'),
  content: {
    contractName: { value: '某小区规划设计合同' },
    signByMain: { value: '某开发公司' },
    signBySub: { value: '华东示范建筑设计研究院' },
    totalAmount: { value: amount },
  },
  ...extra,
});

/**
 * A 25_1 technical seal from the approval centre: it stamps results of a task, so it names a
 * record (the test record, which stands in for the result seal).
 */
export const seal = (sealTypes: string[]) => ({
  typeCode: '25_1',
  title: '技术章用印',
  ...standInRecord('seal'),
  content: {
    drawContent: { value: '施工图 12 张' },
    sealType: { value: sealTypes, type: 'options' },
  },
});

/**
 * The approval engine suites' API: the demo approvers signed in, and the calls every suite
 * makes (process, create, the detail, and the test record's and the log's counts). Call inside a
 * `describe`: it opens the API before the suite and closes it after.
 */
export function useApprovalApi(kind: TestDatabaseKind) {
  let api: ApprovalTestApi;
  const client = apiClient(() => api);
  const { post, get } = client;
  const process = (
    user: string,
    approvalId: string,
    version: number,
    action: string,
    extra: Record<string, unknown> = {},
    key?: string,
  ) => post(user, '/project/approval/process', { approvalId, version, action, ...extra }, key);
  const create = async (user: string, path: string, body: unknown): Promise<Outcome> => {
    const r = await post(user, path, body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return (r.body as { data: Outcome }).data;
  };
  const detail = async (user: string, approvalId: string) => {
    const r = await get(user, '/project/approval/getCommonApprovalDetail', {
      serviceId: approvalId,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data as {
      approvalDetailBO: {
        creatorSignUrl: string | null;
        approvalNodeList: {
          nodeId: string;
          nodeName: string;
          content: string;
          approvalUserSignUrl: string | null;
        }[];
        unApprovalList: { nodeId: string; nodeName: string }[];
        currentNodeName: string;
      };
      approval: {
        status: number;
        version: number;
        nodes: { nodeId: string; nodeName: string; assignees: string[] }[];
        round: number;
      };
      log: { action: string; actorId: string }[];
      allowedActions: string[];
      userNames: Record<string, string>;
      currentSignRecord: unknown;
      attachmentList: unknown[];
      sealImagesList: unknown[];
      imgFiles: unknown[];
      designTaskSignFlowList: unknown[];
      designTaskSignDetailList: unknown[];
    };
  };
  const moved = async (recordId: string): Promise<number> => {
    const r = await sql<{
      moved_count: number;
    }>`select moved_count from approval_test_record where record_id = ${recordId}`.execute(
      api.database.handle.db,
    );
    return r.rows[0]?.moved_count ?? 0;
  };
  const logCount = async (approvalId: string): Promise<number> => {
    const r = await sql<{
      c: string;
    }>`select count(*) as c from approval_action_log where approval_id = ${Number(approvalId)}`.execute(
      api.database.handle.db,
    );
    return Number(r.rows[0]?.c ?? 0);
  };

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    for (const u of [
      'admin',
      'yuangong',
      'bmfzr2',
      'jingying',
      'caiwu',
      'zjl',
      'jsfzr',
      'zhsw',
      'xmjl',
      'sjzc',
    ]) {
      await client.signIn(u);
    }
  });
  afterAll(() => api.close());

  return { api: () => api, client, process, create, detail, moved, logCount };
}
