import type { ColumnType, Generated } from 'kysely';

type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** numeric(18,6): read as a decimal string, written as one. */
type Numeric = ColumnType<string, string, string>;
type Time = ColumnType<Date, Date | string | undefined, Date | string>;

export interface ContractFinishConfirmTable {
  id: Generated<number>;
  contract_id: number;
  task_id: number;
  confirm_finish_amount: Numeric;
  before_amount: Numeric;
  after_amount: Numeric;
  remark: Defaulted<string>;
  user_id: number;
  user_name: Defaulted<string>;
  create_time: Time;
  update_time: Time;
  del_flag: Defaulted<string>;
}

export interface ContractFinishFileTable {
  finish_file_id: Generated<number>;
  contract_id: number;
  file_id: string;
  file_name: string;
  size: ColumnType<string | number, number | undefined, number>;
  user_id: number;
  create_by: Defaulted<string>;
  create_time: Time;
  del_flag: Defaulted<string>;
}

export interface ContractFinishTable {
  contract_id: number;
  finish_time: Time;
  finish_user_id: number;
  finish_by: Defaulted<string>;
}

/** The tables of migration 0075_contract_finish. */
export interface FinishTables {
  contract_finish_confirm: ContractFinishConfirmTable;
  contract_finish_file: ContractFinishFileTable;
  contract_finish: ContractFinishTable;
}
