import {
  CONTRACT_DOC_TITLES,
  EMPTY_CONTRACT_DOC_VALUES,
  type ApprovalDetail,
  type ApprovalSheetPrint,
  type ContractDocType,
  type ContractDocumentPrint,
  type ContractDocValues,
} from '@dpms/core';
import { signatureDataUrl } from './signature-png.js';

/** The three signers of the samples: node, name, opinion and time. */
export const SAMPLE_SIGNERS = [
  {
    nodeId: '1',
    nodeName: '部门负责人',
    name: '王建国',
    opinion: '同意',
    time: '2026-03-02T09:15:00+08:00',
  },
  {
    nodeId: '2',
    nodeName: '经营部负责人',
    name: '李明远',
    opinion: '同意签订',
    time: '2026-03-02T14:40:00+08:00',
  },
  {
    nodeId: '3',
    nodeName: '总经理',
    name: '赵志强',
    opinion: '同意',
    time: '2026-03-03T10:05:00+08:00',
  },
] as const;

/**
 * An approval whose three nodes have signed, with signature images inline. The signer's name and
 * time ride on each row as `approvalUserName` and `approvalTime`, which the print page shows.
 */
export const signedApproval = (): ApprovalDetail => ({
  approvalDetailBO: {
    creatorSignUrl: signatureDataUrl(0),
    approvalNodeList: SAMPLE_SIGNERS.map((s, i) => ({
      nodeId: s.nodeId,
      nodeName: s.nodeName,
      content: s.opinion,
      approvalUserSignUrl: signatureDataUrl(i + 1),
      approvalUserName: s.name,
      approvalTime: s.time,
    })),
    unApprovalList: [],
    currentNodeName: '',
  },
  attachmentList: [],
  sealImagesList: [],
  imgFiles: [],
  currentSignRecord: null,
});

const PARTIES: Partial<ContractDocValues> = {
  signBySub: '华东建筑设计研究院有限公司',
  subAddress: '上海市黄浦区汉口路151号',
  subTaxpayerNum: '913100001322',
  subOpenBank: '中国工商银行上海分行',
  subOpenBankNum: '1001234509876543',
  subPhone: '021-63217420',
  signByMain: '杭州青松工程咨询有限公司',
  mainAddress: '杭州市西湖区文三路90号',
  mainPhone: '0571-88886666',
  mainOpenBank: '招商银行杭州分行',
  mainOpenBankNum: '5719001234567',
};

const PROJECT_NAME = '滨江新城综合体';

/** Sample values for each type: both parties, a project (not type 8), an amount and its date. */
export const SAMPLE_VALUES: Readonly<Record<ContractDocType, Partial<ContractDocValues>>> = {
  1: { projectChildName: '地下车库', totalAmount: '12.3456' },
  2: {
    projectChildName: '商业裙房',
    fwContent: '施工图审查配合及现场技术服务',
    totalAmount: '8.5',
  },
  3: { fwContent: '幕墙结构专项评审', designStage: '方案设计,初步设计', totalAmount: '3.2' },
  6: { projectChildName: '办公塔楼', majorName: '结构', majorId: '3', totalAmount: '20.0005' },
  7: {
    fwContent: '效果图',
    projectResultContent: '鸟瞰效果图及夜景效果图各一张',
    totalNum: '6',
    totalAmount: '1.25',
  },
  8: {
    fwContent: 'BIM正向设计培训',
    mainTaxpayerNum: '91330106MA2',
    totalAmount: '6.8',
    withinAmount: '3.4',
    withinDay: '15',
    startTime: '2026-04-01',
    endTime: '2026-06-30',
  },
};

export function contractPayload(
  type: ContractDocType,
  approval: ApprovalDetail | null = signedApproval(),
): ContractDocumentPrint {
  const withProject =
    type === 8
      ? {}
      : {
          projectName: PROJECT_NAME,
          contractId: '42',
          designStage: '施工图设计',
          designStageId: '7',
        };
  const values: ContractDocValues = {
    ...EMPTY_CONTRACT_DOC_VALUES,
    ...PARTIES,
    ...withProject,
    signDate: '2026-03-01',
    ...SAMPLE_VALUES[type],
  };
  const base = type === 8 ? (values.fwContent ?? '') : PROJECT_NAME;
  const contractName = `${base}${CONTRACT_DOC_TITLES[type]}`;
  return {
    kind: 'contractDocument',
    type,
    contractName,
    values: { ...values, contractName },
    approval,
    drafter: { name: '王经营', time: '2026-03-01 09:30' },
    sealImages: [],
  };
}

export const approvalSheetPayload = (): ApprovalSheetPrint => ({
  kind: 'approvalSheet',
  title: '合同评审审批单',
  approvalNo: '20260302001',
  creatorName: '陈晓东',
  createTime: '2026-03-02 08:30:00',
  statusText: '已通过',
  fields: [
    { label: '合同名称', value: `${PROJECT_NAME}技术咨询合同` },
    { label: '合同金额（万元）', value: '12.3456' },
    { label: '乙方', value: '杭州青松工程咨询有限公司' },
    { label: '评审意见', value: '合同条款完整，金额与报价一致，同意签订。' },
  ],
  approval: signedApproval(),
});
