import { toAmountString } from '../money/amount.js';
import { MoneyDecimal } from '../money/money-decimal.js';
import type { IdempotencyRepository } from '../platform/auth-session.repository.port.js';
import type { DataScope } from '../platform/data-scope.js';
import type { ListPage, ListQuery } from '../platform/list-query.js';
import type { UnitOfWork } from '../platform/unit-of-work.port.js';
import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';
import { CONTRACT_ERROR_CODES as C } from './contract-messages.js';
import { contractErrors } from './contract-rules.js';
import { contractAmount } from './contract-validation.js';
import { extendSubContractInputProblems, type ExtendSubContractInput } from './sub-record-input.js';
import type { ContractActor, ContractClock } from './contract.use-case.js';
import { diffFields } from './contract.use-case.js';
import { WriteAbort, runWrite, type WriteIdempotency } from '../shared/write.js';
import {
  childErrors,
  withinChildTotal,
  type ContractChild,
  type ContractChildRepository,
} from './contract-child.js';
import { appendHistory, keysetRows, type RecordHistoryRepository } from './contract-write.js';

/** The history kind of extended sub-contracts. */
export const EXTEND_RECORD_KIND = 'extendSubContract';

/** What a person enters for an extended sub-contract (补充分包合同). */
export interface ExtendSubContractFields {
  readonly contractChildId: number;
  readonly extendNo: string;
  readonly content: string;
  readonly reason: string;
  /** 万元, added to what the sub-contract may pay. */
  readonly extendAmount: string;
  readonly signDate: string | null;
  readonly files: readonly string[];
}

export interface ExtendSubContract extends ExtendSubContractFields {
  readonly extendId: number;
  readonly contractId: number;
  readonly version: number;
  readonly deptId: number | null;
  readonly userId: number;
  readonly createBy: string;
  /** The author by name (`personNameOf`), read beside the login `createBy` keeps. */
  readonly createByName: string;
  readonly createTime: Date;
  readonly updateTime: Date;
}

/** A row of the list and the export: the extension with its sub-contract's labels. */
export interface ExtendSubContractRow extends ExtendSubContract {
  readonly contractChildNo: string;
  readonly childType: number;
  readonly receiveCompanyName: string;
  readonly childTotalAmount: string;
  readonly contractName: string;
}

export interface ExtendSubContractFilter {
  readonly contractChildId?: number;
  readonly contractId?: number;
  /** Contains, case-insensitive. */
  readonly extendNo?: string;
}
export const EXTEND_SORT_COLUMNS = ['createTime', 'extendId', 'extendAmount', 'signDate'] as const;
export type ExtendSortColumn = (typeof EXTEND_SORT_COLUMNS)[number];

export interface ExtendSubContractRepository {
  list(
    query: ListQuery<ExtendSubContractFilter, ExtendSortColumn>,
    scope: DataScope,
  ): Promise<ListPage<ExtendSubContractRow>>;
  listBatch(
    filter: ExtendSubContractFilter,
    scope: DataScope,
    afterId: number,
    limit: number,
  ): Promise<readonly ExtendSubContractRow[]>;
  findById(extendId: number, scope: DataScope): Promise<ExtendSubContractRow | null>;
  insert(
    record: ExtendSubContractFields & {
      contractId: number;
      deptId: number | null;
      userId: number;
      createBy: string;
    },
    now: Date,
  ): Promise<ExtendSubContract>;
  /** Writes when the version is still `expectedVersion`; null otherwise. */
  save(
    extendId: number,
    expectedVersion: number,
    fields: ExtendSubContractFields,
    now: Date,
  ): Promise<ExtendSubContract | null>;
  softDelete(extendId: number): Promise<void>;
}

export interface ExtendSubContractRepositories {
  readonly extensions: ExtendSubContractRepository;
  readonly children: ContractChildRepository;
  readonly history?: RecordHistoryRepository;
  readonly idempotency?: IdempotencyRepository;
}

export const extendErrors = {
  notFound: (): DomainError =>
    domainError('CONTRACT.EXTEND_NOT_FOUND', '补充分包合同不存在、已被删除或没有权限访问'),
  belowPaid: (paid: string): DomainError =>
    domainError(
      'CONTRACT.EXTEND_BELOW_PAID',
      `分包合同已付款${paid}万元，修改或删除后可付金额不能小于已付金额`,
      'extendAmount',
    ),
} as const;

