/** Messages of the API's printing calls (Simplified Chinese). */
export const PRINT_MESSAGES = {
  unreachable: (url: string) =>
    `打印服务未启动或无法连接（${url}），暂时无法生成 PDF，请稍后重试或联系管理员启动打印服务`,
  failed: (status: number) => `打印服务返回错误（${status}），暂时无法生成 PDF`,
  noApproval: '该合同文本尚未提交审批，没有审批单',
  documentNotFound: '合同文本不存在或无权访问',
  noDocument: '该合同还没有合同文本，或无权查看',
} as const;
