import {
  contractAnswer,
  contractChangesAnswer,
  contractDetailAnswer,
  contractFileAnswer,
  contractFilesAnswer,
  contractPage,
  contractSummaryAnswer,
  type ContractChangeRecord as WireContractChangeRecord,
  type ContractFileRecord as WireContractFileRecord,
  type ContractSummary as WireContractSummary,
  type ContractConvertFill,
  type ContractDetail as WireContractDetail,
  type ContractHistoryEntry as WireContractHistoryEntry,
  type ContractRecord as WireContractRecord,
  type ContractSaveInput,
  type ContractStageCode as WireContractStage,
} from '@dpms/wire';
import type { CallOptions, HttpClient } from '../client.js';
import { answerOf } from './answer.js';
import { dataOf, type Page, type PageQuery, toPage } from './page.js';

/** The Idempotency-Key of one user action, kept across its retries. */
const keyed = (key: string | undefined): CallOptions =>
  key === undefined ? {} : { headers: { 'Idempotency-Key': key } };

/**
 * The contract slice's wire types are the @dpms/wire schemas' (`z.infer`): the same schemas the
 * API validates with and answers through, and the gateway parses every contract answer with.
 */
export type ContractStageCode = WireContractStage;
export type ContractRecord = WireContractRecord;
export type ContractHistoryRow = WireContractHistoryEntry;
export type ContractDetailRecord = WireContractDetail;
export type ContractChangeRecord = WireContractChangeRecord;
export type ContractFileRecord = WireContractFileRecord;
/** The side panel's totals in 万元. */
export type ContractSummary = WireContractSummary;

/**
 * What a contract form sends: the entered fields (amounts as strings), what it previewed, and,
 * when editing, the record's id and the version it was read at.
 */
export type ContractBody = ContractSaveInput & { contractId?: number; version?: number };

export interface LixiangRecord {
  lxId: number;
  contractId: number | null;
  lxNo: string;
  version?: number;
  projectName: string;
  bizSource: string;
  bizSourceName: string;
  totalAmount: string;
  cleanAmount: string;
  realAmount: string;
  directFee: string;
  technicalFee: string;
  expertFee: string;
  operateFee: string;
  designFee: string;
  remark: string;
  history: boolean;
  status: number;
  statusName: string;
  approvalId: string | null;
  createBy: string;
  createTime: string;
  [key: string]: unknown;
}

export interface ContractChildRecord {
  contractChildId: number;
  contractId: number;
  version?: number;
  contractName?: string;
  contractChildNo: string;
  childType: number;
  childTypeName: string;
  paymentMethod: string;
  content: string;
  receiveCompanyName: string;
  totalAmount: string;
  taxRate: string;
  history: boolean;
  status: number;
  statusName: string;
  approvalId: string | null;
  paidAmount?: string;
  extendAmount?: string;
  canPayAmount?: string;
  createBy: string;
  createTime: string;
  [key: string]: unknown;
}

export interface ChildPayRecord {
  payId: number;
  contractChildId: number;
  payAmount: string;
  taxRate: string;
  realPayAmount: string;
  payDate: string;
  remark: string;
  files: string[];
  createTime: string;
}

export type ContractChildDetail = ContractChildRecord & { pays: ChildPayRecord[] };

/** A file attached to a pay item. */
export interface PayAttachmentRecord {
  fileId: string;
  fileName: string;
  size: number;
  url: string;
  createTime: string;
}

export interface ExtendSubContractRecord {
  extendId: number;
  contractChildId: number;
  contractId: number;
  extendNo: string;
  content: string;
  reason: string;
  extendAmount: string;
  signDate: string;
  files?: string[];
  version?: number;
  contractChildNo?: string;
  childTypeName?: string;
  receiveCompanyName?: string;
  childTotalAmount?: string;
  contractName?: string;
  createBy: string;
  createTime: string;
  [key: string]: unknown;
}

/** The list a contract screen reads; each maps to its own call. */
export type ContractListKind = 'stay' | 'unEffective' | 'declare' | 'contract';

const LIST_PATHS: Record<ContractListKind, string> = {
  stay: '/project/stay/list',
  unEffective: '/project/contract/unEffectiveList',
  declare: '/project/declare/list',
  contract: '/v4/contract/list',
};

/** Blank filters are left out of the query string. */
const clean = (q: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(q).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );

/** The query string of an export: the list's filters without paging. */
export function exportQuery(q: Record<string, unknown>): string {
  const { pageNum: _n, pageSize: _s, ...rest } = clean(q);
  void _n;
  void _s;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(rest)) params.set(k, String(v));
  const s = params.toString();
  return s === '' ? '' : `?${s}`;
}

