import { SqlIdempotencyRepository } from './sql-auth.repository.js';
import { type EngineClock, type FundRepositories, type LinkedRecordRegistry } from '@dpms/core';
import { EngineRecordApprovalPort } from './sql-approval-submit.js';
import { type Db } from './sql-fund-shared.js';
import { SqlBackMoneyRepository } from './sql-back-money.repository.js';
import { SqlLoanRepository, SqlRepaymentRepository } from './sql-loan.repository.js';
import { SqlFundDirectory, SqlFundLedger } from './sql-fund-directory.js';

// The fund repositories live by aggregate in their own files; the package exports them from here.
export { SqlBackMoneyRepository } from './sql-back-money.repository.js';
export { SqlLoanRepository, SqlRepaymentRepository } from './sql-loan.repository.js';
export { SqlFundDirectory, SqlFundLedger } from './sql-fund-directory.js';

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
    approvals: new EngineRecordApprovalPort(db, linked, clock),
    idempotency: new SqlIdempotencyRepository(db),
  };
}
