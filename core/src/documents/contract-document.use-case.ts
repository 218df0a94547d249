import { APPROVAL_STATUS, type ApprovalStatus } from '../approval/approval-status.js';
import type { ContentEntry, TemplateContent, TemplateFieldType } from '../approval/template.js';
import type { DataScope } from '../platform/data-scope.js';
import type { ListPage } from '../platform/list-query.js';
import type { UnitOfWork } from '../platform/unit-of-work.port.js';
import { domainError, err, ok, type Result } from '../shared/result.js';
import { parseAmount } from '../money/amount.js';
import { COMPANY_SETTING_KEYS } from './company-settings.js';
import {
  CONTRACT_DOC_FIELDS_BY_TYPE,
  EMPTY_CONTRACT_DOC_VALUES,
  hasProjectAndStage,
  type ContractDocFieldName,
  type ContractDocValues,
} from './contract-doc-fields.js';
import { toContractDocValues, type ContractDocData } from './contract-doc-form.js';
import { contractDocTitle } from './contract-doc-titles.js';
import type { ContractDocType } from './contract-doc-type.js';
import {
  validateContractDoc,
  type ContractDocPayload,
  type ContractDocValidationMode,
} from './contract-doc-validation.js';
import type {
  ContractDocumentListQuery,
  ContractDocumentRecord,
  ContractDocumentRepositories,
} from './contract-document.repository.port.js';
import { runWrite } from '../shared/write.js';
import {
  CONTRACT_DOCUMENT_ERROR_CODES,
  CONTRACT_DOCUMENT_MESSAGES,
  contractDocumentStateCheck,
} from './contract-document-actions.js';

/** The linked record kind document approvals carry (the approval engine's registry key). */
export const CONTRACT_DOCUMENT_RECORD_KIND = 'contractDocument';

/**
 * The approval type a document is sent with when the caller names none: 5_1 付款合同 (Contract
 * kind). Why: in every document the institute is party A paying an outside party B, which is
 * what the payment-contract forms review. 1_x (contract review) and 24_1 are accepted too.
 */
export const DEFAULT_DOCUMENT_APPROVAL_TYPE = '5_1';
const DOCUMENT_APPROVAL_TYPES = /^(1_[1-8]|5_[1-3]|24_1)$/;

export interface ContractDocumentActor {
  readonly userId: number;
  readonly userName: string;
  readonly deptId: number | null;
  readonly scope: DataScope;
}

export interface SaveContractDocumentInput {
  /** Absent: a new document. */
  readonly documentId?: number;
  /** The version the editor loaded; a stale one is refused. */
  readonly version?: number;
  readonly docType: ContractDocType;
  readonly values: ContractDocData;
  /** Save and send into approval in one transaction. */
  readonly submit?: boolean;
  readonly typeCode?: string;
}

export interface ContractDocumentClock {
  now(): Date;
}

const fail = (code: string, message: string, field?: string): Result<never> =>
  err(domainError(code, message, field));

/** The stored amount ('' → '0'), as numeric(18,6) takes it. */
const storedTotal = (payload: ContractDocPayload): string => {
  const amount = parseAmount(payload.totalAmount ?? '');
  return amount.ok ? amount.value : '0';
};

/** The values of a stored document, every field as text. */
export const contractDocumentValues = (doc: ContractDocumentRecord): ContractDocValues => ({
  ...EMPTY_CONTRACT_DOC_VALUES,
  ...doc.values,
  contractName: doc.contractName,
});

/**
 * The approval sheet's content of a document (the Contract kind's field set): the name, both
 * parties (signByMain the outside party, signBySub the institute, as in both readings of 001 §3),
 * the amount, the sign date, and the document's subject as the main content.
 */
export function contractDocumentApprovalContent(doc: ContractDocumentRecord): TemplateContent {
  const v = contractDocumentValues(doc);
  const subject = [
    contractDocTitle(doc.docType),
    v.projectName,
    v.designStage,
    v.majorName,
    v.fwContent,
    v.projectResultContent,
  ]
    .filter((part) => part.trim() !== '')
    .join('；');
  const entries: readonly (readonly [string, string, string, TemplateFieldType])[] = [
    ['contractName', '合同名称', doc.contractName, 'input'],
    ['signByMain', '甲方', v.signByMain, 'input'],
    ['signBySub', '乙方', v.signBySub, 'input'],
    ['totalAmount', '合同金额', v.totalAmount, 'input'],
    ['signTime', '签订日期', v.signDate, 'timeSelect'],
    ['contractContent', '合同主要内容', subject, 'textarea'],
  ];
  const content: Record<string, ContentEntry> = {};
  for (const [refname, label, value, type] of entries) {
    if (value.trim() !== '') content[refname] = { label, value, type };
  }
  return content;
}