/** Contracts, project filings, sub-contracts and extended sub-contracts (001 §7). */
export class ContractGateway {
  constructor(private readonly http: HttpClient) {}

  async list(kind: ContractListKind, query: PageQuery): Promise<Page<ContractRecord>> {
    const a = answerOf(
      contractPage,
      await this.http.get(LIST_PATHS[kind], { params: clean(query) }),
      LIST_PATHS[kind],
    );
    return { rows: a.rows, total: a.total };
  }
  async detail(contractId: number): Promise<ContractDetailRecord> {
    const path = '/project/contract/detailById';
    return answerOf(
      contractDetailAnswer,
      await this.http.get(path, { params: { contractId } }),
      path,
    ).data;
  }
  async summary(): Promise<ContractSummary> {
    const path = '/project/contract/summary';
    return answerOf(contractSummaryAnswer, await this.http.get(path), path).data;
  }
  /**
   * Saves a form: stay/declare add or update (with contractId), contract add or update, or a
   * contract signed before the system (formal: addHistory). `key` is the action's
   * Idempotency-Key, kept across retries of the same dialog.
   */
  async save(stage: ContractStageCode, body: ContractBody, key?: string): Promise<ContractRecord> {
    const editing = typeof body.contractId === 'number';
    const path =
      stage === 'stay'
        ? editing
          ? '/project/stay/update'
          : '/project/stay/add'
        : stage === 'declare'
          ? editing
            ? '/project/declare/update'
            : '/project/declare/add'
          : stage === 'formal'
            ? '/project/contract/addHistory'
            : '/v4/contract/add';
    return answerOf(contractAnswer, await this.http.post(path, body, keyed(key)), path).data;
  }
  /**
   * 保存并提交审批: saves the form (new, or an edit with contractId and version) and sends it for
   * review in one call that does both or neither.
   */
  async saveAndSubmit(
    stage: 'declare' | 'contract',
    body: ContractBody,
    key?: string,
  ): Promise<ContractRecord> {
    const path =
      stage === 'declare' ? '/project/declare/saveAndSubmit' : '/project/contract/saveAndSubmit';
    return answerOf(contractAnswer, await this.http.post(path, body, keyed(key)), path).data;
  }
  async submit(
    stage: 'declare' | 'contract',
    contractId: number,
    key?: string,
  ): Promise<ContractRecord> {
    const path =
      stage === 'declare'
        ? '/project/declare/updateToApproval'
        : '/project/contract/updateToApproval';
    return answerOf(contractAnswer, await this.http.post(path, { contractId }, keyed(key)), path)
      .data;
  }
  /** 转合同: `fill` gives the parties and sign date the record lacks (the review sheet needs them). */
  async convert(
    from: 'stay' | 'declare',
    contractId: number,
    fill: ContractConvertFill = {},
    key?: string,
  ): Promise<ContractRecord> {
    const path =
      from === 'stay'
        ? '/project/contract/convertByStaySign'
        : '/project/contract/convertByDeclareProject';
    const params = clean({ contractId, ...fill });
    return answerOf(contractAnswer, await this.http.get(path, { params, ...keyed(key) }), path)
      .data;
  }
  async remove(stage: ContractStageCode, contractId: number): Promise<void> {
    const path =
      stage === 'stay'
        ? '/project/stay/deleteById'
        : stage === 'declare'
          ? '/project/declare/deleteById'
          : '/project/contract/deleteById';
    await this.http.get(path, { params: { contractId } });
  }
  async setEffective(contractId: number, effective: boolean): Promise<void> {
    await this.http.get('/project/contract/updateEffective', {
      params: { contractId, effective: effective ? '1' : '0' },
    });
  }
  async rename(contractId: number, contractName: string): Promise<void> {
    await this.http.post('/v4/contract/modifyContractName', { contractId, contractName });
  }
  async changes(contractId: number): Promise<ContractChangeRecord[]> {
    const path = '/v4/contract/change/list';
    return answerOf(
      contractChangesAnswer,
      await this.http.get(path, { params: { contractId } }),
      path,
    ).data;
  }
  async files(contractId: number): Promise<ContractFileRecord[]> {
    const path = '/project/contract/getContractFiles';
    return answerOf(
      contractFilesAnswer,
      await this.http.get(path, { params: { contractId } }),
      path,
    ).data;
  }
  async linkFiles(
    contractId: number,
    category: ContractFileRecord['category'],
    fileIds: string[],
  ): Promise<void> {
    const path = '/project/contract/uploadContractFiles';
    answerOf(
      contractFilesAnswer,
      await this.http.post(path, { contractId, category, fileIds }),
      path,
    );
  }
  async unlinkFile(contractFileId: number): Promise<void> {
    const path = '/project/contract/deleteContractFile';
    answerOf(contractFileAnswer, await this.http.get(path, { params: { contractFileId } }), path);
  }

