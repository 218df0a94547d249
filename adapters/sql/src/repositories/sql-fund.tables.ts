import type { ColumnType, Generated } from 'kysely';

type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** numeric(18,6): read as a decimal string, written as one. */
type Numeric = ColumnType<string, string | undefined, string>;
type DateText = ColumnType<string, string, string>;
type Time = ColumnType<Date, Date | string | undefined, Date | string>;

export interface BackMoneyTable {
  back_money_id: Generated<number>;
  contract_id: number;
  back_amount: Numeric;
  back_date: DateText;
  remark: Defaulted<string>;
  dept_id: number | null;
  user_id: number;
  create_by: Defaulted<string>;
  version: Defaulted<number>;
  create_time: Time;
  update_time: Time;
  del_flag: Defaulted<string>;
}

export interface BackMoneyAllotTable {
  allot_id: Generated<number>;
  back_money_id: number;
  contract_id: number;
  dept_id: number;
  task_id: number | null;
  allot_amount: string;
  remark: Defaulted<string>;
  allot_version: Defaulted<number>;
  create_by: Defaulted<string>;
  create_time: Time;
}

export interface FundLoanTable {
  loan_id: Generated<number>;
  loan_dept_id: number;
  contract_id: number | null;
  task_id: number | null;
  loan_amount: string;
  repaid_amount: Numeric;
  refund_date: DateText;
  reason: Defaulted<string>;
  total_should_receive_amt: Numeric;
  total_receive_amt: Numeric;
  total_allot_confirm_amt: Numeric;
  status: Defaulted<number>;
  approval_id: number | null;
  user_id: number;
  create_by: Defaulted<string>;
  version: Defaulted<number>;
  create_time: Time;
  update_time: Time;
  approved_time: Date | string | null;
  del_flag: Defaulted<string>;
}

export interface FundRepaymentTable {
  repayment_id: Generated<number>;
  loan_id: number;
  repayment_amount: string;
  repayment_date: DateText;
  remark: Defaulted<string>;
  user_id: number;
  create_by: Defaulted<string>;
  create_time: Time;
}

export interface FundBalanceTable {
  account_kind: string;
  account_id: number;
  balance: Numeric;
  update_time: Time;
}

export interface FundLedgerTable {
  entry_id: ColumnType<string, never, never>;
  movement_id: string;
  movement: string;
  account_kind: string;
  account_id: number;
  amount: string;
  back_money_id: number | null;
  allot_id: number | null;
  loan_id: number | null;
  repayment_id: number | null;
  dept_id: number | null;
  contract_id: number | null;
  task_id: number | null;
  create_by: Defaulted<string>;
  create_time: Time;
}

export interface FundTables {
  back_money: BackMoneyTable;
  back_money_allot: BackMoneyAllotTable;
  fund_loan: FundLoanTable;
  fund_repayment: FundRepaymentTable;
  fund_balance: FundBalanceTable;
  fund_ledger: FundLedgerTable;
}
