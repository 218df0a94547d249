import {
  type AccountContract,
  type AccountDirectory,
  type AccountRepositories,
  type DataScope,
  type EngineClock,
  type Employee,
  type LinkedRecordRegistry,
} from '@dpms/core';
import { SqlIdempotencyRepository } from './sql-auth.repository.js';
import { EngineRecordApprovalPort } from './sql-approval-submit.js';
import { SqlEmployeeCostRepository } from './sql-employe.repository.js';
import { deptInScope, liveDeptName, scoped } from './sql-helpers.js';

import { amount, str, type AnyEb, type Db } from './sql-account-rows.js';
import { SqlInvoiceRepository } from './sql-invoice.repository.js';
import { SqlContractAccountRepository } from './sql-contract-account.repository.js';
import { SqlProjectAccountRepository } from './sql-project-account.repository.js';

/*
 * The account slice's SQL ports, by aggregate: project accounts, contract accounts and invoices
 * in their own files; the directory and the binding here (the others
 * re-exported, so no import changes).
 */
export { SqlProjectAccountRepository } from './sql-project-account.repository.js';
export { SqlContractAccountRepository } from './sql-contract-account.repository.js';
export { SqlInvoiceRepository } from './sql-invoice.repository.js';

// ---- directory ---------------------------------------------------------------------------------

export class SqlAccountDirectory implements AccountDirectory {
  constructor(private readonly db: Db) {}

  private contracts() {
    return this.db
      .selectFrom('contract as c')
      .where('c.del_flag', '=', '0')
      .select([
        'c.contract_id',
        'c.contract_no',
        'c.contract_name',
        'c.project_name',
        'c.stage',
        'c.total_amount',
        'c.dept_id',
        'c.user_id',
      ]);
  }

  private static view(r: Record<string, unknown>): AccountContract {
    return {
      contractId: Number(r.contract_id),
      contractNo: str(r.contract_no),
      contractName: str(r.contract_name),
      projectName: str(r.project_name),
      stage: str(r.stage),
      totalAmount: amount(r.total_amount),
      deptId: r.dept_id === null ? null : Number(r.dept_id),
      userId: Number(r.user_id),
    };
  }

  async contract(contractId: number, scope: DataScope): Promise<AccountContract | null> {
    const r = await this.contracts()
      .where('c.contract_id', '=', contractId)
      .where((eb) => scoped(eb as unknown as AnyEb, scope, 'c.dept_id', 'c.user_id'))
      .executeTakeFirst();
    return r === undefined ? null : SqlAccountDirectory.view(r);
  }

  async lockContract(contractId: number): Promise<AccountContract | null> {
    const r = await this.contracts()
      .where('c.contract_id', '=', contractId)
      .forUpdate()
      .executeTakeFirst();
    return r === undefined ? null : SqlAccountDirectory.view(r);
  }

  async employee(userId: number): Promise<Employee | null> {
    const r = await this.db
      .selectFrom('sys_user')
      .select(['user_id', 'nick_name', 'dept_id'])
      .where('user_id', '=', userId)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    return r === undefined ? null : { userId: r.user_id, userName: r.nick_name, deptId: r.dept_id };
  }

  deptName(deptId: number): Promise<string | null> {
    return liveDeptName(this.db, deptId);
  }

  async deptVisible(scope: DataScope, deptId: number, ownerId: number): Promise<boolean> {
    if (scope.kind === 'own') return scope.userId === ownerId;
    return deptInScope(this.db, deptId, scope);
  }
}

/** The account ports bound to one connection or transaction. */
export function createAccountRepositories(
  db: Db,
  linked: LinkedRecordRegistry<Db>,
  clock: EngineClock,
): AccountRepositories {
  return {
    projectAccounts: new SqlProjectAccountRepository(db),
    contractAccounts: new SqlContractAccountRepository(db),
    invoices: new SqlInvoiceRepository(db),
    employeeCosts: new SqlEmployeeCostRepository(db),
    directory: new SqlAccountDirectory(db),
    approvals: new EngineRecordApprovalPort(db, linked, clock),
    idempotency: new SqlIdempotencyRepository(db),
  };
}
