import {
  COMPANY_SETTING_KEYS,
  companySettingsFromConfig,
  type ApprovalDetail,
  type CompanySettingKey,
  type CompanySettings,
  type ConfigAnswer,
  type ProcessCostItem,
  type ProjectOption,
} from '@dpms/core';
import {
  contractDocumentAnswer,
  contractDocumentDeleteAnswer,
  contractDocumentPage,
  dictDataRecord,
  okEnvelope,
  taskDesignContractsAnswer,
  type ApprovalDetailRecord,
  type ContractDocumentListInput,
  type ContractDocumentSaveInput,
  type ContractDocumentWireRecord,
} from '@dpms/wire';
import { z } from 'zod';
import { ApiError } from '../api-error.js';
import { keyed, type HttpClient, type WriteOptions } from '../client.js';
import { answerOf } from './answer.js';
import { ApprovalGateway, type ApprovalProcessBody } from './approval.gateway.js';
import { ParsedCalls } from './parsed-calls.js';
import type { Page, PageQuery } from './page.js';

/*
 * The contract documents' calls (/v4/contract-document/*) and what their screens read beside
 * them. The wire types are the @dpms/wire schemas' (`z.infer`/`z.input`), and every JSON answer
 * is parsed with its schema; the company settings are config values read from `msg` (any text).
 */

/** A stored document as the API answers it: its fields flat, with its state beside them. */
export type StoredContractDocument = ContractDocumentWireRecord;
/** The list's filters, as a screen's search holds them (the API's query schema reads them). */
export type DocumentListQuery = PageQuery & {
  readonly [K in Exclude<keyof ContractDocumentListInput, keyof PageQuery>]?: string | number;
};
export type SaveDocumentBody = ContractDocumentSaveInput;

/**
 * The approval behind a document as the footer reads it: the approval center's detail, with the
 * signers' names and times on its node rows.
 */
export type DocumentApproval = ApprovalDetailRecord & ApprovalDetail;

/** Signing from the document (signtype 3): the approval center's own call and body. */
export type SignDocumentBody = ApprovalProcessBody & { readonly action: 'approve' | 'reject' };

/** The process-cost list type 7 reads its deliverable from (dictionary process_cost). */
export const PROCESS_COST_DICT = 'process_cost';

/** What the document reads of a dictionary item: its label and value. */
const processCostAnswer = okEnvelope(
  z.array(dictDataRecord.pick({ dictLabel: true, dictValue: true })),
);

/** A contract with task orders (listByDesign) as the document's project choice. */
const projectOptionOf = (p: z.output<typeof taskDesignContractsAnswer>['data'][number]) =>
  ({
    value: p.value,
    text: p.text,
    projectName: p.projectName === '' ? null : p.projectName,
    taskList: p.taskList.map((t) => ({
      value: t.value,
      text: t.text,
      designStageId: t.designStageId,
      majorList: t.majorList.map((m) => ({ value: m.value, text: m.text })),
    })),
  }) satisfies ProjectOption;

type NodeRow = ApprovalDetail['approvalDetailBO']['approvalNodeList'][number];

/**
 * The names and times of the signers, from the approval's log: the detail's node rows carry
 * neither (000 §3), the log carries both, so each signed row gets the last approve or reject of
 * its node in the current round.
 */
export function withSigners(answer: ApprovalDetailRecord): DocumentApproval {
  const round = answer.approval.round;
  const bo = answer.approvalDetailBO;
  const rows = (bo.approvalNodeList ?? []).map((row: NodeRow) => {
    const nodeId = row.nodeId;
    const signed = answer.log
      .filter(
        (e) =>
          (e.action === 'approve' || e.action === 'reject') &&
          (e.nodeId ?? '') === nodeId &&
          e.round === round,
      )
      .at(-1);
    return signed === undefined
      ? row
      : {
          ...row,
          approvalUserName: answer.userNames[signed.actorId] ?? '',
          approvalTime: signed.createTime,
        };
  });
  return { ...answer, approvalDetailBO: { ...bo, approvalNodeList: rows } };
}

