import type { ClosingFeeKey } from '@dpms/core';
import {
  type ApprovalGateway,
  type ApprovalDetailResponse,
  type HttpClient,
  type Page,
  type WriteOptions,
  keyed,
} from '@dpms/http-client';
import {
  closingAnswer,
  closingDoneAnswer,
  closingInfoAnswer,
  closingPage,
  contractPage,
  finishConfirmationAnswer,
  finishConfirmationsAnswer,
  finishContractAnswer,
  finishContractPage,
  finishFilesAnswer,
  finishOverviewAnswer,
  uncollectedAnswer,
  type ClosingContractInfo as WireClosingContractInfo,
  type ClosingRecord as WireClosingRecord,
  type ClosingSaveInput,
  type FinishConfirmationRecord,
  type FinishConfirmInput,
  type FinishContractRow,
  type FinishFileRecord,
  type FinishOverview as WireFinishOverview,
  type FinishTaskRecord,
  type UncollectedSummaryRecord,
} from '@dpms/wire';
import type { z } from 'zod';
import { answerOf } from '@dpms/http-client';

/*
 * The closing slice's wire types are the @dpms/wire schemas' (`z.infer`/`z.input`), and every
 * answer is parsed with its schema (a malformed one is HTTP.MALFORMED_ANSWER naming the call and
 * the field). Writes take their dialog's Idempotency-Key.
 */
export type ClosingKind = 'closed' | 'settle';
export type Fees = Record<ClosingFeeKey, string>;
export type ClosingRecord = WireClosingRecord;
export type ClosingContractInfo = WireClosingContractInfo;
export type ClosingBody = ClosingSaveInput;
export type FinishOverview = WireFinishOverview;
export type FinishTaskRow = FinishTaskRecord;
export type FinishFileRow = FinishFileRecord;
export type FinishRow = FinishContractRow;
export type FinishConfirmationRow = FinishConfirmationRecord;
export type UncollectedSummary = UncollectedSummaryRecord;
export type FinishConfirmBody = FinishConfirmInput;
/** The approval of a closing: the approval slice's detail answer. */
export type ApprovalSummary = ApprovalDetailResponse;

/** A formal contract as the closing form offers it. */
export interface ContractOption {
  contractId: number;
  contractName: string;
  projectName: string;
  contractNo: string;
}

type Query = Record<string, string | number>;
const clean = (q: Query): Query =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== '' && v !== undefined));

const PATHS = {
  closed: {
    base: '/v4/contract/closedCase',
    info: '/v4/contract/closedCase/detailByContractId',
    add: '/v4/contract/closedCase/add',
    id: 'closedId',
  },
  settle: {
    base: '/contract/settle',
    info: '/contract/settle/getContractInfo',
    add: '/contract/settle/insertContractSettle',
    id: 'settleId',
  },
} as const;

/** The closed case, settlement and finish confirmation calls of 001 §7. */
export class ClosingGateway {
  constructor(
    private readonly http: HttpClient,
    private readonly approvals: ApprovalGateway,
  ) {}

  private async read<S extends z.ZodType>(
    schema: S,
    url: string,
    params: Query = {},
    options?: WriteOptions,
  ) {
    return answerOf<S>(schema, await this.http.get(url, { params, ...keyed(options) }), url);
  }
  private async send<S extends z.ZodType>(
    schema: S,
    url: string,
    body: unknown,
    options?: WriteOptions,
  ) {
    return answerOf<S>(schema, await this.http.post(url, body, keyed(options)), url);
  }