const sum = (a: string, b: string): string =>
  toAmountString(new MoneyDecimal(a).plus(new MoneyDecimal(b)));

/**
 * The refusal when the sub-contract's amount plus its extensions once changed (`extended`) is less
 * than what is paid, null otherwise: the server's check on editing or deleting an extension and
 * the web's preview of it.
 */
export const extensionBelowPaid = (
  total: string,
  extended: string,
  paid: string,
): DomainError | null =>
  withinChildTotal(sum(total, extended), paid, '0') ? null : extendErrors.belowPaid(paid);

const text = (v: string | null | undefined): string => (v ?? '').trim();

/** Checks an extended sub-contract as entered; every refusal names its field. */
export function validateExtendSubContract(
  input: ExtendSubContractInput,
): Result<ExtendSubContractFields> {
  const problem = extendSubContractInputProblems(input)[0];
  if (problem !== undefined || input.contractChildId === undefined) {
    return err(problem ?? domainError(C.required, '分包合同不能为空', 'contractChildId'));
  }
  const amount = contractAmount(input.extendAmount, 'extendAmount', null);
  const signDate = text(input.signDate);
  return ok({
    contractChildId: input.contractChildId,
    extendNo: text(input.extendNo),
    content: text(input.content),
    reason: text(input.reason),
    extendAmount: amount.ok ? amount.value : '0',
    signDate: signDate === '' ? null : signDate,
    files: [...new Set(input.files ?? [])],
  });
}

/**
 * Extended sub-contracts: a signed supplement to an approved (or history) sub-contract that adds
 * to the amount it may pay. Editing or deleting one never leaves the sub-contract paid beyond
 * its amount plus its remaining extensions.
 */
export class ExtendSubContractService {
  constructor(
    private readonly uow: UnitOfWork<ExtendSubContractRepositories>,
    private readonly clock: ContractClock,
  ) {}

  add(
    input: ExtendSubContractInput,
    actor: ContractActor,
    idem?: WriteIdempotency,
  ): Promise<Result<ExtendSubContract>> {
    return this.write(async (r, now) => {
      const fields = validateExtendSubContract(input);
      if (!fields.ok) return fields;
      const child = await this.child(r, fields.value.contractChildId, actor);
      if (!(await this.filesOk(r, fields.value.files, actor))) return err(childErrors.badFiles());
      const created = await r.extensions.insert(
        {
          ...fields.value,
          contractId: child.contractId,
          deptId: actor.deptId,
          userId: actor.userId,
          createBy: actor.userName,
        },
        now,
      );
      await this.log(r, created.extendId, 'add', {}, actor, now);
      return ok(created);
    }, idem);
  }

  update(
    extendId: number,
    input: ExtendSubContractInput,
    version: number | undefined,
    actor: ContractActor,
  ): Promise<Result<ExtendSubContract>> {
    return this.write(async (r, now) => {
      const existing = await r.extensions.findById(extendId, actor.scope);
      if (existing === null) return err(extendErrors.notFound());
      if (version !== undefined && version !== existing.version)
        return err(contractErrors.staleVersion());
      const fields = validateExtendSubContract({
        ...input,
        contractChildId: existing.contractChildId,
      });
      if (!fields.ok) return fields;
      const child = await this.child(r, existing.contractChildId, actor);
      const fresh = fields.value.files.filter((f) => !existing.files.includes(f));
      if (!(await this.filesOk(r, fresh, actor))) return err(childErrors.badFiles());
      const refused = await this.coversPaid(
        r,
        child,
        existing.extendAmount,
        fields.value.extendAmount,
      );
      if (refused) return err(refused);
      const saved = await r.extensions.save(extendId, existing.version, fields.value, now);
      if (saved === null) return err(contractErrors.staleVersion());
      const before: ExtendSubContractFields = {
        contractChildId: existing.contractChildId,
        extendNo: existing.extendNo,
        content: existing.content,
        reason: existing.reason,
        extendAmount: existing.extendAmount,
        signDate: existing.signDate,
        files: existing.files,
      };
      await this.log(r, extendId, 'update', diffFields(before, fields.value), actor, now);
      return ok(saved);
    });
  }