/**
 * The document screens' calls: the stored documents (/v4/contract-document/*), party A's company
 * settings (six config keys in parallel; a key whose answer is not code 200 stays empty, 001 §7-§8),
 * the project and task lists of the design tasks (listByDesign), the process-cost list, and the
 * approval detail behind a signed document's footer.
 */
export class ContractDocumentGateway {
  private readonly calls: ParsedCalls;
  private readonly approvals: ApprovalGateway;

  constructor(private readonly http: HttpClient) {
    this.calls = new ParsedCalls(http);
    this.approvals = new ApprovalGateway(http);
  }

  async companySettings(): Promise<CompanySettings> {
    const answers = await Promise.all(
      COMPANY_SETTING_KEYS.map(async (key): Promise<[CompanySettingKey, ConfigAnswer]> => {
        try {
          const res = await this.http.get(`/system/config/configKey/${key}`, { quiet: true });
          return [key, { code: res.code, msg: typeof res.msg === 'string' ? res.msg : '' }];
        } catch (e) {
          return [key, { code: e instanceof ApiError ? e.status : 0 }];
        }
      }),
    );
    return companySettingsFromConfig(Object.fromEntries(answers));
  }

  /** The contracts with their task orders (the task slice's listByDesign). */
  async projects(): Promise<ProjectOption[]> {
    const path = '/v4/contract/listByDesign';
    const data = await this.calls.get(taskDesignContractsAnswer, path, {});
    return data.map(projectOptionOf);
  }

  async processCosts(): Promise<ProcessCostItem[]> {
    const path = `/system/dict/data/type/${PROCESS_COST_DICT}`;
    const data = await this.calls.get(processCostAnswer, path, {});
    return data.map((d) => ({ designStageId: d.dictValue, projectResultContent: d.dictLabel }));
  }

  async list(query: DocumentListQuery): Promise<Page<StoredContractDocument>> {
    const a = await this.calls.page(contractDocumentPage, '/v4/contract-document/list', query);
    return { rows: a.rows, total: a.total };
  }

  detail = (documentId: number): Promise<StoredContractDocument> =>
    this.calls.get(contractDocumentAnswer, '/v4/contract-document/detailById', { documentId });

  save = (body: SaveDocumentBody, options?: WriteOptions): Promise<StoredContractDocument> =>
    this.calls.post(contractDocumentAnswer, '/v4/contract-document/add', body, options);

  /** updateToApproval; `typeCode` (1_x, 5_x or 24_1) when the sender chose one, else 5_1. */
  submit = (
    documentId: number,
    options?: WriteOptions,
    typeCode?: string,
  ): Promise<StoredContractDocument> =>
    this.calls.post(
      contractDocumentAnswer,
      '/v4/contract-document/updateToApproval',
      typeCode === undefined ? { documentId } : { documentId, typeCode },
      options,
    );

  /** Deletes a draft (the spec sends deletes as GET), under the action's Idempotency-Key. */
  async remove(documentId: number, options?: WriteOptions): Promise<void> {
    const path = '/v4/contract-document/deleteById';
    answerOf(
      contractDocumentDeleteAnswer,
      await this.http.get(path, { params: { documentId }, ...keyed(options) }),
      path,
    );
  }

  /** The approval behind a document's sign footer, with the signers' names and times. */
  async approval(approvalId: string): Promise<DocumentApproval> {
    return withSigners(await this.approvals.detail(approvalId));
  }

  /**
   * Approves or rejects the document's approval with the signer's opinion, as the approval
   * center does: the same call, the version read with the detail, one Idempotency-Key per action.
   */
  async sign(body: SignDocumentBody, key: string): Promise<void> {
    await this.approvals.process(body, key);
  }
}
