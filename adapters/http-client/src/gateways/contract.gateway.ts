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
  lixiangChangeAddAnswer,
  lixiangChangesAnswer,
  lixiangPage,
  type LixiangChangeInput,
  type LixiangChangeRecord as WireLixiangChangeRecord,
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
import { keyed, type HttpClient, type WriteOptions } from '../client.js';
import { answerOf } from './answer.js';
import { type Page, type PageQuery } from './page.js';
import { cleanQuery, ParsedCalls } from './parsed-calls.js';

/**
 * The contract slice's wire types are the @dpms/wire schemas' (`z.infer`): the same schemas the
 * API validates with and answers through, and the gateway parses every contract answer with.
 */
export type ContractStageCode = WireContractStage;
export type ContractRecord = WireContractRecord;
export type ContractHistoryRow = WireContractHistoryEntry;
export type ContractDetailRecord = WireContractDetail;
export type ContractChangeRecord = WireContractChangeRecord;
export type LixiangChangeRecord = WireLixiangChangeRecord;
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

/** The query string of an export: the list's filters without paging. */
export function exportQuery(q: Record<string, unknown>): string {
  const { pageNum: _n, pageSize: _s, ...rest } = cleanQuery(q);
  void _n;
  void _s;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(rest)) params.set(k, String(v));
  const s = params.toString();
  return s === '' ? '' : `?${s}`;
}

/** The contract forms pass their dialog's Idempotency-Key as a string. */
const keyOf = (key: string | undefined): WriteOptions => ({ idempotencyKey: key });

/** Contracts, project filings, sub-contracts and extended sub-contracts (001 §7). */
export class ContractGateway {
  private readonly calls: ParsedCalls;

  constructor(private readonly http: HttpClient) {
    this.calls = new ParsedCalls(http);
  }

  async list(kind: ContractListKind, query: PageQuery): Promise<Page<ContractRecord>> {
    const a = await this.calls.page(contractPage, LIST_PATHS[kind], query);
    return { rows: a.rows, total: a.total };
  }
  async detail(contractId: number): Promise<ContractDetailRecord> {
    return this.calls.get(contractDetailAnswer, '/project/contract/detailById', { contractId });
  }
  async summary(): Promise<ContractSummary> {
    return this.calls.get(contractSummaryAnswer, '/project/contract/summary', {});
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
    return this.calls.post(contractAnswer, path, body, keyOf(key));
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
    return this.calls.post(contractAnswer, path, body, keyOf(key));
  }
  /** updateToApproval; `typeCode` (1_x or 2_x) when the sender chose one, else the stage's default. */
  async submit(
    stage: 'declare' | 'contract',
    contractId: number,
    key?: string,
    typeCode?: string,
  ): Promise<ContractRecord> {
    const path =
      stage === 'declare'
        ? '/project/declare/updateToApproval'
        : '/project/contract/updateToApproval';
    const body = typeCode === undefined ? { contractId } : { contractId, typeCode };
    return this.calls.post(contractAnswer, path, body, keyOf(key));
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
    // A state change the spec sends as GET: keyed like a write.
    const params = cleanQuery({ contractId, ...fill });
    return answerOf(
      contractAnswer,
      await this.http.get(path, { params, ...keyed(keyOf(key)) }),
      path,
    ).data;
  }
  async remove(stage: ContractStageCode, contractId: number): Promise<void> {
    const path =
      stage === 'stay'
        ? '/project/stay/deleteById'
        : stage === 'declare'
          ? '/project/declare/deleteById'
          : '/project/contract/deleteById';
    await this.calls.getAct(path, { contractId });
  }
  async setEffective(contractId: number, effective: boolean): Promise<void> {
    await this.calls.getAct('/project/contract/updateEffective', {
      contractId,
      effective: effective ? '1' : '0',
    });
  }
  async rename(contractId: number, contractName: string): Promise<void> {
    await this.calls.act('/v4/contract/modifyContractName', { contractId, contractName });
  }
  async changes(contractId: number): Promise<ContractChangeRecord[]> {
    return this.calls.get(contractChangesAnswer, '/v4/contract/change/list', { contractId });
  }
  async files(contractId: number): Promise<ContractFileRecord[]> {
    return this.calls.get(contractFilesAnswer, '/project/contract/getContractFiles', {
      contractId,
    });
  }
  async linkFiles(
    contractId: number,
    category: ContractFileRecord['category'],
    fileIds: string[],
  ): Promise<void> {
    await this.calls.post(contractFilesAnswer, '/project/contract/uploadContractFiles', {
      contractId,
      category,
      fileIds,
    });
  }
  async unlinkFile(contractFileId: number): Promise<void> {
    await this.calls.get(contractFileAnswer, '/project/contract/deleteContractFile', {
      contractFileId,
    });
  }

