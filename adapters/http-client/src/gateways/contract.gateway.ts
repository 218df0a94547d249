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
  childPayAnswer,
  contractChildAnswer,
  contractChildDetailAnswer,
  contractChildPage,
  extendSubContractAnswer,
  extendSubContractPage,
  extendSubContractRowAnswer,
  lixiangAnswer,
  lixiangPage,
  payAttachmentsAnswer,
  type ChildPayAddInput,
  type ChildPayRecord as WireChildPayRecord,
  type ContractChildDetail as WireContractChildDetail,
  type ContractChildRecord as WireContractChildRecord,
  type ContractChildRow as WireContractChildRow,
  type ContractChildSaveInput,
  type ExtendSubContractRecord as WireExtendSubContractRecord,
  type ExtendSubContractRow as WireExtendSubContractRow,
  type ExtendSubContractSaveInput,
  type LixiangRecord as WireLixiangRecord,
  type LixiangSaveInput,
  type PayAttachmentRecord as WirePayAttachmentRecord,
} from '@dpms/wire';
import type { CallOptions, HttpClient } from '../client.js';
import { answerOf } from './answer.js';
import { type Page, type PageQuery } from './page.js';

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

/** A project filing, a sub-contract (its list row adds what is paid and payable), a pay item, a
 * pay item's file and an extended sub-contract: the @dpms/wire schemas' types. */
export type LixiangRecord = WireLixiangRecord;
export type ContractChildRecord = WireContractChildRecord;
export type ContractChildRow = WireContractChildRow;
export type ContractChildDetail = WireContractChildDetail;
export type ChildPayRecord = WireChildPayRecord;
export type PayAttachmentRecord = WirePayAttachmentRecord;
export type ExtendSubContractRecord = WireExtendSubContractRecord;
export type ExtendSubContractRow = WireExtendSubContractRow;

