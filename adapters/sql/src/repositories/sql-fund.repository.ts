import { SqlIdempotencyRepository } from './sql-auth.repository.js';
import {
  LOAN_RECORD_KIND,
  LOAN_TYPE_CODE,
  type EngineClock,
  type FundApprovalPort,
  type FundRepositories,
  type LinkedRecordRegistry,
} from '@dpms/core';
import { submitRecordForApproval } from './sql-approval-submit.js';
import { type Db } from './sql-fund-shared.js';
import { SqlBackMoneyRepository } from './sql-back-money.repository.js';
import { SqlLoanRepository, SqlRepaymentRepository } from './sql-loan.repository.js';
import { SqlFundDirectory, SqlFundLedger } from './sql-fund-directory.js';

// The fund repositories live by aggregate in their own files; the package exports them from here.
export { SqlBackMoneyRepository } from './sql-back-money.repository.js';
export { SqlLoanRepository, SqlRepaymentRepository } from './sql-loan.repository.js';
export { SqlFundDirectory, SqlFundLedger } from './sql-fund-directory.js';

// ---- approvals ---------------------------------------------------------------------------------

/** Sends loan agreements through the approval engine inside the fund's transaction. */
export class EngineFundApprovalPort implements FundApprovalPort {
  constructor(
    private readonly trx: Db,
    private readonly linked: LinkedRecordRegistry<Db>,
    private readonly clock: EngineClock,
  ) {}

  async submitLoan(request: Parameters<FundApprovalPort['submitLoan']>[0]) {
    return submitRecordForApproval(
      this.trx,
      this.linked,
      this.clock,
      { ...request, kind: 'Common', typeCode: LOAN_TYPE_CODE, recordKind: LOAN_RECORD_KIND },
      'fund.submitLoan',
    );
  }
}

/** The fund ports bound to one connection or transaction. */
export function createFundRepositories(
  db: Db,
  linked: LinkedRecordRegistry<Db>,
  clock: EngineClock,
): FundRepositories {
  return {
    backMoney: new SqlBackMoneyRepository(db),
    loans: new SqlLoanRepository(db),
    repayments: new SqlRepaymentRepository(db),
    ledger: new SqlFundLedger(db),
    directory: new SqlFundDirectory(db),
    approvals: new EngineFundApprovalPort(db, linked, clock),
    idempotency: new SqlIdempotencyRepository(db),
  };
}
