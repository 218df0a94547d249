import type { DataScope } from '../platform/data-scope.js';
import type { UnitOfWork } from '../platform/unit-of-work.port.js';
import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';
import type { ContractRepository } from './contract.repository.port.js';
import type { ContractActor, ContractClock } from './contract.use-case.js';
import { isInChange, changeErrors } from './contract-change.js';
import { contractErrors, isLocked } from './contract-rules.js';
import { stateOf } from './contract.use-case.js';
import { runWrite } from '../shared/write.js';

/** The three kinds of files kept with a contract. */
export const CONTRACT_FILE_CATEGORIES = ['contract', 'government', 'design'] as const;
export type ContractFileCategory = (typeof CONTRACT_FILE_CATEGORIES)[number];
export const CONTRACT_FILE_CATEGORY_LABELS: Readonly<Record<ContractFileCategory, string>> = {
  contract: '合同文件',
  government: '政府文件',
  design: '设计文件',
};

/** A file linked to a contract: the file store's record, named and sized as uploaded. */
export interface ContractFile {
  readonly contractFileId: number;
  readonly contractId: number;
  readonly category: ContractFileCategory;
  readonly fileId: string;
  readonly fileName: string;
  readonly size: number;
  readonly remark: string;
  readonly userId: number;
  readonly createBy: string;
  /** The author by name (`personNameOf`), read beside the login `createBy` keeps. */
  readonly createByName: string;
  readonly createTime: Date;
}

export interface ContractFileRepository {
  list(contractId: number, category?: ContractFileCategory): Promise<readonly ContractFile[]>;
  find(contractFileId: number): Promise<ContractFile | null>;
  /**
   * The uploaded files among `fileIds` (live in the file store) with their names and sizes;
   * only those `ownerId` uploaded unless it is null.
   */
  uploaded(
    fileIds: readonly string[],
    ownerId: number | null,
  ): Promise<readonly { fileId: string; fileName: string; size: number }[]>;
  /** Links the files; one already linked in the category is left as it is. */
  link(
    contractId: number,
    category: ContractFileCategory,
    files: readonly { fileId: string; fileName: string; size: number }[],
    remark: string,
    actor: { userId: number; userName: string },
    now: Date,
  ): Promise<readonly ContractFile[]>;
  unlink(contractFileId: number): Promise<void>;
}

export interface ContractFileRepositories {
  readonly contracts: ContractRepository;
  readonly files: ContractFileRepository;
}

export const contractFileErrors = {
  badFiles: (): DomainError =>
    domainError('VALIDATION.FILE', '文件不存在或不是您上传的文件，请先通过上传接口上传', 'fileIds'),
  none: (): DomainError => domainError('VALIDATION.REQUIRED', '请至少选择一个文件', 'fileIds'),
  notFound: (): DomainError => domainError('CONTRACT.FILE_NOT_FOUND', '合同文件不存在或已删除'),
  remark: (): DomainError =>
    domainError('VALIDATION.MAX_LENGTH', '备注不能超过500个字符', 'remark'),
} as const;

/**
 * Contract, government and design files: records that link files uploaded through the file
 * routes to a contract, readable by whoever may read the contract. Linking and removing are
 * written to the contract's history; neither is possible while the contract is in approval or
 * in a change, so an approver signs what they saw.
 */
export class ContractFileService {
  constructor(
    private readonly uow: UnitOfWork<ContractFileRepositories>,
    private readonly clock: ContractClock,
  ) {}

  list(
    contractId: number,
    category: ContractFileCategory | undefined,
    actor: ContractActor,
  ): Promise<Result<readonly ContractFile[]>> {
    return this.uow.transaction(async (r) => {
      if ((await r.contracts.findById(contractId, actor.scope)) === null)
        return err(contractErrors.notFound());
      return ok(await r.files.list(contractId, category));
    });
  }

  link(
    contractId: number,
    category: ContractFileCategory,
    fileIds: readonly string[],
    remark: string,
    actor: ContractActor,
  ): Promise<Result<readonly ContractFile[]>> {
    return runWrite(
      this.uow,
      () => this.clock.now(),
      async (r, now) => {
        const ids = [...new Set(fileIds)];
        if (ids.length === 0) return err(contractFileErrors.none());
        if (remark.trim().length > 500) return err(contractFileErrors.remark());
        const c = await this.writable(r, contractId, actor.scope);
        if (!c.ok) return c;
        const found = await r.files.uploaded(ids, actor.userId);
        if (found.length !== ids.length) return err(contractFileErrors.badFiles());
        const linked = await r.files.link(contractId, category, found, remark.trim(), actor, now);
        await r.contracts.appendHistory({
          contractId,
          action: 'uploadContractFiles',
          changes: { [category]: [null, found.map((f) => f.fileName)] },
          userId: actor.userId,
          userName: actor.userName,
          at: now,
        });
        return ok(linked);
      },
    );
  }

  unlink(contractFileId: number, actor: ContractActor): Promise<Result<ContractFile>> {
    return runWrite(
      this.uow,
      () => this.clock.now(),
      async (r, now) => {
        const f = await r.files.find(contractFileId);
        if (f === null) return err(contractFileErrors.notFound());
        const c = await this.writable(r, f.contractId, actor.scope);
        if (!c.ok) return c;
        await r.files.unlink(contractFileId);
        await r.contracts.appendHistory({
          contractId: f.contractId,
          action: 'deleteContractFile',
          changes: { [f.category]: [f.fileName, null] },
          userId: actor.userId,
          userName: actor.userName,
          at: now,
        });
        return ok(f);
      },
    );
  }

  private async writable(
    r: ContractFileRepositories,
    contractId: number,
    scope: DataScope,
  ): Promise<Result<void>> {
    const c = await r.contracts.lockById(contractId, scope);
    if (c === null) return err(contractErrors.notFound());
    if (isLocked(stateOf(c))) return err(contractErrors.locked());
    if (isInChange(c)) return err(changeErrors.inChange());
    return ok(undefined);
  }
}
