import type { RecordAuthors } from '../approval/linked-record-ports.js';
import type { RecordApprovalPort } from '../approval/record-approval.port.js';
import type { ApprovalStatus } from '../approval/approval-status.js';
import type { DataScope } from '../platform/data-scope.js';
import type { ListPage, ListQuery } from '../platform/list-query.js';
import type { CompanySettings } from './company-settings.js';
import type { ContractDocType } from './contract-doc-type.js';
import type { ContractDocPayload } from './contract-doc-validation.js';

/**
 * A stored contract document: the filled-in fields of one contract of type 1, 2, 3, 6, 7 or 8,
 * kept with the contract (project) it was drawn up for, and its approval. Ids of approvals are
 * strings, as the engine issues them.
 */
export interface ContractDocumentRecord {
  readonly documentId: number;
  readonly docType: ContractDocType;
  /** The project contract chosen on the document; null for type 8 (no project). */
  readonly contractId: number | null;
  readonly contractName: string;
  /** The document's own fields, trimmed, as `contractDocPayload` gives them. */
  readonly values: ContractDocPayload;
  /** totalAmount in 万元 as a decimal string ('0' when empty): what lists sort and sum on. */
  readonly totalAmount: string;
  readonly status: ApprovalStatus;
  readonly approvalId: string | null;
  readonly version: number;
  readonly deptId: number | null;
  readonly userId: number;
  readonly createBy: string;
  /** The author by name (`personNameOf`), read beside the login `createBy` keeps. */
  readonly createByName: string;
  readonly createTime: Date;
  readonly updateTime: Date;
}

export interface NewContractDocument {
  readonly docType: ContractDocType;
  readonly contractId: number | null;
  readonly contractName: string;
  readonly values: ContractDocPayload;
  readonly totalAmount: string;
  readonly deptId: number | null;
  readonly userId: number;
  readonly createBy: string;
}

export interface ContractDocumentChanges {
  readonly contractId?: number | null;
  readonly contractName?: string;
  readonly values?: ContractDocPayload;
  readonly totalAmount?: string;
  readonly status?: ApprovalStatus;
  readonly approvalId?: string | null;
}

export interface ContractDocumentFilter {
  readonly docType?: ContractDocType;
  readonly contractId?: number;
  readonly status?: ApprovalStatus;
  /** Part of the contract name. */
  readonly contractName?: string;
}

export const CONTRACT_DOCUMENT_SORT_COLUMNS = ['createTime', 'totalAmount', 'updateTime'] as const;
export type ContractDocumentSortColumn = (typeof CONTRACT_DOCUMENT_SORT_COLUMNS)[number];

export type ContractDocumentListQuery = ListQuery<
  ContractDocumentFilter,
  ContractDocumentSortColumn
>;

/** A document's author (`authorOf`) is who drafted it, kept off its approval. */
export interface ContractDocumentRepository extends RecordAuthors {
  /** A live document within the scope (unscoped when `scope` is null); null otherwise. */
  findById(documentId: number, scope: DataScope | null): Promise<ContractDocumentRecord | null>;
  /** Locks the live row until the transaction ends; false when there is none. */
  lock(documentId: number): Promise<boolean>;
  list(
    query: ContractDocumentListQuery,
    scope: DataScope,
  ): Promise<ListPage<ContractDocumentRecord>>;
  insert(record: NewContractDocument, now: Date): Promise<ContractDocumentRecord>;
  /** Writes when the stored version is still `expectedVersion`; null when it is not. */
  save(
    documentId: number,
    changes: ContractDocumentChanges,
    expectedVersion: number,
    now: Date,
  ): Promise<ContractDocumentRecord | null>;
  delete(documentId: number, now: Date): Promise<void>;
}

/** The project contracts a document may name: live, and within the caller's data scope. */
export interface DocumentContractDirectory {
  contract(
    contractId: number,
  ): Promise<{ readonly contractId: number; readonly projectName: string } | null>;
}

/** Party A's details as the company settings hold them now (001 §7). */
export interface CompanySettingsSource {
  current(): Promise<Partial<CompanySettings>>;
}

export interface ContractDocumentRepositories {
  readonly documents: ContractDocumentRepository;
  readonly contracts: DocumentContractDirectory;
  readonly settings: CompanySettingsSource;
  /** Sends a document into approval through the approval engine, in the write's transaction. */
  readonly approvals: RecordApprovalPort;
}
