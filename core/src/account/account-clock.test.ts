import { describe, expect, it } from 'vitest';
import type { ProjectAccountSums } from './account.js';
import type { AccountRepositories } from './account.repository.port.js';
import { ProjectAccountService } from './account.use-case.js';

/** 2026-12-31T16:30Z: still 2026 on a UTC server, already 2027-01-01 00:30 in Shanghai. */
const NEW_YEAR_EVE_UTC = new Date('2026-12-31T16:30:00Z');

const SUMS: ProjectAccountSums = {
  contractId: 7,
  contractNo: 'HT-7',
  contractName: '滨江合同',
  projectName: '滨江',
  deptId: 110,
  deptName: '建筑一所',
  userId: 2,
  signDate: null,
  totalAmount: '100',
  backAmount: '0',
  allottedAmount: '0',
  loanOutstandingAmount: '0',
  paidAmount: '0',
  realPaidAmount: '0',
  invoicedAmount: '0',
  invoicingAmount: '0',
};

function serviceAt(now: Date) {
  const years: number[] = [];
  const repos = {
    projectAccounts: {
      get: () => Promise.resolve(SUMS),
      invoicedLines: (_f: unknown, _s: unknown, year: number) => (
        years.push(year),
        Promise.resolve([])
      ),
      backMoneyLines: () => Promise.resolve([]),
    },
  } as unknown as AccountRepositories;
  const uow = { transaction: <T>(fn: (r: AccountRepositories) => Promise<T>) => fn(repos) };
  return { service: new ProjectAccountService(uow, { now: () => now }), years };
}

const actor = { userId: 1, userName: 'admin', deptId: null, scope: { kind: 'all' } } as const;

describe("a project account's year is the institute's, not the server's zone's", () => {
  it('an unsigned contract detail shows the institute year at its New Year', async () => {
    const { service, years } = serviceAt(NEW_YEAR_EVE_UTC);
    const r = await service.detail(7, actor, undefined, 'Asia/Shanghai');
    expect(r.ok && r.value.year).toBe(2027);
    expect(r.ok && r.value.months[0]?.month).toBe('2027-01');
    expect(years).toEqual([2027]);
  });

  it('the same instant is still 2026 for an institute in UTC', async () => {
    const { service } = serviceAt(NEW_YEAR_EVE_UTC);
    const r = await service.detail(7, actor, undefined, 'UTC');
    expect(r.ok && r.value.year).toBe(2026);
  });

  it('the monthly comparison defaults to the institute year too', async () => {
    const { service, years } = serviceAt(NEW_YEAR_EVE_UTC);
    const months = await service.monthly({}, undefined, actor, 'Asia/Shanghai');
    expect(months[11]?.month).toBe('2027-12');
    expect(years).toEqual([2027]);
  });
});