  // ---- project filing (lixiang) ----
  async lixiangList(query: PageQuery): Promise<Page<LixiangRecord>> {
    return toPage<LixiangRecord>(await this.http.get('/v4/lixiang/list', { params: clean(query) }));
  }
  async lixiangDetail(lxId: number): Promise<LixiangRecord> {
    return dataOf<LixiangRecord>(
      await this.http.get('/project/lixiang/detailById', { params: { lxId } }),
    );
  }

  /**
   * Saves a filing form: updateV2 with lxId; otherwise add, or addHistory for a filing recorded
   * before the system (approved at once).
   */
  async lixiangSave(body: Record<string, unknown>, history = false): Promise<LixiangRecord> {
    const path =
      typeof body['lxId'] === 'number'
        ? '/project/lixiang/updateV2'
        : history
          ? '/project/lixiang/addHistory'
          : '/v4/lixiang/add';
    return dataOf<LixiangRecord>(await this.http.post(path, body));
  }
  async lixiangSubmit(lxId: number): Promise<LixiangRecord> {
    return dataOf<LixiangRecord>(
      await this.http.post('/project/lixiang/updateToApprovalV2', { lxId }),
    );
  }

  // ---- sub-contracts ----
  /**
   * Saves a sub-contract form: update with contractChildId; otherwise add, or addHistory for one
   * signed before the system (final at once).
   */
  async childSave(body: Record<string, unknown>, history = false): Promise<ContractChildRecord> {
    const path =
      typeof body['contractChildId'] === 'number'
        ? '/v4/contractChild/update'
        : history
          ? '/project/contractChild/addHistory'
          : '/v4/contractChild/add';
    return dataOf<ContractChildRecord>(await this.http.post(path, body));
  }
  async childSubmit(contractChildId: number): Promise<ContractChildRecord> {
    return dataOf<ContractChildRecord>(
      await this.http.post('/v4/contractChild/updateToApproval', { contractChildId }),
    );
  }
  async childRemove(contractChildId: number): Promise<void> {
    await this.http.get('/project/contractChild/delById', { params: { contractChildId } });
  }
  async updatePay(body: {
    payId: number;
    payAmount: string;
    taxRate?: string;
    payDate?: string;
    remark?: string;
    files?: string[];
  }): Promise<ChildPayRecord> {
    return dataOf<ChildPayRecord>(
      await this.http.post('/project/contractChild/updateChildPay', body),
    );
  }
  async payAttachments(payId: number): Promise<PayAttachmentRecord[]> {
    return (
      dataOf<PayAttachmentRecord[]>(
        await this.http.get('/project/contractChild/showPayAttachmentList', { params: { payId } }),
      ) ?? []
    );
  }
  /** Saves an extended sub-contract: update with extendId, add otherwise. */
  async extendSave(body: Record<string, unknown>): Promise<ExtendSubContractRecord> {
    const path =
      typeof body['extendId'] === 'number'
        ? '/v4/extendSubContract/update'
        : '/v4/extendSubContract/add';
    return dataOf<ExtendSubContractRecord>(await this.http.post(path, body));
  }
  async extendRemove(extendId: number): Promise<void> {
    await this.http.get('/v4/extendSubContract/delById', { params: { extendId } });
  }

  async childList(query: PageQuery): Promise<Page<ContractChildRecord>> {
    return toPage<ContractChildRecord>(
      await this.http.get('/v4/contractChild/list', { params: clean(query) }),
    );
  }
  async childDetail(contractChildId: number): Promise<ContractChildDetail> {
    return dataOf<ContractChildDetail>(
      await this.http.get('/v4/contractChild/detailById', { params: { contractChildId } }),
    );
  }
  async addPay(body: {
    contractChildId: number;
    payAmount: string;
    taxRate?: string;
    payDate?: string;
    remark?: string;
    files?: string[];
  }): Promise<ChildPayRecord> {
    return dataOf<ChildPayRecord>(
      await this.http.post('/project/contractChild/insertChildPay', body),
    );
  }
  async deletePay(payId: number): Promise<void> {
    await this.http.get('/project/contractChild/deleteChildPay', { params: { payId } });
  }
  async extendList(query: PageQuery): Promise<Page<ExtendSubContractRecord>> {
    return toPage<ExtendSubContractRecord>(
      await this.http.get('/v4/extendSubContract/list', { params: clean(query) }),
    );
  }
}
