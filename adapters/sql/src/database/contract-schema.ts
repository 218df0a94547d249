import type { ColumnType, Generated } from 'kysely';

type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** numeric(18,6): read as a decimal string, written as one. */
type Numeric = ColumnType<string, string | undefined, string>;
type Json = ColumnType<unknown, string | undefined, string>;

export interface ContractTable {
  contract_id: Generated<number>;
  stage: 'stay' | 'declare' | 'contract' | 'formal';
  status: Defaulted<number>;
  effective: Defaulted<boolean>;
  converted_from: 'stay' | 'declare' | null;
  approval_id: number | null;
  project_name: string;
  contract_name: string;
  entrust_business_name: Defaulted<string>;
  contract_no: Defaulted<string>;
  sign_by_main: Defaulted<string>;
  sign_by_sub: Defaulted<string>;
  sub_bank_name: Defaulted<string>;
  biz_source: string;
  location: Defaulted<string>;
  service_manager_id: number | null;
  service_manager_name: Defaulted<string>;
  plan_area: Numeric;
  build_area: Numeric;
  scenery_area: Numeric;
  indoor_area: Numeric;
  total_amount: Numeric;
  receive_amount: Numeric;
  clean_amount: Numeric;
  real_amount: Numeric;
  real_amount_rate: Defaulted<string>;
  direct_fee: Numeric;
  technical_fee: Numeric;
  expert_fee: Numeric;
  operate_fee: Numeric;
  design_fee: Numeric;
  settle_amount: Numeric;
  closed_case_amount: Numeric;
  back_amount: Numeric;
  fee_rates: Json;
  biz_type: Defaulted<string>;
  entrust_task: Defaulted<string>;
  entrust_list: Json;
  terms_content: Defaulted<string>;
  special_terms: Defaulted<string>;
  instructions: Defaulted<string>;
  perform_content: Defaulted<string>;
  track_record: Defaulted<string>;
  sign_date: string | null;
  files: Json;
  contract_files: Json;
  /** The contract change (28_1) in approval, which locks the contract; null when none. */
  change_id: ColumnType<number | null, number | null | undefined, number | null>;
  version: Defaulted<number>;
  dept_id: number | null;
  user_id: number;
  create_by: Defaulted<string>;
  create_time: Defaulted<Date>;
  update_time: Defaulted<Date>;
  del_flag: Defaulted<'0' | '2'>;
}

export interface ContractHistoryTable {
  history_id: Generated<number>;
  record_kind: string;
  record_id: number;
  action: string;
  changes: Json;
  user_id: number;
  user_name: Defaulted<string>;
  at: Defaulted<Date>;
}

export interface LixiangTable {
  lx_id: Generated<number>;
  contract_id: number | null;
  lx_no: Defaulted<string>;
  project_name: string;
  biz_source: string;
  total_amount: Numeric;
  clean_amount: Numeric;
  real_amount: Numeric;
  direct_fee: Numeric;
  technical_fee: Numeric;
  expert_fee: Numeric;
  operate_fee: Numeric;
  design_fee: Numeric;
  fee_rates: Json;
  content: Json;
  history: Defaulted<boolean>;
  status: Defaulted<number>;
  approval_id: number | null;
  version: Defaulted<number>;
  dept_id: number | null;
  user_id: number;
  create_by: Defaulted<string>;
  create_time: Defaulted<Date>;
  update_time: Defaulted<Date>;
  del_flag: Defaulted<'0' | '2'>;
}

export interface ContractChildTable {
  contract_child_id: Generated<number>;
  contract_id: number;
  contract_child_no: Defaulted<string>;
  child_type: number;
  payment_method: Defaulted<string>;
  content: Defaulted<string>;
  receive_company_name: Defaulted<string>;
  total_amount: Numeric;
  tax_rate: ColumnType<string, string | undefined, string>;
  history: Defaulted<boolean>;
  status: Defaulted<number>;
  approval_id: number | null;
  version: Defaulted<number>;
  dept_id: number | null;
  user_id: number;
  create_by: Defaulted<string>;
  create_time: Defaulted<Date>;
  update_time: Defaulted<Date>;
  del_flag: Defaulted<'0' | '2'>;
}

export interface ContractChildPayTable {
  pay_id: Generated<number>;
  contract_child_id: number;
  pay_amount: Numeric;
  tax_rate: Numeric;
  real_pay_amount: Numeric;
  pay_date: string | null;
  remark: Defaulted<string>;
  files: Json;
  user_id: number;
  create_time: Defaulted<Date>;
  update_time: Defaulted<Date>;
  del_flag: Defaulted<'0' | '2'>;
}

/** A file linked to a contract (migration 0031). */
export interface ContractFileTable {
  contract_file_id: Generated<number>;
  contract_id: number;
  category: 'contract' | 'government' | 'design';
  file_id: string;
  file_name: string;
  size: ColumnType<string | number, string | number | undefined, string | number>;
  remark: Defaulted<string>;
  user_id: number;
  create_by: Defaulted<string>;
  create_time: Defaulted<Date>;
  del_flag: Defaulted<'0' | '2'>;
}

export interface ExtendSubContractTable {
  extend_id: Generated<number>;
  contract_child_id: number;
  contract_id: number;
  extend_no: Defaulted<string>;
  content: Defaulted<string>;
  reason: Defaulted<string>;
  extend_amount: Numeric;
  sign_date: string | null;
  files: Json;
  version: Defaulted<number>;
  dept_id: number | null;
  user_id: number;
  create_by: Defaulted<string>;
  create_time: Defaulted<Date>;
  update_time: Defaulted<Date>;
  del_flag: Defaulted<'0' | '2'>;
}

export interface ContractChangeTable {
  change_id: Generated<number>;
  contract_id: number;
  proposed: Json;
  previous: Json;
  reason: Defaulted<string>;
  status: Defaulted<number>;
  approval_id: number | null;
  user_id: number;
  create_by: Defaulted<string>;
  create_time: Defaulted<Date>;
  update_time: Defaulted<Date>;
}

/** A filing change (12_x, migration 0101): like a contract change, for a 立项 filing. */
export interface LixiangChangeTable {
  change_id: Generated<number>;
  lx_id: number;
  proposed: Json;
  previous: Json;
  reason: Defaulted<string>;
  status: Defaulted<number>;
  approval_id: number | null;
  user_id: number;
  create_by: Defaulted<string>;
  create_time: Defaulted<Date>;
  update_time: Defaulted<Date>;
}

/** The contract tables (migrations 0030_contracts, 0031_contract_files_changes). */
export interface ContractTables {
  contract_file: ContractFileTable;
  extend_sub_contract: ExtendSubContractTable;
  contract_change: ContractChangeTable;
  contract: ContractTable;
  contract_history: ContractHistoryTable;
  lixiang: LixiangTable;
  lixiang_change: LixiangChangeTable;
  contract_child: ContractChildTable;
  contract_child_pay: ContractChildPayTable;
}