  delete(extendId: number, actor: ContractActor): Promise<Result<ExtendSubContractRow>> {
    return this.write(async (r, now) => {
      const existing = await r.extensions.findById(extendId, actor.scope);
      if (existing === null) return err(extendErrors.notFound());
      const child = await this.child(r, existing.contractChildId, actor, false);
      const refused = await this.coversPaid(r, child, existing.extendAmount, '0');
      if (refused) return err(refused);
      await r.extensions.softDelete(extendId);
      await this.log(
        r,
        extendId,
        'delete',
        { extendAmount: [existing.extendAmount, null] },
        actor,
        now,
      );
      return ok(existing);
    });
  }

  detail(extendId: number, actor: ContractActor): Promise<Result<ExtendSubContractRow>> {
    return this.uow.transaction(async (r) => {
      const e = await r.extensions.findById(extendId, actor.scope);
      return e === null ? err(extendErrors.notFound()) : ok(e);
    });
  }

  /** detailById?contractChildId: the sub-contract and all its extensions. */
  byChild(
    contractChildId: number,
    actor: ContractActor,
  ): Promise<Result<{ child: ContractChild; extensions: readonly ExtendSubContractRow[] }>> {
    return this.uow.transaction(async (r) => {
      const child = await r.children.findById(contractChildId, actor.scope);
      if (child === null) return err(childErrors.notFound());
      const page = await r.extensions.list(
        { filter: { contractChildId }, sort: { column: 'extendId', direction: 'asc' } },
        actor.scope,
      );
      return ok({ child, extensions: page.rows });
    });
  }

  list(
    query: ListQuery<ExtendSubContractFilter, ExtendSortColumn>,
    actor: ContractActor,
  ): Promise<ListPage<ExtendSubContractRow>> {
    return this.uow.transaction((r) => r.extensions.list(query, actor.scope));
  }

  exportRows(
    filter: ExtendSubContractFilter,
    actor: ContractActor,
  ): AsyncGenerator<ExtendSubContractRow> {
    return keysetRows(
      (after, limit) =>
        this.uow.transaction((r) => r.extensions.listBatch(filter, actor.scope, after, limit)),
      (e) => e.extendId,
    );
  }

  /** Refused when replacing `before` by `after` leaves less payable than already paid. */
  private async coversPaid(
    r: ExtendSubContractRepositories,
    child: ContractChild,
    before: string,
    after: string,
  ): Promise<DomainError | null> {
    const paid = await r.children.paidTotal(child.contractChildId);
    const extended = await r.children.extendTotal(child.contractChildId);
    const extendedAfter = new MoneyDecimal(extended)
      .minus(new MoneyDecimal(before))
      .plus(new MoneyDecimal(after));
    return extensionBelowPaid(child.totalAmount, toAmountString(extendedAfter), paid);
  }

  private async child(
    r: ExtendSubContractRepositories,
    contractChildId: number,
    actor: ContractActor,
    mustBeFinal = true,
  ): Promise<ContractChild> {
    const child = await r.children.findById(contractChildId, actor.scope);
    if (child === null)
      throw new WriteAbort({ ...childErrors.notFound(), field: 'contractChildId' });
    if (mustBeFinal && child.status !== 1) throw new WriteAbort(childErrors.notApproved());
    return child;
  }

  private async filesOk(
    r: ExtendSubContractRepositories,
    files: readonly string[],
    actor: ContractActor,
  ): Promise<boolean> {
    if (files.length === 0) return true;
    return (await r.children.existingFiles(files, actor.userId)).length === files.length;
  }

  private log(
    r: ExtendSubContractRepositories,
    recordId: number,
    action: string,
    changes: Record<string, readonly [unknown, unknown]>,
    actor: ContractActor,
    at: Date,
  ): Promise<void> {
    return appendHistory(r.history, {
      recordKind: EXTEND_RECORD_KIND,
      recordId,
      action,
      changes,
      actor,
      at,
    });
  }

  private async write<T>(
    fn: (r: ExtendSubContractRepositories, now: Date) => Promise<Result<T>>,
    idem?: WriteIdempotency,
  ): Promise<Result<T>> {
    return runWrite(this.uow, () => this.clock.now(), fn, idem);
  }
}
