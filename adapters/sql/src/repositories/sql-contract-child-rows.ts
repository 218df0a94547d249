/** The sub-contract and pay item rows as core's records. */
import {
  personNameOf,
  MoneyDecimal,
  toAmountString,
  type ChildPay,
  type ContractChild,
} from '@dpms/core';

export const amount = (v: string | null | undefined): string =>
  v === null || v === undefined ? '0' : toAmountString(new MoneyDecimal(v));

export type ChildRow = {
  contract_child_id: number;
  contract_id: number;
  contract_child_no: string;
  child_type: number;
  payment_method: string;
  content: string;
  receive_company_name: string;
  total_amount: string;
  tax_rate: string;
  history: boolean;
  status: number;
  live_status?: number;
  approval_id: number | null;
  version: number;
  dept_id: number | null;
  user_id: number;
  create_by: string;
  create_by_name?: string | null;
  create_time: Date;
  update_time: Date;
};

export const toChild = (r: ChildRow): ContractChild => ({
  contractChildId: r.contract_child_id,
  contractId: r.contract_id,
  contractChildNo: r.contract_child_no,
  childType: r.child_type as ContractChild['childType'],
  paymentMethod: r.payment_method,
  content: r.content,
  receiveCompanyName: r.receive_company_name,
  totalAmount: amount(r.total_amount),
  history: r.history,
  status: Number(r.live_status ?? r.status) as ContractChild['status'],
  taxRate: toAmountString(new MoneyDecimal(r.tax_rate)),
  approvalId: r.approval_id === null ? null : String(r.approval_id),
  version: r.version,
  deptId: r.dept_id,
  userId: r.user_id,
  createBy: r.create_by,
  createByName: personNameOf(r.create_by, r.create_by_name),
  createTime: r.create_time,
  updateTime: r.update_time,
});

export type PayRow = {
  pay_id: number;
  contract_child_id: number;
  pay_amount: string;
  tax_rate: string;
  real_pay_amount: string;
  pay_date: string | null;
  remark: string;
  files: unknown;
  create_time: Date;
};

export const toPay = (r: PayRow): ChildPay => ({
  files: (typeof r.files === 'string' ? JSON.parse(r.files) : (r.files ?? [])) as string[],
  payId: r.pay_id,
  contractChildId: r.contract_child_id,
  payAmount: amount(r.pay_amount),
  taxRate: toAmountString(new MoneyDecimal(r.tax_rate)),
  realPayAmount: amount(r.real_pay_amount),
  payDate: r.pay_date,
  remark: r.remark,
  createTime: r.create_time,
});
