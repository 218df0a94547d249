/* eslint-disable @typescript-eslint/no-unsafe-argument -- supertest bodies are untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { apiClient } from '../test-support/api-client.js';
import { insertFormalContract } from '../test-support/formal-contract.js';

/**
 * The closing and account slices' one wire contract: a body that breaks core's rules answers 400
 * naming every refused field at once, in core's words ("X不能为空"), and writes nothing.
 */
describe.each(testDatabaseKinds())(
  'closing and account bodies checked by the wire contract on %s',
  (kind) => {
    let api: ApprovalTestApi;
    let contractId: number;
    const { post, signIn } = apiClient(() => api);
    const count = async (table: 'contract_closed_case' | 'finance_invoice') =>
      Number(
        (
          await api.database.handle.db
            .selectFrom(table)
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const fields = (body: { errors?: { field: string; message: string }[] }) =>
      Object.fromEntries((body.errors ?? []).map((e) => [e.field, e.message]));

    beforeAll(async () => {
      api = await openApprovalApi(kind);
      contractId = await insertFormalContract(api.database.handle.db, {
        project_name: '线约定测试项目',
        contract_name: '线约定测试合同',
        total_amount: '100',
      });
      await signIn('caiwu');
    });
    afterAll(async () => {
      await api?.close();
    });

    it('a closing without its amount and with a negative settlement names both, storing nothing', async () => {
      const before = await count('contract_closed_case');
      const r = await post('caiwu', '/v4/contract/closedCase/add', {
        contractId,
        closedCaseAmount: '',
        settleAmount: '-1',
      });
      expect(r.status).toBe(400);
      expect(fields(r.body)).toEqual({
        closedCaseAmount: '结案金额不能为空',
        settleAmount: '结算金额须为不小于0、最多6位小数的金额（万元）',
      });
      expect(await count('contract_closed_case')).toBe(before);
    });

    it('an invoice request missing its fields names every one of them, storing nothing', async () => {
      const before = await count('finance_invoice');
      const r = await post('caiwu', '/v4/finance/add', {
        contractId,
        invoiceType: '2',
        submit: true,
      });
      expect(r.status).toBe(400);
      expect(fields(r.body)).toEqual({
        invoiceAmount: '开票金额不能为空',
        invoiceTitle: '发票抬头不能为空',
        taxNo: '纳税人识别号不能为空',
        invoiceDate: '开票日期不能为空',
      });
      expect(await count('finance_invoice')).toBe(before);
    });

    it('an employee cost line names its employee and its month', async () => {
      const r = await post('caiwu', '/v4/contract/employe/add', {
        costMonth: '2026-13',
        salary: '1',
      });
      expect(r.status).toBe(400);
      expect(fields(r.body)).toEqual({
        employeeId: '员工不能为空',
        costMonth: '月份格式应为yyyy-MM',
      });
    });
  },
);