/**
 * The contract documents (001 §2-§5): save a filled document with its project contract, send it
 * into approval through the engine, read, list and delete. The server checks every field with
 * core's document rules, recomputes the words and the name, fills party A's empty fields from the
 * company settings (a stored value wins), and keeps a document that is in approval or approved
 * unchanged.
 */
export class ContractDocumentService {
  constructor(
    private readonly uow: UnitOfWork<ContractDocumentRepositories>,
    private readonly clock: ContractDocumentClock,
  ) {}

  private write<T>(
    fn: (repos: ContractDocumentRepositories, now: Date) => Promise<Result<T>>,
  ): Promise<Result<T>> {
    return runWrite(this.uow, () => this.clock.now(), fn);
  }

  /** The checked payload: the type's fields, party A filled, words and name recomputed. */
  private async payloadOf(
    repos: ContractDocumentRepositories,
    type: ContractDocType,
    data: ContractDocData,
    mode: ContractDocValidationMode,
  ): Promise<Result<ContractDocPayload>> {
    const values: Record<ContractDocFieldName, string> = { ...toContractDocValues(data) };
    const settings = await repos.settings.current();
    for (const key of COMPANY_SETTING_KEYS) {
      if (values[key].trim() === '') values[key] = (settings[key] ?? '').trim();
    }
    const checked = validateContractDoc(type, values, mode);
    if (!checked.ok) return checked;
    const payload = checked.value;
    if (!hasProjectAndStage(type)) return ok(payload);
    const contractId = payload.contractId ?? '';
    if (contractId === '') return ok(payload);
    const id = Number(contractId);
    const contract = Number.isSafeInteger(id) && id > 0 ? await repos.contracts.contract(id) : null;
    if (contract === null) {
      return fail(
        CONTRACT_DOCUMENT_ERROR_CODES.contractNotFound,
        CONTRACT_DOCUMENT_MESSAGES.contractNotFound,
        'projectName',
      );
    }
    return ok(payload);
  }

  private async found(
    repos: ContractDocumentRepositories,
    documentId: number,
    scope: DataScope,
  ): Promise<Result<ContractDocumentRecord>> {
    const doc = await repos.documents.findById(documentId, scope);
    return doc === null
      ? fail(CONTRACT_DOCUMENT_ERROR_CODES.notFound, CONTRACT_DOCUMENT_MESSAGES.notFound)
      : ok(doc);
  }

  private async sendToApproval(
    repos: ContractDocumentRepositories,
    doc: ContractDocumentRecord,
    typeCode: string | undefined,
    actor: ContractDocumentActor,
    now: Date,
  ): Promise<Result<ContractDocumentRecord>> {
    const open = contractDocumentStateCheck('submit', doc.status);
    if (!open.ok) return open;
    const code = typeCode ?? DEFAULT_DOCUMENT_APPROVAL_TYPE;
    if (!DOCUMENT_APPROVAL_TYPES.test(code)) {
      return fail(
        CONTRACT_DOCUMENT_ERROR_CODES.typeCode,
        CONTRACT_DOCUMENT_MESSAGES.typeCode,
        'typeCode',
      );
    }
    // A draft may be incomplete; what goes into approval must be a whole contract.
    const complete = await this.payloadOf(
      repos,
      doc.docType,
      contractDocumentValues(doc),
      'submit',
    );
    if (!complete.ok) return complete;
    const approval = await repos.approvals.submit({
      typeCode: code,
      kind: 'Contract',
      title: doc.contractName,
      content: contractDocumentApprovalContent(doc),
      recordKind: CONTRACT_DOCUMENT_RECORD_KIND,
      recordId: String(doc.documentId),
      drafterId: actor.userId,
      drafterDeptId: actor.deptId,
      idempotencyScope: 'contract.submit',
    });
    if (!approval.ok) return approval;
    const saved = await repos.documents.save(
      doc.documentId,
      { status: APPROVAL_STATUS.IN_APPROVAL, approvalId: approval.value.approvalId },
      doc.version,
      now,
    );
    return saved === null
      ? fail(CONTRACT_DOCUMENT_ERROR_CODES.stale, CONTRACT_DOCUMENT_MESSAGES.stale)
      : ok(saved);
  }

