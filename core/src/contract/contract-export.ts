import type { DataScope } from '../platform/data-scope.js';
import type { UnitOfWork } from '../platform/unit-of-work.port.js';
import type { ContractStage } from './contract.js';
import type { ContractActor } from './contract.use-case.js';
import { keysetRows } from './contract-write.js';
import type { Lixiang, LixiangFilter } from './lixiang.js';

/** A filing with the contract or declared project it files (exportByLx). */
export interface LixiangWithContract extends Lixiang {
  readonly contractName: string;
  readonly contractNo: string;
  readonly contractStage: ContractStage | null;
  readonly contractTotalAmount: string;
}

/** One history line of a record, with the labels an export shows beside it. */
export interface HistoryExportRow {
  readonly historyId: number;
  readonly recordId: number;
  /** The record's number and name: lxNo and projectName, or contractNo and contractName. */
  readonly recordNo: string;
  readonly recordName: string;
  readonly action: string;
  readonly changes: Readonly<Record<string, readonly [unknown, unknown]>>;
  readonly userName: string;
  readonly at: Date;
}

export interface ContractExportRepository {
  /** Filings linked to a contract of `stage` (declared projects for exportByLx), by lxId. */
  lixiangWithContract(
    filter: LixiangFilter & { readonly contractStage?: ContractStage },
    scope: DataScope,
    afterId: number,
    limit: number,
  ): Promise<readonly LixiangWithContract[]>;
  /**
   * The edits (actions that change fields) of filings or of contracts of one stage, by history
   * id; scoped by the record's department and owner.
   */
  modifications(
    kind: 'lixiang' | 'contract',
    stage: ContractStage | undefined,
    scope: DataScope,
    afterId: number,
    limit: number,
  ): Promise<readonly HistoryExportRow[]>;
}

/** The history actions an "exportByModify" lists: the ones that change a record's fields. */
export const MODIFY_ACTIONS = ['update', 'modifyContractName', 'contractChange'] as const;

/** The exports that join two records or walk history (the plain lists stream from their own services). */
export class ContractExportService {
  constructor(private readonly uow: UnitOfWork<{ readonly exports: ContractExportRepository }>) {}

  filingsOfDeclared(
    filter: LixiangFilter,
    actor: ContractActor,
  ): AsyncGenerator<LixiangWithContract> {
    return keysetRows(
      (after, limit) =>
        this.uow.transaction((r) =>
          r.exports.lixiangWithContract(
            { ...filter, contractStage: 'declare' },
            actor.scope,
            after,
            limit,
          ),
        ),
      (l) => l.lxId,
    );
  }

  modifications(
    kind: 'lixiang' | 'contract',
    stage: ContractStage | undefined,
    actor: ContractActor,
  ): AsyncGenerator<HistoryExportRow> {
    return keysetRows(
      (after, limit) =>
        this.uow.transaction((r) =>
          r.exports.modifications(kind, stage, actor.scope, after, limit),
        ),
      (h) => h.historyId,
    );
  }
}
