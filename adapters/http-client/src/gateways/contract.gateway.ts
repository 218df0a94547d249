import type { HttpClient } from '../client.js';
import { dataOf, toPage, type Page, type PageQuery } from './page.js';

/** The stage of a contract record: unsigned, declared, in review or formal. */
export type ContractStageCode = 'stay' | 'declare' | 'contract' | 'formal';

/** A contract as the API answers it (amounts in 万元 as decimal strings). */
export interface ContractRecord {
  contractId: number;
  stage: ContractStageCode;
  stageName: string;
  status: -1 | 0 | 1 | 2 | 3;
  statusName: string;
  effective: '0' | '1';
  convertedFrom: string | null;
  approvalId: string | null;
  projectName: string;
  contractName: string;
  entrustBusinessName: string;
  contractNo: string;
  signByMain: string;
  signBySub: string;
  subBankName: string;
  bizSource: '1' | '2' | '3';
  bizSourceName: string;
  location: string;
  serviceManagerId: number | null;
  serviceManagerName: string;
  planArea: string;
  buildArea: string;
  sceneryArea: string;
  indoorArea: string;
  totalAmount: string;
  receiveAmount: string;
  cleanAmount: string;
  realAmount: string;
  realAmountRate: string;
  bizType: string;
  bizTypeName: string;
  entrustTask: string;
  signDate: string;
  directFee: string;
  technicalFee: string;
  expertFee: string;
  operateFee: string;
  designFee: string;
  settleAmount: string;
  closedCaseAmount: string;
  backAmount: string;
  feeRates: Record<string, string>;
  version: number;
  createBy: string;
  createTime: string;
  updateTime: string;
  [key: string]: unknown;
}

export interface ContractHistoryRow {
  action: string;
  changes: Record<string, [unknown, unknown]>;
  userName: string;
  time: string;
}

export type ContractDetailRecord = ContractRecord & { history: ContractHistoryRow[] };

export interface ContractChangeRecord {
  changeId: number;
  contractId: number;
  reason: string;
  status: number;
  statusName: string;
  approvalId: string | null;
  createBy: string;
  createTime: string;
}

export interface ContractFileRecord {
  contractFileId: number;
  contractId: number;
  category: 'contract' | 'government' | 'design';
  categoryName: string;
  fileId: string;
  fileName: string;
  size: number;
  remark: string;
  url: string;
  createBy: string;
  createTime: string;
}

/** The side panel's totals in 万元. */
export type ContractSummary = Record<
  | 'unEffectiveTotalAmount'
  | 'stayTotalAmount'
  | 'stayReceiveAmount'
  | 'declTotalAmount'
  | 'declDesignFee'
  | 'declOperateFee',
  string
>;

/** What a contract form sends: the entered fields (amounts as strings) and what it previewed. */
export type ContractBody = Record<string, unknown>;

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
    return toPage<ContractRecord>(await this.http.get(LIST_PATHS[kind], { params: clean(query) }));
  }
  async detail(contractId: number): Promise<ContractDetailRecord> {
    return dataOf<ContractDetailRecord>(
      await this.http.get('/project/contract/detailById', { params: { contractId } }),
    );
  }
  async summary(): Promise<ContractSummary> {
    return dataOf<ContractSummary>(await this.http.get('/project/contract/summary'));
  }
  /** Saves a form: stay/declare add or update (with contractId), contract add or update. */
  async save(stage: ContractStageCode, body: ContractBody): Promise<ContractRecord> {
    const editing = typeof body['contractId'] === 'number';
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
    return dataOf<ContractRecord>(await this.http.post(path, body));
  }
  async submit(stage: 'declare' | 'contract', contractId: number): Promise<ContractRecord> {
    const path =
      stage === 'declare'
        ? '/project/declare/updateToApproval'
        : '/project/contract/updateToApproval';
    return dataOf<ContractRecord>(await this.http.post(path, { contractId }));
  }
  async convert(from: 'stay' | 'declare', contractId: number): Promise<ContractRecord> {
    const path =
      from === 'stay'
        ? '/project/contract/convertByStaySign'
        : '/project/contract/convertByDeclareProject';
    return dataOf<ContractRecord>(await this.http.get(path, { params: { contractId } }));
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
    return (
      dataOf<ContractChangeRecord[]>(
        await this.http.get('/v4/contract/change/list', { params: { contractId } }),
      ) ?? []
    );
  }
  async files(contractId: number): Promise<ContractFileRecord[]> {
    return (
      dataOf<ContractFileRecord[]>(
        await this.http.get('/project/contract/getContractFiles', { params: { contractId } }),
      ) ?? []
    );
  }
  async linkFiles(
    contractId: number,
    category: ContractFileRecord['category'],
    fileIds: string[],
  ): Promise<void> {
    await this.http.post('/project/contract/uploadContractFiles', {
      contractId,
      category,
      fileIds,
    });
  }
  async unlinkFile(contractFileId: number): Promise<void> {
    await this.http.get('/project/contract/deleteContractFile', { params: { contractFileId } });
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
