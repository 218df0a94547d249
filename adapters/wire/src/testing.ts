import { CONTRACT_DOC_FIELD_NAMES } from '@dpms/core';
import type { ArchiveBorrowRecord, ArchiveListRecord, ArchiveLogRecord } from './archives.js';
import type { ContractDocumentWireRecord } from './contract-document.js';
import type { ContractRecord } from './contract.js';
import type { LixiangRecord } from './lixiang.js';
import type { ChildPayRecord, ContractChildRow, ExtendSubContractRow } from './sub-contract.js';

/*
 * Wire records as the API answers them, for the tests of every client (http-client gateways, web
 * screens): one builder per record, so a change of the wire shape changes one place. Each takes
 * the fields a test cares about; the rest are plain valid values the wire schemas accept.
 */

/** A contract (`contractRecord`): 41, 滨江新城规划设计合同, in review. */
export const aContractRecord = (over: Partial<ContractRecord> = {}): ContractRecord => {
  const contractId = over.contractId ?? 41;
  return {
    contractId,
    stage: 'contract',
    stageName: '合同（待审）',
    status: 0,
    statusName: '审批中',
    effective: '1',
    convertedFrom: null,
    approvalId: '900',
    projectName: '滨江新城',
    contractName: '滨江新城规划设计合同',
    entrustBusinessName: '',
    contractNo: '',
    signByMain: '甲',
    signBySub: '乙',
    subBankName: '',
    bizSource: '1',
    bizSourceName: '市场',
    location: '',
    serviceManagerId: null,
    serviceManagerName: '',
    planArea: '0',
    buildArea: '0',
    sceneryArea: '0',
    indoorArea: '0',
    totalAmount: '100',
    receiveAmount: '0',
    cleanAmount: '100',
    realAmount: '100',
    realAmountRate: '',
    bizType: '',
    bizTypeName: '',
    entrustTask: '',
    entrustList: [],
    termsContent: '',
    specialTerms: '',
    instructions: '',
    performContent: '',
    trackRecord: '',
    signDate: '2024-05-01',
    files: [],
    contractFiles: [],
    pdfUrl: `/prod-api/pdf/contract/${String(contractId)}`,
    directFee: '0',
    technicalFee: '5',
    expertFee: '2',
    operateFee: '3',
    designFee: '90',
    settleAmount: '0',
    closedCaseAmount: '0',
    backAmount: '0',
    feeRates: {},
    version: 1,
    deptId: 3,
    userId: 5,
    createBy: 'zhjy',
    createByName: '赵经营',
    createTime: '2026-01-02T03:04:05.000Z',
    updateTime: '2026-01-02T03:04:05.000Z',
    ...over,
  };
};

/** A project filing (`lixiangRecord`): 7, 滨江新城, a draft. */
export const aLixiangRecord = (over: Partial<LixiangRecord> = {}): LixiangRecord => ({
  lxId: 7,
  contractId: null,
  lxNo: 'LX-7',
  projectName: '滨江新城',
  bizSource: '1',
  bizSourceName: '市场',
  totalAmount: '100',
  cleanAmount: '100',
  realAmount: '100',
  directFee: '0',
  technicalFee: '5',
  expertFee: '2',
  operateFee: '3',
  designFee: '90',
  feeRates: {},
  remark: '',
  history: false,
  status: -1,
  statusName: '待提交',
  approvalId: null,
  version: 0,
  deptId: 3,
  userId: 5,
  createBy: 'zhjy',
  createByName: '赵经营',
  createTime: '2026-01-02T03:04:05.000Z',
  updateTime: '2026-01-02T03:04:05.000Z',
  ...over,
});

/** A sub-contract list row (`contractChildRow`): 11 of contract 41, nothing paid yet. */
export const aContractChildRow = (over: Partial<ContractChildRow> = {}): ContractChildRow => ({
  contractChildId: 11,
  contractId: 41,
  contractChildNo: 'FB-11',
  childType: 2,
  childTypeName: '技术服务费',
  paymentMethod: '按进度付款',
  content: '',
  receiveCompanyName: '城建设计所',
  totalAmount: '10',
  taxRate: '0.06',
  history: false,
  status: 2,
  statusName: '已审批',
  approvalId: '901',
  version: 0,
  deptId: 3,
  userId: 5,
  createBy: 'zhjy',
  createByName: '赵经营',
  createTime: '2026-01-02T03:04:05.000Z',
  contractName: '滨江新城规划设计合同',
  paidAmount: '0',
  payItemsAmount: '0',
  extendAmount: '0',
  canPayAmount: '10',
  ...over,
});

