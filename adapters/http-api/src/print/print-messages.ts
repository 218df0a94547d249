/** Messages of the API's printing calls (Simplified Chinese). */
export const PRINT_MESSAGES = {
  unreachable: (url: string) =>
    `打印服务未启动或无法连接（${url}），暂时无法生成 PDF，请稍后重试或联系管理员启动打印服务`,
  failed: (status: number) => `打印服务返回错误（${status}），暂时无法生成 PDF`,
  noApproval: '该合同文本尚未提交审批，没有审批单',
  documentNotFound: '合同文本不存在或无权访问',
  noDocument: '该合同还没有合同文本，或无权查看',
  contractNotFormal: (stage: string, status: string) =>
    `只有审批通过的正式合同可以打印 PDF，该合同当前为“${stage}”（${status}）`,
  contractNotFound: '合同不存在、已被删除或没有权限访问',
  contractWithoutApproval: '该正式合同为补录的历史合同，没有审批单，无法打印 PDF',
} as const;
