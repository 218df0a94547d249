import type { ApprovalSheetPrint } from '@dpms/core';

/** Printed once at boot: a small Chinese sheet, so fonts, layout and the PDF path are warm. */
export const WARM_PAYLOAD: ApprovalSheetPrint = {
  kind: 'approvalSheet',
  title: '打印服务预热',
  approvalNo: '0',
  creatorName: '系统',
  createTime: '2026-01-01 00:00:00',
  statusText: '已通过',
  fields: [{ label: '说明', value: '启动时打印一次，使字体与打印路径就绪' }],
  approval: {
    approvalDetailBO: {
      creatorSignUrl: null,
      approvalNodeList: [],
      unApprovalList: [],
      currentNodeName: '',
    },
    attachmentList: [],
    sealImagesList: [],
    imgFiles: [],
    currentSignRecord: null,
  },
};
