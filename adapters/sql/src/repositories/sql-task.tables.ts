import type { ColumnType, Generated } from 'kysely';

type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** numeric(18,6): read as a decimal string, written as one. */
type Numeric = ColumnType<string, string | undefined, string>;
type Json = ColumnType<unknown, string | undefined, string>;

export interface DesignTaskTable {
  task_id: Generated<number>;
  contract_id: number;
  task_no: string;
  task_name: string;
  sub_item_name: Defaulted<string>;
  task_result_name: Defaulted<string>;
  design_stage_id: string;
  design_stage_name: Defaulted<string>;
  quality_type: Defaulted<string>;
  design_user_id: number;
  project_manager_id: number;
  plan_finish_date: ColumnType<string, string, string>;
  remark: Defaulted<string>;
  task_amount: Numeric;
  confirm_finish_amount: Numeric;
  major_list: Json;
  confirmed: Defaulted<number>;
  history: Defaulted<boolean>;
  finished: Defaulted<boolean>;
  approval_status: Defaulted<number>;
  approval_id: Defaulted<number | null>;
  dept_id: number | null;
  user_id: number;
  create_by: Defaulted<string>;
  version: Defaulted<number>;
  create_time: Defaulted<Date>;
  update_time: Defaulted<Date>;
  del_flag: Defaulted<'0' | '2'>;
}

export interface DesignTaskSignFlowTable {
  flow_id: Generated<number>;
  task_id: number;
  flow_name: string;
  order_no: number;
  deal_user_id: number;
  deal_content: string | null;
  deal_time: Date | null;
  sign_url: string | null;
}

export interface DesignTaskResultTable {
  result_id: Generated<number>;
  task_id: number;
  major_id: number | null;
  major_name: Defaulted<string>;
  file_name: string;
  file_prop: Defaulted<string>;
  memo: Defaulted<string>;
  history: Defaulted<boolean>;
  result_confirmed: Defaulted<boolean>;
  result_confirm_by: number | null;
  result_confirm_time: Date | null;
  acceptance_confirmed: Defaulted<boolean>;
  acceptance_confirm_by: number | null;
  acceptance_confirm_time: Date | null;
  user_id: number;
  user_name: Defaulted<string>;
  create_time: Defaulted<Date>;
  del_flag: Defaulted<'0' | '2'>;
}

export interface DesignTaskFileTable {
  link_id: Generated<number>;
  kind: string;
  owner_id: number;
  file_id: string;
  user_id: number;
  create_time: Defaulted<Date>;
  del_flag: Defaulted<'0' | '2'>;
}

export interface DesignTaskSongdaTable {
  songda_id: Generated<number>;
  task_id: number;
  result_id: number | null;
  songda_date: ColumnType<string, string, string>;
  receive_unit: string;
  receive_user: Defaulted<string>;
  content: Defaulted<string>;
  user_id: number;
  create_time: Defaulted<Date>;
}

export interface ResultSealTable {
  result_seal_id: Generated<number>;
  task_id: number;
  draw_content: string;
  draw_num: Defaulted<number>;
  seal_goal_content: Defaulted<string>;
  un_guidang_show_img: Defaulted<string>;
  guidang_show_img: Defaulted<string>;
  seal_category: Defaulted<string>;
  seal_type: Json;
  seal_time: string | null;
  status: Defaulted<number>;
  approval_id: number | null;
  user_id: number;
  user_name: Defaulted<string>;
  version: Defaulted<number>;
  create_time: Defaulted<Date>;
  update_time: Defaulted<Date>;
  finish_time: Date | null;
  del_flag: Defaulted<'0' | '2'>;
}

export interface ResultSealResultTable {
  result_seal_id: number;
  result_id: number;
}

export interface ResultSealSeenTable {
  result_seal_id: number;
  user_id: number;
  seen_time: Defaulted<Date>;
}

export interface DesignTaskPayTable {
  pay_id: Generated<number>;
  task_id: number;
  kind: string;
  pay_amount: Numeric;
  pay_date: ColumnType<string, string, string>;
  remark: Defaulted<string>;
  user_id: number;
  user_name: Defaulted<string>;
  create_time: Defaulted<Date>;
}

export interface DesignTaskFinishAmountTable {
  id: Generated<number>;
  task_id: number;
  before_amount: Numeric;
  after_amount: Numeric;
  user_id: number;
  user_name: Defaulted<string>;
  at: Defaulted<Date>;
}

/** The tables of migrations 0050_design_tasks and 0099_task_lifecycle. */
export interface TaskTables {
  design_task: DesignTaskTable;
  design_task_sign_flow: DesignTaskSignFlowTable;
  design_task_result: DesignTaskResultTable;
  design_task_file: DesignTaskFileTable;
  design_task_songda: DesignTaskSongdaTable;
  result_seal: ResultSealTable;
  result_seal_seen: ResultSealSeenTable;
  result_seal_result: ResultSealResultTable;
  design_task_pay: DesignTaskPayTable;
  design_task_finish_amount: DesignTaskFinishAmountTable;
}
