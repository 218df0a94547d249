import type { ColumnType, Generated } from 'kysely';

type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** numeric(18,6): read as a decimal string, written as one. */
type Numeric = ColumnType<string, string | undefined, string>;
type Time = ColumnType<Date, Date | string | undefined, Date | string>;

export interface FundPlanTable {
  id: Generated<number>;
  dept_id: number;
  plan_month: string;
  status: Defaulted<number>;
  total_amount: Numeric;
  income_amount: Numeric;
  rigid_amount: Numeric;
  loan_amount: Numeric;
  payment_amount: Numeric;
  reserve_amount: Numeric;
  confirm_amount: Numeric;
  executed_amount: Numeric;
  reason: Defaulted<string>;
  remark: Defaulted<string>;
  approval_id: number | null;
  approval_kind: string | null;
  approved_time: Date | string | null;
  user_id: number;
  create_by: Defaulted<string>;
  version: Defaulted<number>;
  create_time: Time;
  update_time: Time;
  del_flag: Defaulted<string>;
}

export interface FundPlanLineTable {
  line_id: Generated<number>;
  plan_id: number;
  line_kind: string;
  subject_name: string;
  contract_id: number | null;
  amount: Numeric;
  payback_rate: string | null;
  allot_amount: string | null;
  executed_amount: Numeric;
  remark: Defaulted<string>;
  sort_no: Defaulted<number>;
}

export interface FundPerformTable {
  id: Generated<number>;
  plan_id: number;
  dept_id: number;
  plan_month: string;
  status: Defaulted<number>;
  over_plan: Defaulted<boolean>;
  line_kind: Defaulted<string>;
  total_amount: Numeric;
  perform_date: string;
  reason: Defaulted<string>;
  remark: Defaulted<string>;
  approval_id: number | null;
  approval_kind: string | null;
  approved_time: Date | string | null;
  user_id: number;
  create_by: Defaulted<string>;
  version: Defaulted<number>;
  create_time: Time;
  update_time: Time;
  del_flag: Defaulted<string>;
}

export interface FundPerformLineTable {
  perform_line_id: Generated<number>;
  perform_id: number;
  plan_line_id: number;
  amount: string;
  remark: Defaulted<string>;
}

/** The tables of migration 0061_fund_plan. */
export interface FundPlanTables {
  fund_plan: FundPlanTable;
  fund_plan_line: FundPlanLineTable;
  fund_perform: FundPerformTable;
  fund_perform_line: FundPerformLineTable;
}
