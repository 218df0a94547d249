/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import { sql } from 'kysely';
import type request from 'supertest';
import { expect } from 'vitest';
import type { ApprovalTestApi } from '../test-support/approval-api.js';
import type { ApiClient } from '../test-support/api-client.js';
import { insertFormalContract } from '../test-support/formal-contract.js';

/** The fund payment tests' calls: refusals, reconciliation, the plan switch, approvals to the end. */
export function fundPayHelpers(current: () => ApprovalTestApi, client: ApiClient) {
  const { post, get, bodyOf, okData } = client;
  const refused = async (
    r: request.Test | Promise<request.Response>,
    status: number,
    field?: string,
  ) => {
    const body = await bodyOf(r, status);
    if (field !== undefined) expect(body.field ?? JSON.stringify(body)).toBe(field);
    expect(String(body.msg)).toMatch(/[\u4e00-\u9fa5]/);
    return body;
  };
  const reconciles = async () => {
    expect(await okData(get('caiwu', '/project/backMoney/reconcile'))).toEqual([]);
  };
  const setSwitch = async (value: string) => {
    await current()
      .database.handle.db.updateTable('sys_config')
      .set({ config_value: value })
      .where('config_key', '=', 'fund_plan_switch')
      .execute();
  };
  const approvedFundPlan = async (deptId: number, month: string) => {
    await sql`insert into fund_plan (dept_id, plan_month, status, total_amount, user_id)
              values (${deptId}, ${month}, 2, 100, 1)`.execute(current().database.handle.db);
  };
  /**
   * Walks an approval to its end: at each node the first of `users` who may approve does. Answers
   * the approval's last status, or the refusal that stopped it.
   */
  const approveAll = async (
    approvalId: string,
    users: readonly string[],
  ): Promise<{ status: number; refusal?: request.Response }> => {
    for (let round = 0; round < 8; round += 1) {
      let moved = false;
      let refusal: request.Response | undefined;
      for (const user of users) {
        const dr = await get(user, '/project/approval/getCommonApprovalDetail', {
          serviceId: approvalId,
        });
        if (dr.status !== 200) continue;
        const a = dr.body.data.approval;
        if (a.status !== 0) return { status: a.status };
        const r = await post(user, '/project/approval/process', {
          approvalId,
          version: a.version,
          action: 'approve',
        });
        if (r.status === 200) {
          moved = true;
          break;
        }
        if (r.status === 422) refusal = r;
      }
      if (!moved) return { status: 0, ...(refusal ? { refusal } : {}) };
    }
    return { status: 0 };
  };
  const backMoneyLeft = async (cid: number) => {
    const rows = (await get('caiwu', '/project/backMoney/list', { contractId: cid })).body.rows;
    return rows.map((b: { unallottedAmount: string }) => b.unallottedAmount);
  };
  async function newContract(name: string, deptId: number): Promise<number> {
    return insertFormalContract(current().database.handle.db, {
      project_name: `${name}项目`,
      contract_name: name,
      total_amount: '500',
      sign_by_sub: '某某建筑设计研究院',
      dept_id: deptId,
    });
  }
  /** A sub-contract of the contract (30 万元) with one pay item of 8 万元 at 3%. */
  async function childWithPayItem(
    contractId: number,
  ): Promise<{ contractChildId: number; childPayId: number }> {
    const db = current().database.handle.db;
    const child = await db
      .insertInto('contract_child')
      .values({
        contract_id: contractId,
        contract_child_no: 'FB-001',
        child_type: 2,
        receive_company_name: '某技术服务公司',
        total_amount: '30',
        status: 1,
        dept_id: 110,
        user_id: 3,
      })
      .returning('contract_child_id')
      .executeTakeFirstOrThrow();
    const contractChildId = child.contract_child_id;
    const item = await db
      .insertInto('contract_child_pay')
      .values({
        contract_child_id: contractChildId,
        pay_amount: '8',
        tax_rate: '0.03',
        real_pay_amount: '7.76',
        user_id: 3,
      })
      .returning('pay_id')
      .executeTakeFirstOrThrow();
    return { contractChildId, childPayId: item.pay_id };
  }
  /** Back money entered by finance. */
  async function backMoneyIn(contractId: number, backAmount: string, backDate: string) {
    await okData(post('caiwu', '/project/backMoney/insert', { contractId, backAmount, backDate }));
  }
  return {
    backMoneyIn,
    childWithPayItem,
    refused,
    reconciles,
    setSwitch,
    approvedFundPlan,
    approveAll,
    backMoneyLeft,
    newContract,
  };
}