  async list(kind: ClosingKind, q: Query): Promise<Page<ClosingRecord>> {
    const r = await this.read(closingPage, `${PATHS[kind].base}/list`, clean(q));
    return { total: r.total, rows: r.rows };
  }
  info = async (kind: ClosingKind, contractId: number) =>
    (await this.read(closingInfoAnswer, PATHS[kind].info, { contractId })).data;
  save = async (kind: ClosingKind, body: ClosingBody, options?: WriteOptions) =>
    (await this.send(closingAnswer, PATHS[kind].add, body, options)).data;
  submit = async (kind: ClosingKind, id: number, options?: WriteOptions) =>
    (
      await this.send(
        closingAnswer,
        `${PATHS[kind].base}/updateToApproval`,
        { [PATHS[kind].id]: id },
        options,
      )
    ).data;
  detail = async (kind: ClosingKind, id: number) =>
    (await this.read(closingAnswer, `${PATHS[kind].base}/detailById`, { [PATHS[kind].id]: id }))
      .data;
  /** A delete the spec sends as GET, under the action's Idempotency-Key. */
  remove = async (kind: ClosingKind, id: number, options?: WriteOptions): Promise<void> => {
    await this.read(
      closingDoneAnswer,
      `${PATHS[kind].base}/deleteById`,
      { [PATHS[kind].id]: id },
      options,
    );
  };
  exportPath = (kind: ClosingKind) => `${PATHS[kind].base}/export`;
  /** 导出 of a closing list: what the list found with `q` (its page left out). */
  exportUrl = (kind: ClosingKind, q: Query): string => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(clean(q)))
      if (k !== 'pageNum' && k !== 'pageSize') params.set(k, String(v));
    const s = params.toString();
    return `${this.exportPath(kind)}${s === '' ? '' : `?${s}`}`;
  };

  /** The approval of a closing, as the approval slice reads it. */
  approval = (approvalId: string): Promise<ApprovalSummary> => this.approvals.detail(approvalId);
  /** The approval sheet as PDF, through the print service (an API path for the file gateway). */
  sheetPdfPath = (approvalId: string) =>
    `/project/approval/export?approvalId=${approvalId}&format=pdf`;

  /** Formal contracts, for the closing form's 合同. */
  async contracts(): Promise<ContractOption[]> {
    const r = await this.read(contractPage, '/v4/contract/list', {
      pageNum: 1,
      pageSize: 1000,
      stage: 'formal',
    });
    return r.rows.map(({ contractId, contractName, projectName, contractNo }) => ({
      contractId,
      contractName,
      projectName,
      contractNo,
    }));
  }

  async manageList(q: Query): Promise<Page<FinishRow>> {
    const r = await this.read(finishContractPage, '/project/contract/serviceManagelist', clean(q));
    return { total: r.total, rows: r.rows };
  }
  finishOverview = async (contractId: number) =>
    (await this.read(finishOverviewAnswer, '/v4/contract/listByContractId', { contractId })).data;
  uncollected = async (contractId: number) =>
    (await this.read(uncollectedAnswer, '/v4/contract/performUncollectedList', { contractId }))
      .data;
  confirmations = async (contractId: number) =>
    (
      await this.read(finishConfirmationsAnswer, '/v4/contract/confirmFinishAmountList', {
        contractId,
      })
    ).data;
  confirmAmount = async (body: FinishConfirmBody, options?: WriteOptions) =>
    (await this.send(finishConfirmationAnswer, '/v4/contract/confirmFinishAmount', body, options))
      .data;
  deleteConfirmation = async (id: number, options?: WriteOptions): Promise<void> => {
    await this.read(
      closingDoneAnswer,
      '/project/contract/deleteConfirmFinishAmount',
      { id },
      options,
    );
  };
  uploadFinishFiles = async (contractId: number, fileIds: string[], options?: WriteOptions) =>
    (
      await this.send(
        finishFilesAnswer,
        '/project/contract/uploadContractFinishFile',
        { contractId, fileIds },
        options,
      )
    ).data;
  confirmFinish = async (contractId: number, options?: WriteOptions) =>
    (
      await this.read(
        finishContractAnswer,
        '/project/contract/confirmContractFinish',
        { contractId },
        options,
      )
    ).data;
}
