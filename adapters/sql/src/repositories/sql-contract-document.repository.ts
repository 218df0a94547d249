import { recordAuthor } from './record-author.js';
import {
  personNameOf,
  COMPANY_SETTING_KEYS,
  MoneyDecimal,
  isContractDocType,
  toAmountString,
  type ApprovalStatus,
  type CompanySettings,
  type CompanySettingsSource,
  type ContractDocPayload,
  type ContractDocumentChanges,
  type ContractDocumentListQuery,
  type ContractDocumentRecord,
  type ContractDocumentRepositories,
  type ContractDocumentRepository,
  type ContractDocumentSortColumn,
  type DataScope,
  type DocumentContractDirectory,
  type EngineClock,
  type LinkedRecordRegistry,
  type ListPage,
  type NewContractDocument,
} from '@dpms/core';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema.js';
import { EngineRecordApprovalPort } from './sql-approval-submit.js';
import {
  nickNameOf,
  containsPattern,
  pageBounds,
  scopeCondition,
  type Db,
  pageWithCount,
} from './sql-helpers.js';

const SORT: Readonly<Record<ContractDocumentSortColumn, string>> = {
  createTime: 'contract_document.create_time',
  updateTime: 'contract_document.update_time',
  totalAmount: 'contract_document.total_amount',
};

interface Row {
  document_id: number;
  doc_type: number;
  contract_id: number | null;
  contract_name: string;
  doc_values: unknown;
  total_amount: string;
  status: number;
  approval_id: number | null;
  version: number;
  dept_id: number | null;
  user_id: number;
  create_by: string;
  create_by_name?: string | null;
  create_time: Date;
  update_time: Date;
}

/** Only string fields survive a read: the column is ours, but a row is still checked. */
const valuesOf = (raw: unknown): ContractDocPayload => {
  const parsed: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
  const values: Record<string, string> = {};
  if (typeof parsed === 'object' && parsed !== null) {
    for (const [key, value] of Object.entries(parsed)) {
      if (typeof value === 'string') values[key] = value;
    }
  }
  return values;
};

const toRecord = (r: Row): ContractDocumentRecord => {
  const docType = Number(r.doc_type);
  if (!isContractDocType(docType)) throw new Error(`contract_document ${r.document_id}: type`);
  return {
    documentId: r.document_id,
    docType,
    contractId: r.contract_id,
    contractName: r.contract_name,
    values: valuesOf(r.doc_values),
    totalAmount: toAmountString(new MoneyDecimal(r.total_amount)),
    status: Number(r.status) as ApprovalStatus,
    approvalId: r.approval_id === null ? null : String(r.approval_id),
    version: r.version,
    deptId: r.dept_id,
    userId: r.user_id,
    createBy: r.create_by,
    createByName: personNameOf(r.create_by, r.create_by_name),
    createTime: r.create_time,
    updateTime: r.update_time,
  };
};

/** Contract documents, scoped by department and owner like the contracts they belong to. */
export class SqlContractDocumentRepository implements ContractDocumentRepository {
  constructor(private readonly db: Db) {}

  authorOf(recordId: string) {
    return recordAuthor(this.db, 'contract_document', recordId);
  }

  private base(scope: DataScope | null) {
    return this.db
      .selectFrom('contract_document')
      .where('contract_document.del_flag', '=', '0')
      .where((eb) =>
        scope === null
          ? sql<boolean>`true`
          : (scopeCondition(
              eb as never,
              scope,
              eb.ref('contract_document.dept_id'),
              eb.ref('contract_document.user_id'),
            ) as never),
      );
  }

  async findById(documentId: number, scope: DataScope | null) {
    const row = await this.base(scope)
      .selectAll('contract_document')
      .select(nickNameOf('contract_document.create_by').as('create_by_name'))
      .where('contract_document.document_id', '=', documentId)
      .executeTakeFirst();
    return row === undefined ? null : toRecord(row);
  }

  async lock(documentId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('contract_document')
      .select('document_id')
      .where('document_id', '=', documentId)
      .where('del_flag', '=', '0')
      .forUpdate()
      .executeTakeFirst();
    return row !== undefined;
  }