/** What a filing form sends; with lxId it is an edit (updateV2). */
export type LixiangBody = LixiangSaveInput & { lxId?: number };
/** What a sub-contract form sends: a new one names its contract, an edit its id and version. */
export type ContractChildBody = Omit<ContractChildSaveInput, 'contractId'> & {
  contractId?: number;
  contractChildId?: number;
  version?: number;
};
/** What a pay form sends: a new pay item names its sub-contract, an edit its payId. */
export type ChildPayBody = Omit<ChildPayAddInput, 'contractChildId'> & {
  contractChildId?: number;
  payId?: number;
};
/** What an extension form sends: a new one names its sub-contract, an edit its id and version. */
export type ExtendSubContractBody = Omit<ExtendSubContractSaveInput, 'contractChildId'> & {
  contractChildId?: number;
  extendId?: number;
  version?: number;
};

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
    const path = '/v4/lixiang/list';
    const a = answerOf(lixiangPage, await this.http.get(path, { params: clean(query) }), path);
    return { rows: a.rows, total: a.total };
  }
  async lixiangDetail(lxId: number): Promise<LixiangRecord> {
    const path = '/project/lixiang/detailById';
    return answerOf(lixiangAnswer, await this.http.get(path, { params: { lxId } }), path).data;
  }

  /**
   * Saves a filing form: updateV2 with lxId; otherwise add, or addHistory for a filing recorded
   * before the system (approved at once). `key` is the dialog's Idempotency-Key.
   */
  async lixiangSave(body: LixiangBody, history = false, key?: string): Promise<LixiangRecord> {
    const path =
      typeof body.lxId === 'number'
        ? '/project/lixiang/updateV2'
        : history
          ? '/project/lixiang/addHistory'
          : '/v4/lixiang/add';
    return answerOf(lixiangAnswer, await this.http.post(path, body, keyed(key)), path).data;
  }
  /** 保存并提交审批 in one call: saved and submitted together, or neither (a refusal saves nothing). */
  async lixiangSaveAndSubmit(body: LixiangBody, key?: string): Promise<LixiangRecord> {
    const path = '/project/lixiang/saveAndSubmit';
    return answerOf(lixiangAnswer, await this.http.post(path, body, keyed(key)), path).data;
  }
  async lixiangSubmit(lxId: number, key?: string): Promise<LixiangRecord> {
    const path = '/project/lixiang/updateToApprovalV2';
    return answerOf(lixiangAnswer, await this.http.post(path, { lxId }, keyed(key)), path).data;
  }

  // ---- sub-contracts ----
  /**
   * Saves a sub-contract form: update with contractChildId; otherwise add, or addHistory for one
   * signed before the system (final at once). `key` is the dialog's Idempotency-Key.
   */
  async childSave(
    body: ContractChildBody,
    history = false,
    key?: string,
  ): Promise<ContractChildRecord> {
    const path =
      typeof body.contractChildId === 'number'
        ? '/v4/contractChild/update'
        : history
          ? '/project/contractChild/addHistory'
          : '/v4/contractChild/add';
    return answerOf(contractChildAnswer, await this.http.post(path, body, keyed(key)), path).data;
  }
  /** 保存并提交审批 in one call: saved and submitted together, or neither (a refusal saves nothing). */
  async childSaveAndSubmit(body: ContractChildBody, key?: string): Promise<ContractChildRecord> {
    const path = '/v4/contractChild/saveAndSubmit';
    return answerOf(contractChildAnswer, await this.http.post(path, body, keyed(key)), path).data;
  }
  async childSubmit(contractChildId: number, key?: string): Promise<ContractChildRecord> {
    const path = '/v4/contractChild/updateToApproval';
    return answerOf(
      contractChildAnswer,
      await this.http.post(path, { contractChildId }, keyed(key)),
      path,
    ).data;
  }
  async childRemove(contractChildId: number): Promise<void> {
    const path = '/project/contractChild/delById';
    answerOf(contractChildAnswer, await this.http.get(path, { params: { contractChildId } }), path);
  }
  async childList(query: PageQuery): Promise<Page<ContractChildRow>> {
    const path = '/v4/contractChild/list';
    const a = answerOf(
      contractChildPage,
      await this.http.get(path, { params: clean(query) }),
      path,
    );
    return { rows: a.rows, total: a.total };
  }
  async childDetail(contractChildId: number): Promise<ContractChildDetail> {
    const path = '/v4/contractChild/detailById';
    return answerOf(
      contractChildDetailAnswer,
      await this.http.get(path, { params: { contractChildId } }),
      path,
    ).data;
  }

  // ---- pay items ----
  /** Saves a pay form: updateChildPay with payId, insertChildPay otherwise. */
  async savePay(body: ChildPayBody, key?: string): Promise<ChildPayRecord> {
    const path =
      typeof body.payId === 'number'
        ? '/project/contractChild/updateChildPay'
        : '/project/contractChild/insertChildPay';
    return answerOf(childPayAnswer, await this.http.post(path, body, keyed(key)), path).data;
  }
  async addPay(body: ChildPayBody & { contractChildId: number }, key?: string) {
    return this.savePay(body, key);
  }
  async updatePay(body: ChildPayBody & { payId: number }, key?: string) {
    return this.savePay(body, key);
  }
  async payAttachments(payId: number): Promise<PayAttachmentRecord[]> {
    const path = '/project/contractChild/showPayAttachmentList';
    return answerOf(payAttachmentsAnswer, await this.http.get(path, { params: { payId } }), path)
      .data;
  }
  async deletePay(payId: number): Promise<void> {
    const path = '/project/contractChild/deleteChildPay';
    answerOf(childPayAnswer, await this.http.get(path, { params: { payId } }), path);
  }

  // ---- extended sub-contracts ----
  /** Saves an extended sub-contract: update with extendId, add otherwise. */
  async extendSave(body: ExtendSubContractBody, key?: string): Promise<ExtendSubContractRecord> {
    const path =
      typeof body.extendId === 'number'
        ? '/v4/extendSubContract/update'
        : '/v4/extendSubContract/add';
    return answerOf(extendSubContractAnswer, await this.http.post(path, body, keyed(key)), path)
      .data;
  }
  async extendRemove(extendId: number): Promise<void> {
    const path = '/v4/extendSubContract/delById';
    answerOf(extendSubContractRowAnswer, await this.http.get(path, { params: { extendId } }), path);
  }
  async extendList(query: PageQuery): Promise<Page<ExtendSubContractRow>> {
    const path = '/v4/extendSubContract/list';
    const a = answerOf(
      extendSubContractPage,
      await this.http.get(path, { params: clean(query) }),
      path,
    );
    return { rows: a.rows, total: a.total };
  }
}
