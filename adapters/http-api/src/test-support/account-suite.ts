/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-return -- supertest bodies are untyped JSON */
import type request from 'supertest';
import { afterAll, beforeAll, expect } from 'vitest';
import { apiClient } from './api-client.js';
import { openApprovalApi, type ApprovalTestApi } from './approval-api.js';
import type { TestDatabaseKind } from './test-database.js';
import { insertFormalContract } from './formal-contract.js';

// Demo institute: caiwu (财务, every account, invoice and employee-cost call, all data),
// jingying (经营部, approves invoice requests first), bmfzr (head of 建筑一所 110: employee costs of
// 110 and below), bmfzr2 (head of 结构所 112), zjl (reads and exports), yuangong (none of these).

/**
 * The account, invoice and employee-cost suites' API: two formal contracts (建筑一所 and 结构所)
 * with back money and a sub-contract payment, the finance people signed in, and the helpers
 * every suite uses. Call inside a `describe`: it opens the API before the suite and closes it
 * after.
 */
export function useAccountApi(kind: TestDatabaseKind) {
  let api: ApprovalTestApi;
  let contractId: number;
  let otherId: number;
  const client = apiClient(() => api);
  const { post, get, bodyOf, signIn } = client;
  const okData = async (r: request.Test | Promise<request.Response>) => {
    const body = await bodyOf(r, 200);
    return body.data ?? body;
  };
  const refused = async (
    r: request.Test | Promise<request.Response>,
    status: number,
    field?: string,
  ) => {
    const body = await bodyOf(r, status);
    expect(body.code).toBe(status);
    if (field !== undefined) expect(JSON.stringify(body)).toContain(field);
    return body;
  };
  const count = async (table: 'finance_invoice' | 'employee_cost' | 'contract_account') => {
    const r = await api.database.handle.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .where('del_flag', '=', '0')
      .executeTakeFirstOrThrow();
    return Number(r.n);
  };
  /** Moves the approval one step per round, whoever of the demo approvers holds it. */
  const act = async (approvalId: string, action: 'approve' | 'reject') => {
    for (let round = 0; round < 6; round++) {
      let moved = false;
      for (const user of ['jingying', 'caiwu', 'zjl']) {
        const d = await get(user, '/project/approval/getCommonApprovalDetail', {
          serviceId: approvalId,
        });
        if (d.status !== 200) continue;
        const r = await post(user, '/project/approval/process', {
          approvalId,
          version: d.body.data.approval.version,
          action,
          opinion: action === 'reject' ? '金额有误' : '同意',
        });
        if (r.status === 200) {
          moved = true;
          if (action === 'reject') return;
        }
      }
      if (!moved) return;
    }
  };

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    const db = api.database.handle.db;
    const values = {
      project_name: '账户接口测试项目',
      total_amount: '100',
      sign_date: '2026-03-01',
    };
    contractId = await insertFormalContract(db, {
      ...values,
      contract_name: '账户接口测试合同',
      contract_no: 'ZHCS-0001',
    });
    otherId = await insertFormalContract(db, {
      ...values,
      contract_name: '账户接口测试合同（结构所）',
      contract_no: 'ZHCS-0002',
      sign_date: '2025-06-01',
      dept_id: 112,
      user_id: 16,
    });
    await db
      .insertInto('back_money')
      .values({ contract_id: contractId, back_amount: '30', back_date: '2026-04-10', user_id: 8 })
      .execute();
    const child = await db
      .insertInto('contract_child')
      .values({
        contract_id: contractId,
        contract_child_no: 'ZHCS-FB-1',
        child_type: 2,
        total_amount: '10',
        status: 1,
        dept_id: 110,
        user_id: 3,
      })
      .returning('contract_child_id')
      .executeTakeFirstOrThrow();
    const item = await db
      .insertInto('contract_child_pay')
      .values({
        contract_child_id: child.contract_child_id,
        pay_amount: '5',
        real_pay_amount: '5',
        user_id: 3,
      })
      .returning('pay_id')
      .executeTakeFirstOrThrow();
    // Paid out is what paid fund payments paid (a pay item alone is what the sub-contract is due).
    await db
      .insertInto('fund_pay')
      .values({
        child_pay_id: item.pay_id,
        contract_id: contractId,
        contract_child_id: child.contract_child_id,
        plan_month: '2026-04',
        pay_amount: '5',
        tax_rate: '0.06',
        real_pay_amount: '5',
        type_code: '16_1',
        status: 2,
        user_id: 3,
      })
      .execute();
    await signIn('caiwu', 'jingying', 'bmfzr', 'bmfzr2', 'zjl', 'yuangong');
  });
  afterAll(() => api.close());

  return {
    api: () => api,
    contractId: () => contractId,
    otherId: () => otherId,
    client,
    okData,
    refused,
    count,
    act,
  };
}
