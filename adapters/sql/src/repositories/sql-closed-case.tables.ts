import type { ColumnType, Generated } from 'kysely';

type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** numeric(18,6): read as a decimal string, written as one. */
type Numeric = ColumnType<string, string | undefined, string>;
type Time = ColumnType<Date, Date | string | undefined, Date | string>;

export interface ContractClosedCaseTable {
  closed_id: Generated<number>;
  kind: 'settle' | 'closed';
  contract_id: number;
  closed_case_amount: Numeric;
  back_amount: Numeric;
  settle_amount: Numeric;
  orig_direct_fee: Numeric;
  orig_technical_fee: Numeric;
  orig_expert_fee: Numeric;
  orig_operate_fee: Numeric;
  orig_design_fee: Numeric;
  direct_fee: Numeric;
  technical_fee: Numeric;
  expert_fee: Numeric;
  operate_fee: Numeric;
  design_fee: Numeric;
  remark: Defaulted<string>;
  status: Defaulted<number>;
  approval_id: number | null;
  approved_time: Date | null;
  dept_id: number | null;
  user_id: number;
  create_by: Defaulted<string>;
  version: Defaulted<number>;
  create_time: Time;
  update_time: Time;
  del_flag: Defaulted<string>;
}

/** The tables of migration 0070_closed_case. */
export interface ClosedCaseTables {
  contract_closed_case: ContractClosedCaseTable;
}
