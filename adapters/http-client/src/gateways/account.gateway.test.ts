import type { InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { anInvoiceRecord } from '@dpms/wire/testing';
import { ApiError } from '../api-error.js';
import { AccountGateway } from './account.gateway.js';
import { recordingHttp } from './recording-http.js';

const INVOICE = anInvoiceRecord();

const COST_WITHOUT_MONTH = {
  costId: 1,
  employeeId: 4,
  employeeName: '设计主持甲',
  deptId: 110,
  deptName: '建筑一所',
  salary: '1.2',
  socialInsurance: '0.3',
  housingFund: '0.12',
  otherCost: '0',
  totalCost: '1.62',
  remark: '',
  createBy: 'caiwu',
  createTime: '2026-03-01T02:00:00.000Z',
  version: 1,
};

function setup(answer: (config: InternalAxiosRequestConfig) => unknown) {
  const { http, seen } = recordingHttp(answer);
  return { gateway: new AccountGateway(http), seen };
}

const malformed = async (p: Promise<unknown>, field: string) => {
  const e: unknown = await p.catch((x: unknown) => x);
  expect(e).toBeInstanceOf(ApiError);
  expect((e as ApiError).code).toBe('HTTP.MALFORMED_ANSWER');
  expect((e as ApiError).message).toContain(field);
};

describe('AccountGateway parses every answer with its wire schema', () => {
  it('reads a well-formed invoice page and sends the dialog key with a write', async () => {
    const { gateway, seen } = setup((c) =>
      c.url === '/v4/finance/list'
        ? { code: 200, msg: '查询成功', total: 1, rows: [INVOICE] }
        : { code: 200, msg: '操作成功', data: INVOICE },
    );
    expect((await gateway.invoices({ pageNum: 1 })).rows[0]?.invoiceAmount).toBe('29.5');
    await gateway.addInvoice({ contractId: 7, invoiceAmount: '29.5' }, { idempotencyKey: 'k-1' });
    expect(seen[1]?.headers['Idempotency-Key']).toBe('k-1');
  });

  it('refuses an invoice whose amount came back as a float, naming the field', async () => {
    const { gateway } = setup(() => ({
      code: 200,
      msg: '操作成功',
      data: { ...INVOICE, invoiceAmount: 29.5 },
    }));
    await malformed(gateway.invoice(9), 'invoiceAmount');
  });

  it('refuses a project account page without its rows, an employee cost without its month', async () => {
    const { gateway } = setup((c) =>
      c.url === '/v4/pro-account/list'
        ? { code: 200, msg: '查询成功', total: 1 }
        : { code: 200, msg: '操作成功', data: COST_WITHOUT_MONTH },
    );
    await malformed(gateway.projectAccounts({}), 'rows');
    await malformed(gateway.employeeCost(1), 'costMonth');
  });

  it('refuses an invoice room answer that lacks the room', async () => {
    const { gateway } = setup(() => ({
      code: 200,
      msg: '操作成功',
      data: { contract: INVOICE, invoicedAmount: '0', invoicingAmount: '0' },
    }));
    await malformed(gateway.invoiceContractInfo(7), 'roomAmount');
  });
});