  // ---- project filing (lixiang) ----
  async lixiangList(query: PageQuery): Promise<Page<LixiangRecord>> {
    const a = await this.calls.page(lixiangPage, '/v4/lixiang/list', query);
    return { rows: a.rows, total: a.total };
  }
  async lixiangDetail(lxId: number): Promise<LixiangRecord> {
    return this.calls.get(lixiangAnswer, '/project/lixiang/detailById', { lxId });
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
    return this.calls.post(lixiangAnswer, path, body, keyOf(key));
  }
  /** 保存并提交审批 in one call: saved and submitted together, or neither (a refusal saves nothing). */
  async lixiangSaveAndSubmit(body: LixiangBody, key?: string): Promise<LixiangRecord> {
    return this.calls.post(lixiangAnswer, '/project/lixiang/saveAndSubmit', body, keyOf(key));
  }
  /** updateToApprovalV2; `typeCode` (2_x) when the sender chose one, else 2_1. */
  async lixiangSubmit(lxId: number, key?: string, typeCode?: string): Promise<LixiangRecord> {
    return this.calls.post(
      lixiangAnswer,
      '/project/lixiang/updateToApprovalV2',
      typeCode === undefined ? { lxId } : { lxId, typeCode },
      keyOf(key),
    );
  }

  /** 变更 of a formal filing (备案变更 12_x): the proposed fields and the reason, sent at once. */
  async lixiangChange(
    body: LixiangChangeInput,
    key?: string,
  ): Promise<{ filing: LixiangRecord; change: LixiangChangeRecord }> {
    return this.calls.post(lixiangChangeAddAnswer, '/v4/lixiang/change/add', body, keyOf(key));
  }
  async lixiangChanges(lxId: number): Promise<LixiangChangeRecord[]> {
    return this.calls.get(lixiangChangesAnswer, '/v4/lixiang/change/list', { lxId });
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
    return this.calls.post(contractChildAnswer, path, body, keyOf(key));
  }
  /** 保存并提交审批 in one call: saved and submitted together, or neither (a refusal saves nothing). */
  async childSaveAndSubmit(body: ContractChildBody, key?: string): Promise<ContractChildRecord> {
    return this.calls.post(
      contractChildAnswer,
      '/v4/contractChild/saveAndSubmit',
      body,
      keyOf(key),
    );
  }
  /** updateToApproval of a sub-contract; `typeCode` (5_x) when the sender chose one, else 5_1. */
  async childSubmit(
    contractChildId: number,
    key?: string,
    typeCode?: string,
  ): Promise<ContractChildRecord> {
    return this.calls.post(
      contractChildAnswer,
      '/v4/contractChild/updateToApproval',
      typeCode === undefined ? { contractChildId } : { contractChildId, typeCode },
      keyOf(key),
    );
  }
  async childRemove(contractChildId: number): Promise<void> {
    await this.calls.get(contractChildAnswer, '/project/contractChild/delById', {
      contractChildId,
    });
  }
  async childList(query: PageQuery): Promise<Page<ContractChildRow>> {
    const a = await this.calls.page(contractChildPage, '/v4/contractChild/list', query);
    return { rows: a.rows, total: a.total };
  }
  async childDetail(contractChildId: number): Promise<ContractChildDetail> {
    return this.calls.get(contractChildDetailAnswer, '/v4/contractChild/detailById', {
      contractChildId,
    });
  }

  // ---- pay items ----
  /** Saves a pay form: updateChildPay with payId, insertChildPay otherwise. */
  async savePay(body: ChildPayBody, key?: string): Promise<ChildPayRecord> {
    const path =
      typeof body.payId === 'number'
        ? '/project/contractChild/updateChildPay'
        : '/project/contractChild/insertChildPay';
    return this.calls.post(childPayAnswer, path, body, keyOf(key));
  }
  async addPay(body: ChildPayBody & { contractChildId: number }, key?: string) {
    return this.savePay(body, key);
  }
  async updatePay(body: ChildPayBody & { payId: number }, key?: string) {
    return this.savePay(body, key);
  }
  async payAttachments(payId: number): Promise<PayAttachmentRecord[]> {
    return this.calls.get(payAttachmentsAnswer, '/project/contractChild/showPayAttachmentList', {
      payId,
    });
  }
  async deletePay(payId: number): Promise<void> {
    await this.calls.get(childPayAnswer, '/project/contractChild/deleteChildPay', { payId });
  }

  // ---- extended sub-contracts ----
  /** Saves an extended sub-contract: update with extendId, add otherwise. */
  async extendSave(body: ExtendSubContractBody, key?: string): Promise<ExtendSubContractRecord> {
    const path =
      typeof body.extendId === 'number'
        ? '/v4/extendSubContract/update'
        : '/v4/extendSubContract/add';
    return this.calls.post(extendSubContractAnswer, path, body, keyOf(key));
  }
  async extendRemove(extendId: number): Promise<void> {
    await this.calls.get(extendSubContractRowAnswer, '/v4/extendSubContract/delById', {
      extendId,
    });
  }
  async extendList(query: PageQuery): Promise<Page<ExtendSubContractRow>> {
    const a = await this.calls.page(extendSubContractPage, '/v4/extendSubContract/list', query);
    return { rows: a.rows, total: a.total };
  }
}
