import type { ColumnType, Generated } from 'kysely';

type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** numeric(18,6): read as a decimal string, written as one. */
type Numeric = ColumnType<string, string | undefined, string>;
type DateText = ColumnType<string, string, string>;
type Time = ColumnType<Date, Date | string | undefined, Date | string>;

interface Audit {
  dept_id: number | null;
  user_id: number;
  create_by: Defaulted<string>;
  version: Defaulted<number>;
  create_time: Time;
  update_time: Time;
  del_flag: Defaulted<string>;
}

export interface ContractAccountTable extends Audit {
  account_id: Generated<number>;
  contract_id: number;
  party: string;
  account_name: string;
  bank_name: string;
  account_no: string;
  tax_no: Defaulted<string>;
  remark: Defaulted<string>;
}

export interface FinanceInvoiceTable extends Audit {
  invoice_id: Generated<number>;
  contract_id: number;
  invoice_amount: string;
  invoice_type: string;
  invoice_purpose: Defaulted<string>;
  invoice_title: string;
  tax_no: Defaulted<string>;
  invoice_date: DateText;
  remark: Defaulted<string>;
  status: Defaulted<number>;
  approval_id: number | null;
  approved_time: Date | string | null;
}

export interface EmployeeCostTable {
  cost_id: Generated<number>;
  employee_id: number;
  employee_name: Defaulted<string>;
  dept_id: number;
  cost_month: string;
  salary: Numeric;
  social_insurance: Numeric;
  housing_fund: Numeric;
  other_cost: Numeric;
  total_cost: Numeric;
  remark: Defaulted<string>;
  user_id: number;
  create_by: Defaulted<string>;
  version: Defaulted<number>;
  create_time: Time;
  update_time: Time;
  del_flag: Defaulted<string>;
}

/** The tables of migrations 0067_account and 0068_employee_cost. */
export interface AccountTables {
  contract_account: ContractAccountTable;
  finance_invoice: FinanceInvoiceTable;
  employee_cost: EmployeeCostTable;
}
