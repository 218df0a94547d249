import type { LoanRecord } from '../fund.js';

/** A loan (`loanRecord`): 1, 建筑一所, 5 万元, a draft. */
export const aLoanRecord = (over: Partial<LoanRecord> = {}): LoanRecord => ({
  loanId: 1,
  loanDeptId: 110,
  loanDeptName: '建筑一所',
  contractId: null,
  taskId: null,
  loanAmount: '5',
  repaidAmount: '0',
  outstandingAmount: '5',
  refundDate: '2024-12-31',
  reason: '',
  totalShouldReceAmt: '0',
  totalReceiveAmt: '0',
  totalAllotConfirmAmt: '0',
  status: 0,
  statusName: '草稿',
  approvalId: null,
  userId: 1,
  createBy: 'admin',
  createByName: '管理员',
  createTime: '2024-06-01T00:00:00.000Z',
  approvedTime: null,
  version: 0,
  ...over,
});
