import type { RecordAuthors, RecordPeople } from '../approval/linked-record-ports.js';
import type { RecordApprovalPort } from '../approval/record-approval.port.js';
import type { ApprovalStatus } from '../approval/approval-status.js';
import type { FeeRates, FeeRateSets } from '../fees/fee-rates.js';
import type { DataScope } from '../platform/data-scope.js';
import type { ListPage, ListQuery } from '../platform/list-query.js';
import type { DomainError, Result } from '../shared/result.js';
import type {
  Contract,
  ContractFees,
  ContractFields,
  ContractHistoryEntry,
  ContractStage,
} from './contract.js';
import type { ContractState } from './contract-rules.js';
import type { ContractChangeRepository } from './contract-change.js';
import type { IdempotencyRepository } from '../platform/auth-session.repository.port.js';

/** The filters of the contract lists (contract, unsigned, declared, unEffective). */
export interface ContractListFilter {
  readonly stages?: readonly ContractStage[];
  readonly status?: ApprovalStatus;
  readonly effective?: boolean;
  /** Contains, case-insensitive. */
  readonly projectName?: string;
  readonly contractName?: string;
  readonly contractNo?: string;
  readonly entrustBusinessName?: string;
  readonly bizSource?: string;
  readonly bizType?: string;
  readonly serviceManagerId?: number;
  readonly deptId?: number;
  readonly userId?: number;
  /** Inclusive yyyy-MM-dd bounds on signDate. */
  readonly signDateFrom?: string;
  readonly signDateTo?: string;
}

/** The sort whitelist of every contract list (`orderByColumn`). */
export const CONTRACT_SORT_COLUMNS = [
  'contractId',
  'createTime',
  'updateTime',
  'signDate',
  'totalAmount',
  'contractNo',
] as const;
export type ContractSortColumn = (typeof CONTRACT_SORT_COLUMNS)[number];
export type ContractListQuery = ListQuery<ContractListFilter, ContractSortColumn>;

/** A new record: its fields, fees, state and owner. */
export interface NewContract {
  readonly fields: ContractFields;
  readonly fees: ContractFees;
  readonly feeRates: FeeRates;
  readonly state: ContractState;
  readonly deptId: number | null;
  readonly userId: number;
  readonly createBy: string;
}

/** What a write changes; the repository bumps the version. */
export interface ContractChanges {
  readonly fields?: ContractFields;
  readonly fees?: ContractFees;
  readonly feeRates?: FeeRates;
  readonly state?: ContractState;
  readonly contractName?: string;
  /** The contract change (28_1) the contract waits on; null releases it. */
  readonly changeId?: number | null;
}

/** The side panel's totals (001 §9), in 万元. */
export interface ContractSummary {
  readonly unEffectiveTotalAmount: string;
  readonly stayTotalAmount: string;
  readonly stayReceiveAmount: string;
  readonly declTotalAmount: string;
  readonly declDesignFee: string;
  readonly declOperateFee: string;
}

/** One month of the project main page's chart: formal contracts signed that month. */
export interface ContractChartPoint {
  readonly month: string;
  readonly contractCount: number;
  readonly totalAmount: string;
  readonly receiveAmount: string;
}

/** A contract's author (`authorOf`) and the 项目经理/设计主持 of its design tasks (`personOf`). */
export interface ContractRepository extends RecordAuthors, RecordPeople {
  list(query: ContractListQuery, scope: DataScope): Promise<ListPage<Contract>>;
  /** Rows after `afterId` by contractId, for a streamed export. */
  listBatch(
    filter: ContractListFilter,
    scope: DataScope,
    afterId: number,
    limit: number,
  ): Promise<readonly Contract[]>;
  findById(contractId: number, scope: DataScope): Promise<Contract | null>;
  /** The same, locking the row until the transaction ends; unscoped when `scope` is null. */
  lockById(contractId: number, scope: DataScope | null): Promise<Contract | null>;
  /** `CONTRACT.DUPLICATE` when the contract number is taken. */
  insert(record: NewContract, now: Date): Promise<Result<Contract, DomainError>>;
  /** Writes when the stored version is still `expectedVersion`; null otherwise. */
  save(
    contractId: number,
    expectedVersion: number,
    changes: ContractChanges,
    now: Date,
  ): Promise<Result<Contract | null, DomainError>>;
  appendHistory(entry: ContractHistoryEntry): Promise<void>;
  /** Oldest first. */
  listHistory(contractId: number): Promise<readonly ContractHistoryEntry[]>;
  summary(scope: DataScope): Promise<ContractSummary>;
  chart(year: number, scope: DataScope): Promise<readonly ContractChartPoint[]>;
}

/** Reads the fee rate sets as they are now (dictionaries bizSource_market ...). */
export interface FeeRateSource {
  current(): Promise<FeeRateSets>;
}

export interface ContractRepositories {
  readonly contracts: ContractRepository;
  readonly rates: FeeRateSource;
  /** Sends a record into approval through the engine, in the caller's transaction. */
  readonly approvals: RecordApprovalPort;
  readonly changes: ContractChangeRepository;
  /** Idempotency-Key claims, in the write's transaction (absent: keys are ignored). */
  readonly idempotency?: IdempotencyRepository;
}
