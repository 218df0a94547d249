import type { InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { aLoanRecord } from '@dpms/wire/testing';
import { ApiError } from '../api-error.js';
import { FundGateway } from './fund.gateway.js';
import { recordingHttp } from './recording-http.js';

const LOAN = aLoanRecord();

function setup(answer: (config: InternalAxiosRequestConfig) => unknown) {
  const { http, seen } = recordingHttp(answer);
  return { gateway: new FundGateway(http), seen };
}

const malformed = (e: unknown, call: string) => {
  expect(e).toBeInstanceOf(ApiError);
  expect(e).toMatchObject({ code: 'HTTP.MALFORMED_ANSWER' });
  expect((e as ApiError).message).toContain(call);
};

describe('FundGateway parses every answer with the wire schemas', () => {
  it('reads a well-formed loan and sends the action’s key', async () => {
    const { gateway, seen } = setup(() => ({ code: 200, msg: 'ok', data: LOAN }));
    expect((await gateway.modifyReadyMoney(1, '6', { idempotencyKey: 'k2' })).loanDeptName).toBe(
      '建筑一所',
    );
    expect(seen[0]?.headers['Idempotency-Key']).toBe('k2');
  });

  it('refuses malformed loans, pages, positions and ledgers, naming the call', async () => {
    const loan = setup(() => ({ code: 200, msg: 'ok', data: { ...LOAN, status: 7 } }));
    malformed(await loan.gateway.loan(1).catch((e: unknown) => e), '/contract/loan/detail');
    const page = setup(() => ({ code: 200, msg: 'ok', total: 1, rows: [{ loanId: 1 }] }));
    malformed(await page.gateway.loanList({}).catch((e: unknown) => e), '/contract/loan/list');
    malformed(
      await page.gateway.backMoneyList({}).catch((e: unknown) => e),
      '/project/backMoney/list',
    );
    malformed(
      await page.gateway.repaymentList({}).catch((e: unknown) => e),
      '/contract/repayment/list',
    );
    const position = setup(() => ({ code: 200, msg: 'ok', data: { deptId: 110 } }));
    malformed(
      await position.gateway.teamPosition({ deptId: 110 }).catch((e: unknown) => e),
      '/v4/contract/designPerformDetail',
    );
    const ledger = setup(() => ({ code: 200, msg: 'ok', data: [{ entryId: 'x' }] }));
    malformed(
      await ledger.gateway.history(3).catch((e: unknown) => e),
      '/project/backMoney/history',
    );
  });
});
