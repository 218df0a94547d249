/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- supertest bodies are untyped JSON */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { apiClient } from '../test-support/api-client.js';
import { insertFormalContract } from '../test-support/formal-contract.js';
import { fundPlanBody } from '../test-support/fund-bodies.js';

/**
 * Separation of duties knows who created a fund record, not only who sends it: 财务 (caiwu) draws
 * up a fund plan, an execution sheet and a payment, and a colleague sends each to approval (运营
 * yunying the plan and the sheet, 部门负责人 bmfzr of 建筑一所 the payment). Their flows have a
 * 财务部 node (caiwu's role): it never holds caiwu, and caiwu is refused at every node.
 */
describe.each(testDatabaseKinds())(
  'fund records sent by a colleague of their author, on %s',
  (kind) => {
    let api: ApprovalTestApi;
    let caiwuId: string;
    let contractId: number;
    const c = apiClient(() => api);

    beforeAll(async () => {
      api = await openApprovalApi(kind);
      const db = api.database.handle.db;
      const u = await db
        .selectFrom('sys_user')
        .select('user_id')
        .where('user_name', '=', 'caiwu')
        .executeTakeFirstOrThrow();
      caiwuId = String(u.user_id);
      contractId = await insertFormalContract(db, {
        project_name: '代送审资金项目',
        contract_name: '代送审资金合同',
        total_amount: '500',
        sign_by_sub: '某某建筑设计研究院',
      });
      await c.signIn('caiwu', 'yunying', 'bmfzr');
    });
    afterAll(() => api?.close());

    /** The approval's nodes as the sender reads them: the author holds none, and is refused. */
    const authorKeptOff = async (approvalId: string, sender: string) => {
      const d = await c.okData(
        c.get(sender, '/project/approval/getCommonApprovalDetail', { approvalId }),
      );
      const nodes = d.approval.nodes as {
        nodeName: string;
        assignees: string[];
        selfApproval?: { reason: string };
      }[];
      expect(nodes.map((n) => n.nodeName)).toContain('财务部');
      for (const n of nodes) expect(n.assignees, n.nodeName).not.toContain(caiwuId);
      const finance = nodes.find((n) => n.nodeName === '财务部');
      if (finance?.selfApproval !== undefined)
        expect(finance.selfApproval.reason).toContain('创建人');
      const r = await c.post('caiwu', '/project/approval/process', {
        approvalId,
        version: d.approval.version,
        action: 'approve',
      });
      expect(r.status).toBe(403);
    };

    it('keeps the creator of a fund plan and of an execution sheet off their approvals', async () => {
      const plan = await c.okData(
        c.post(
          'caiwu',
          '/contract/fundPlan/add',
          fundPlanBody('2031-01', [{ lineKind: 'rigid', subjectName: '工资', amount: '20' }]),
        ),
      );
      const sent = await c.okData(
        c.post('yunying', '/contract/fundPlan/updateToApproval', { planId: plan.planId }),
      );
      await authorKeptOff(String(sent.approvalId), 'yunying');

      // An approved plan of another month to execute against.
      const other = await c.okData(
        c.post(
          'caiwu',
          '/contract/fundPlan/add',
          fundPlanBody('2031-02', [{ lineKind: 'rigid', subjectName: '工资', amount: '20' }]),
        ),
      );
      await sql`update fund_plan set status = 2 where id = ${other.planId}`.execute(
        api.database.handle.db,
      );
      const perform = await c.okData(
        c.post('caiwu', '/contract/fundPerform/add', {
          planId: other.planId,
          lineKind: 'rigid',
          performDate: '2031-02-25',
          lines: [{ planLineId: other.lines[0].lineId, amount: '5' }],
        }),
      );
      const performSent = await c.okData(
        c.post('yunying', '/contract/fundPerform/updateToApproval', {
          performId: perform.performId,
        }),
      );
      await authorKeptOff(String(performSent.approvalId), 'yunying');
    });

    it('keeps the creator of a payment off its approval', async () => {
      const db = api.database.handle.db;
      await sql`insert into fund_plan (dept_id, plan_month, status, total_amount, user_id)
              values (110, '2031-03', 2, 100, 1)`.execute(db);
      await c.okData(
        c.post('caiwu', '/project/backMoney/insert', {
          contractId,
          backAmount: '50',
          backDate: '2031-03-01',
        }),
      );
      const plan = await c.okData(
        c.post('caiwu', '/contract/paymentPlan/add', {
          contractId,
          planMonth: '2031-03',
          receiveCompanyName: '某设计顾问公司',
          planPayAmount: '20',
        }),
      );
      const pay = await c.okData(
        c.post('caiwu', '/v4/fundPay/add', {
          paymentPlanId: plan.paymentPlanId,
          reason: '三月咨询费',
          payAmount: '5',
        }),
      );
      const sent = await c.okData(
        c.post('bmfzr', '/v4/fundPay/updateToApproval', { payId: pay.payId }),
      );
      await authorKeptOff(String(sent.approvalId), 'bmfzr');
    });
  },
);