  async list(
    query: ContractDocumentListQuery,
    scope: DataScope,
  ): Promise<ListPage<ContractDocumentRecord>> {
    const f = query.filter;
    let q = this.base(scope);
    if (f.docType !== undefined) q = q.where('contract_document.doc_type', '=', f.docType);
    if (f.contractId !== undefined) q = q.where('contract_document.contract_id', '=', f.contractId);
    if (f.status !== undefined) q = q.where('contract_document.status', '=', f.status);
    if (f.contractName) {
      q = q.where('contract_document.contract_name', 'ilike', containsPattern(f.contractName));
    }
    const dir = query.sort?.direction ?? 'desc';
    const { limit, offset } = pageBounds(query.page);
    let page = q
      .selectAll('contract_document')
      .select(nickNameOf('contract_document.create_by').as('create_by_name'))
      .orderBy(sql.ref(SORT[query.sort?.column ?? 'createTime']), dir)
      .orderBy('contract_document.document_id', dir);
    if (limit !== undefined) page = page.limit(limit).offset(offset ?? 0);
    const count = q.select((eb) => eb.fn.countAll().as('n'));
    return pageWithCount(page, count, (rows) => rows.map((r) => toRecord(r as Row)));
  }

  async insert(r: NewContractDocument, now: Date): Promise<ContractDocumentRecord> {
    const row = await this.db
      .insertInto('contract_document')
      .values({
        doc_type: r.docType,
        contract_id: r.contractId,
        contract_name: r.contractName,
        doc_values: JSON.stringify(r.values),
        total_amount: r.totalAmount,
        dept_id: r.deptId,
        user_id: r.userId,
        create_by: r.createBy,
        create_time: now,
        update_time: now,
      })
      .returning('document_id')
      .executeTakeFirstOrThrow();
    const saved = await this.findById(row.document_id, null);
    if (saved === null) throw new Error('inserted contract document not found');
    return saved;
  }

  async save(
    documentId: number,
    c: ContractDocumentChanges,
    expectedVersion: number,
    now: Date,
  ): Promise<ContractDocumentRecord | null> {
    const result = await this.db
      .updateTable('contract_document')
      .set({
        ...(c.contractId !== undefined ? { contract_id: c.contractId } : {}),
        ...(c.contractName !== undefined ? { contract_name: c.contractName } : {}),
        ...(c.values !== undefined ? { doc_values: JSON.stringify(c.values) } : {}),
        ...(c.totalAmount !== undefined ? { total_amount: c.totalAmount } : {}),
        ...(c.status !== undefined ? { status: c.status } : {}),
        ...(c.approvalId !== undefined
          ? { approval_id: c.approvalId === null ? null : Number(c.approvalId) }
          : {}),
        version: expectedVersion + 1,
        update_time: now,
      })
      .where('document_id', '=', documentId)
      .where('version', '=', expectedVersion)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return null;
    return this.findById(documentId, null);
  }

  async delete(documentId: number, now: Date): Promise<void> {
    await this.db
      .updateTable('contract_document')
      .set({ del_flag: '2', update_time: now })
      .where('document_id', '=', documentId)
      .execute();
  }
}

/** The project contracts a document may name: live ones. */
export class SqlDocumentContractDirectory implements DocumentContractDirectory {
  constructor(private readonly db: Db) {}

  async contract(contractId: number) {
    const row = await this.db
      .selectFrom('contract')
      .select(['contract_id', 'project_name'])
      .where('contract_id', '=', contractId)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    return row === undefined
      ? null
      : { contractId: row.contract_id, projectName: row.project_name };
  }
}

/** Party A's details from sys_config, read together; a missing key stays out. */
export class SqlCompanySettingsSource implements CompanySettingsSource {
  constructor(private readonly db: Db) {}

  async current(): Promise<Partial<CompanySettings>> {
    const rows = await this.db
      .selectFrom('sys_config')
      .select(['config_key', 'config_value'])
      .where('config_key', 'in', [...COMPANY_SETTING_KEYS])
      .execute();
    return Object.fromEntries(rows.map((r) => [r.config_key, r.config_value]));
  }
}

/** The document ports bound to one connection or transaction. */
export function createContractDocumentRepositories(
  db: Kysely<Database>,
  linked: LinkedRecordRegistry<Kysely<Database>>,
  clock: EngineClock,
): ContractDocumentRepositories {
  return {
    documents: new SqlContractDocumentRepository(db),
    contracts: new SqlDocumentContractDirectory(db),
    settings: new SqlCompanySettingsSource(db),
    approvals: new EngineRecordApprovalPort(db, linked, clock),
  };
}
