import type { ColumnType, Generated } from 'kysely';

type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** numeric: read as a decimal string, written as one. */
type Numeric = ColumnType<string, string, string>;
type Time = ColumnType<Date, Date | string | undefined, Date | string>;

export interface PaymentPlanTable {
  payment_plan_id: Generated<number>;
  contract_id: number;
  contract_child_id: number | null;
  dept_id: number | null;
  plan_month: string;
  subject_name: Defaulted<string>;
  receive_company_name: Defaulted<string>;
  plan_pay_amount: Numeric;
  remark: Defaulted<string>;
  user_id: number;
  create_by: Defaulted<string>;
  version: Defaulted<number>;
  create_time: Time;
  update_time: Time;
  del_flag: Defaulted<string>;
}

export interface FundPayTable {
  pay_id: Generated<number>;
  payment_plan_id: number | null;
  child_pay_id: number | null;
  contract_id: number;
  contract_child_id: number | null;
  dept_id: number | null;
  plan_month: string;
  subject_name: Defaulted<string>;
  reason: Defaulted<string>;
  pay_time: ColumnType<string | null, string | null | undefined, string | null>;
  pay_company_name: Defaulted<string>;
  receive_company_name: Defaulted<string>;
  pay_amount: Numeric;
  tax_rate: Numeric;
  real_pay_amount: Numeric;
  type_code: string;
  status: Defaulted<number>;
  approval_id: number | null;
  paid_time: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  remark: Defaulted<string>;
  user_id: number;
  create_by: Defaulted<string>;
  version: Defaulted<number>;
  create_time: Time;
  update_time: Time;
  del_flag: Defaulted<string>;
}

/** The fund payment tables (0064), merged into the one Database interface. */
export interface FundPayTables {
  payment_plan: PaymentPlanTable;
  fund_pay: FundPayTable;
}