/** A pay item (`childPayRecord`) of sub-contract 11. */
export const aChildPayRecord = (over: Partial<ChildPayRecord> = {}): ChildPayRecord => ({
  payId: 21,
  contractChildId: 11,
  payAmount: '2',
  taxRate: '0.06',
  realPayAmount: '2',
  payDate: '2026-01-02',
  remark: '',
  files: [],
  createTime: '2026-01-02T03:04:05.000Z',
  ...over,
});

/** An extended sub-contract row (`extendSubContractRow`) of sub-contract 11. */
export const anExtendSubContractRow = (
  over: Partial<ExtendSubContractRow> = {},
): ExtendSubContractRow => ({
  extendId: 31,
  contractChildId: 11,
  contractId: 41,
  extendNo: 'BC-31',
  content: '增加景观设计',
  reason: '',
  extendAmount: '3',
  signDate: '2026-01-02',
  files: [],
  version: 0,
  deptId: 3,
  userId: 5,
  createBy: 'zhjy',
  createByName: '赵经营',
  createTime: '2026-01-02T03:04:05.000Z',
  updateTime: '2026-01-02T03:04:05.000Z',
  contractChildNo: 'FB-11',
  childType: 2,
  childTypeName: '技术服务费',
  receiveCompanyName: '城建设计所',
  childTotalAmount: '10',
  contractName: '滨江新城规划设计合同',
  ...over,
});

/** A catalogue row (`archiveListRecord`): archive 1, 竣工图, readable, registered by user 6. */
export const anArchiveRow = (over: Partial<ArchiveListRecord> = {}): ArchiveListRecord => {
  const archiveId = over.archiveId ?? 1;
  const canRead = over.canRead ?? true;
  return {
    archiveId,
    archiveName: `档案${String(archiveId)}`,
    archiveNo: `DA-${String(archiveId)}`,
    contractId: null,
    projectName: '示范项目',
    fileId: canRead ? 'f'.repeat(32) : '',
    fileName: canRead ? '竣工图.pdf' : '',
    allowViewUserIds: [],
    memo: '二号柜',
    deptId: 100,
    userId: 6,
    createBy: 'zgcs',
    createByName: '张工程师',
    createTime: null,
    downloadUrl: canRead ? `/project/archives/file?archiveId=${String(archiveId)}` : '',
    canRead,
    ...over,
  };
};

/** A log entry (`archiveLogRecord`): zhjy viewed archive 1. */
export const anArchiveLog = (over: Partial<ArchiveLogRecord> = {}): ArchiveLogRecord => ({
  logId: 1,
  archiveId: 1,
  action: 'view',
  actionName: '查看',
  userId: 10,
  userName: 'zhjy',
  nickName: '张经营',
  createTime: null,
  ...over,
});

/** A borrowing (`borrowRecord`): 5, zhjy borrows archive 2, approved and within its period. */
export const aBorrowRecord = (over: Partial<ArchiveBorrowRecord> = {}): ArchiveBorrowRecord => ({
  borrowId: 5,
  archiveId: 2,
  archiveName: '档案2',
  archiveNo: 'DA-2',
  projectName: '示范项目',
  userId: 10,
  userName: 'zhjy',
  nickName: '张经营',
  deptId: 100,
  purpose: '复核',
  startDate: '2026-11-22',
  endDate: '2026-11-28',
  pledge: '承诺',
  status: 1,
  statusName: '审批通过',
  state: 'borrowed',
  stateName: '借阅中',
  approvalId: '9',
  approvedTime: null,
  returnedTime: null,
  returnedBy: '',
  createTime: null,
  ...over,
});

/** A stored contract document (`contractDocumentRecord`): 5, type 1, a draft. */
export const aContractDocument = (
  over: Partial<ContractDocumentWireRecord> = {},
): ContractDocumentWireRecord => ({
  ...(Object.fromEntries(CONTRACT_DOC_FIELD_NAMES.map((n) => [n, ''])) as Record<
    (typeof CONTRACT_DOC_FIELD_NAMES)[number],
    string
  >),
  documentId: 5,
  docType: 1,
  docTypeName: '技术咨询合同',
  contractId: '',
  contractName: '滨江花园二期技术咨询合同',
  totalAmount: '12',
  status: -1,
  statusName: '待提交',
  editable: true,
  approvalId: null,
  version: 1,
  deptId: 100,
  userId: 6,
  createBy: '李项目',
  createByName: '李项目',
  createTime: '2026-11-20T02:00:00.000Z',
  updateTime: '2026-11-20T02:00:00.000Z',
  ...over,
});
export { aLoanRecord } from './testing/fund-records.js';
export { anInvoiceRecord } from './testing/account-records.js';
export { aTaskRecord } from './testing/task-records.js';
