import { DEFAULT_INSTITUTE_TIME_ZONE, instituteYear } from '../platform/institute-clock.js';
import type { ListPage } from '../platform/list-query.js';
import { err, ok } from '../shared/result.js';
import type { WriteIdempotency } from '../shared/write.js';
import type { AccountActor, AccountMonth, ContractAccount, ProjectAccount } from './account.js';
import { accountErrors } from './account-messages.js';
import { checkContractAccount, type ContractAccountInput } from './account-input.js';
import { monthlyComparison, projectAccountOf } from './account-rules.js';
import type {
  ContractAccountQuery,
  ProjectAccountFilter,
  ProjectAccountQuery,
} from './account.repository.port.js';
import { AccountService, found, pages, type R } from './account-service.js';

// ---- project accounts ----------------------------------------------------------------------------

export interface ProjectAccountDetail {
  readonly account: ProjectAccount;
  /** The contract's months of the year asked for (its sign year by default). */
  readonly months: readonly AccountMonth[];
  readonly year: number;
}

/**
 * Project accounts (/v4/pro-account): a read model of each signed contract's money in and out,
 * summed from the contract, its back money, allotments, loans, sub-contract pays and invoices.
 */
export class ProjectAccountService extends AccountService {
  async list(q: ProjectAccountQuery, actor: AccountActor): Promise<ListPage<ProjectAccount>> {
    const p = await this.uow.transaction((r) => r.projectAccounts.list(q, actor.scope));
    return { total: p.total, rows: p.rows.map(projectAccountOf) };
  }

  /**
   * The account and its months of `year`: by default the contract's sign year, or, unsigned, the
   * institute's current year in `zone` (the configured zone; the server's own zone never counts).
   */
  detail(
    contractId: number,
    actor: AccountActor,
    year?: number,
    zone: string = DEFAULT_INSTITUTE_TIME_ZONE,
  ): R<ProjectAccountDetail> {
    return this.uow.transaction(async (r) => {
      const sums = await r.projectAccounts.get(contractId, actor.scope);
      if (sums === null) return err(accountErrors.contractNotFound());
      // Without a sign date, "this year" is the institute's, not the server's zone's.
      const y =
        year ??
        (sums.signDate === null
          ? instituteYear(this.clock.now(), zone)
          : Number(sums.signDate.slice(0, 4)));
      const filter = { contractId };
      const months = monthlyComparison(
        y,
        await r.projectAccounts.invoicedLines(filter, actor.scope, y),
        await r.projectAccounts.backMoneyLines(filter, actor.scope, y),
      );
      return ok({ account: projectAccountOf(sums), months, year: y });
    });
  }

  /**
   * Invoiced against received by month over the contracts the filter and scope leave, for `year`
   * or by default the institute's current year in `zone`.
   */
  monthly(
    filter: ProjectAccountFilter,
    year: number | undefined,
    actor: AccountActor,
    zone: string = DEFAULT_INSTITUTE_TIME_ZONE,
  ): Promise<AccountMonth[]> {
    const y = year ?? instituteYear(this.clock.now(), zone);
    return this.uow.transaction(async (r) =>
      monthlyComparison(
        y,
        await r.projectAccounts.invoicedLines(filter, actor.scope, y),
        await r.projectAccounts.backMoneyLines(filter, actor.scope, y),
      ),
    );
  }

  async *exportRows(
    filter: ProjectAccountFilter,
    actor: AccountActor,
  ): AsyncGenerator<ProjectAccount> {
    for await (const s of pages(
      (before, batch) =>
        this.uow.transaction((r) =>
          r.projectAccounts.exportBatch(filter, actor.scope, before, batch),
        ),
      (row) => row.contractId,
    ))
      yield projectAccountOf(s);
  }
}

// ---- contract accounts ---------------------------------------------------------------------------

/** Contract accounts (/contract/account): the bank accounts of a contract's parties. */
export class ContractAccountService extends AccountService {
  list(q: ContractAccountQuery, actor: AccountActor): Promise<ListPage<ContractAccount>> {
    return this.uow.transaction((r) => r.contractAccounts.list(q, actor.scope));
  }

  detail(accountId: number, actor: AccountActor): R<ContractAccount> {
    return this.uow.transaction(async (r) => {
      const a = await r.contractAccounts.get(accountId, actor.scope);
      return found(a, accountErrors.accountNotFound);
    });
  }

  add(
    input: ContractAccountInput,
    actor: AccountActor,
    idem?: WriteIdempotency,
  ): R<ContractAccount> {
    const fields = checkContractAccount(input);
    if (!fields.ok) return Promise.resolve(fields);
    return this.write(async (r, at) => {
      const contract = await r.directory.contract(input.contractId ?? 0, actor.scope);
      if (contract === null) return err(accountErrors.contractNotFound());
      const id = await r.contractAccounts.insert(contract, fields.value, actor, at);
      const a = await r.contractAccounts.get(id, actor.scope);
      return found(a, accountErrors.accountNotFound);
    }, idem);
  }

  update(
    accountId: number,
    input: ContractAccountInput & { version?: number },
    actor: AccountActor,
  ): R<ContractAccount> {
    return this.write(async (r, at) => {
      const a = await r.contractAccounts.get(accountId, actor.scope, true);
      if (a === null) return err(accountErrors.accountNotFound());
      if (input.version !== undefined && input.version !== a.version)
        return err(accountErrors.stale());
      const fields = checkContractAccount({
        party: input.party ?? a.party,
        accountName: input.accountName ?? a.accountName,
        bankName: input.bankName ?? a.bankName,
        accountNo: input.accountNo ?? a.accountNo,
        taxNo: input.taxNo ?? a.taxNo,
        remark: input.remark ?? a.remark,
      });
      if (!fields.ok) return fields;
      if (!(await r.contractAccounts.update(accountId, a.version, fields.value, at)))
        return err(accountErrors.stale());
      const saved = await r.contractAccounts.get(accountId, actor.scope);
      return found(saved, accountErrors.accountNotFound);
    });
  }

  remove(accountId: number, actor: AccountActor): R<void> {
    return this.write(async (r, at) => {
      const a = await r.contractAccounts.get(accountId, actor.scope, true);
      if (a === null) return err(accountErrors.accountNotFound());
      await r.contractAccounts.remove(accountId, at);
      return ok(undefined);
    });
  }
}