  /**
   * Saves a document: a new one, or a draft (or a rejected or withdrawn one) changed at the
   * version the editor loaded. With `submit`, it is also sent into approval, in one transaction.
   */
  save(
    input: SaveContractDocumentInput,
    actor: ContractDocumentActor,
  ): Promise<Result<ContractDocumentRecord>> {
    return this.write(async (repos, now) => {
      const checked = await this.payloadOf(repos, input.docType, input.values, 'save');
      if (!checked.ok) return checked;
      const payload = checked.value;
      const contractId =
        hasProjectAndStage(input.docType) && (payload.contractId ?? '') !== ''
          ? Number(payload.contractId)
          : null;
      const fields = {
        contractId,
        contractName: payload.contractName ?? '',
        values: payload,
        totalAmount: storedTotal(payload),
      };
      let doc: ContractDocumentRecord;
      if (input.documentId === undefined) {
        doc = await repos.documents.insert(
          {
            ...fields,
            docType: input.docType,
            deptId: actor.deptId,
            userId: actor.userId,
            createBy: actor.userName,
          },
          now,
        );
      } else {
        if (!(await repos.documents.lock(input.documentId))) {
          return fail(CONTRACT_DOCUMENT_ERROR_CODES.notFound, CONTRACT_DOCUMENT_MESSAGES.notFound);
        }
        const current = await this.found(repos, input.documentId, actor.scope);
        if (!current.ok) return current;
        if (current.value.docType !== input.docType) {
          return fail('VALIDATION.FAILED', CONTRACT_DOCUMENT_MESSAGES.typeChanged, 'docType');
        }
        const open = contractDocumentStateCheck('edit', current.value.status);
        if (!open.ok) return open;
        const expected = input.version ?? current.value.version;
        const saved = await repos.documents.save(input.documentId, fields, expected, now);
        if (saved === null) {
          return fail(CONTRACT_DOCUMENT_ERROR_CODES.stale, CONTRACT_DOCUMENT_MESSAGES.stale);
        }
        doc = saved;
      }
      return input.submit === true
        ? this.sendToApproval(repos, doc, input.typeCode, actor, now)
        : ok(doc);
    });
  }

  /** updateToApproval: a saved document goes into approval (Contract kind, 5_1 by default). */
  submit(
    documentId: number,
    typeCode: string | undefined,
    actor: ContractDocumentActor,
  ): Promise<Result<ContractDocumentRecord>> {
    return this.write(async (repos, now) => {
      if (!(await repos.documents.lock(documentId))) {
        return fail(CONTRACT_DOCUMENT_ERROR_CODES.notFound, CONTRACT_DOCUMENT_MESSAGES.notFound);
      }
      const doc = await this.found(repos, documentId, actor.scope);
      if (!doc.ok) return doc;
      return this.sendToApproval(repos, doc.value, typeCode, actor, now);
    });
  }

  detail(
    documentId: number,
    actor: ContractDocumentActor,
  ): Promise<Result<ContractDocumentRecord>> {
    return this.uow.transaction((repos) => this.found(repos, documentId, actor.scope));
  }

  list(
    query: ContractDocumentListQuery,
    actor: ContractDocumentActor,
  ): Promise<ListPage<ContractDocumentRecord>> {
    return this.uow.transaction((repos) => repos.documents.list(query, actor.scope));
  }

  /** Deletes a draft, or a document back from approval; one in approval or approved stays. */
  delete(
    documentId: number,
    actor: ContractDocumentActor,
  ): Promise<Result<{ documentId: number }>> {
    return this.write(async (repos, now) => {
      if (!(await repos.documents.lock(documentId))) {
        return fail(CONTRACT_DOCUMENT_ERROR_CODES.notFound, CONTRACT_DOCUMENT_MESSAGES.notFound);
      }
      const doc = await this.found(repos, documentId, actor.scope);
      if (!doc.ok) return doc;
      const open = contractDocumentStateCheck('remove', doc.value.status);
      if (!open.ok) return open;
      await repos.documents.delete(documentId, now);
      return ok({ documentId });
    });
  }
}

/** What the approval engine tells the document's handler, inside the action's transaction. */
export interface ContractDocumentApprovalEvent {
  readonly approvalId: string;
  readonly recordId: string;
  readonly status: ApprovalStatus;
  readonly at: Date;
}

/**
 * The linked-record handler's work: the document takes the status of the approval it waits on
 * (approved, rejected, withdrawn; a resubmission from the approval centre puts it back in
 * approval). An event of another approval, or of a document that no longer exists, moves nothing.
 */
export async function moveContractDocumentOnApproval(
  repos: Pick<ContractDocumentRepositories, 'documents'>,
  event: ContractDocumentApprovalEvent,
): Promise<Result<void>> {
  const id = Number(event.recordId);
  if (!Number.isSafeInteger(id) || !(await repos.documents.lock(id))) return ok(undefined);
  const doc = await repos.documents.findById(id, null);
  if (doc === null || doc.approvalId !== event.approvalId) return ok(undefined);
  if (doc.status === event.status) return ok(undefined);
  const saved = await repos.documents.save(id, { status: event.status }, doc.version, event.at);
  return saved === null
    ? fail(CONTRACT_DOCUMENT_ERROR_CODES.stale, CONTRACT_DOCUMENT_MESSAGES.stale)
    : ok(undefined);
}

/** Every type's field list, for adapters that store the values as one JSON object. */
export const contractDocumentFieldsOf = (type: ContractDocType): readonly ContractDocFieldName[] =>
  CONTRACT_DOC_FIELDS_BY_TYPE[type];
