import {
  personNameOf,
  isApprovalStatus,
  MoneyDecimal,
  type ApprovalStatus,
  toAmountString,
  type DesignTask,
  type NewTask,
  type TaskMajor,
  type TaskSortColumn,
  type TaskViewer,
} from '@dpms/core';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../database/schema.js';
import { scopeCondition } from './sql-helpers.js';

export type AnyEb = ExpressionBuilder<Database, keyof Database>;

/** `column op value` on a qualified column name written in this file (never request text). */
export const cmp = (
  column: string,
  op: '=' | '>=' | '<=' | 'ilike',
  value: unknown,
): Expression<SqlBool> => sql<SqlBool>`${sql.ref(column)} ${sql.raw(op)} ${value}`;

export const amount = (v: string | null | undefined): string =>
  v === null || v === undefined ? '0' : toAmountString(new MoneyDecimal(v));
export const json = (v: unknown): string => JSON.stringify(v);
export const parsed = <T>(v: unknown, fallback: T): T =>
  v === null || v === undefined
    ? fallback
    : typeof v === 'string'
      ? (JSON.parse(v) as T)
      : (v as T);
export const day = (v: unknown): string =>
  v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);
export const dayOrNull = (v: unknown): string | null =>
  v === null || v === undefined ? null : day(v);

/**
 * What a viewer sees of design tasks: the role's data scope on the task's department and creator,
 * and always the tasks they take part in as design host or project manager.
 */
export function taskVisible(
  eb: AnyEb,
  viewer: TaskViewer,
  alias = 'design_task',
): Expression<SqlBool> {
  if (viewer.scope.kind === 'all') return sql<boolean>`true`;
  return eb.or([
    scopeCondition(
      eb,
      viewer.scope,
      eb.ref(`${alias}.dept_id` as never),
      eb.ref(`${alias}.user_id` as never),
    ),
    cmp(`${alias}.design_user_id`, '=', viewer.userId),
    cmp(`${alias}.project_manager_id`, '=', viewer.userId),
  ]);
}

export const SORT: Readonly<Record<TaskSortColumn, string>> = {
  taskId: 'design_task.task_id',
  createTime: 'design_task.create_time',
  planFinishDate: 'design_task.plan_finish_date',
  taskNo: 'design_task.task_no',
};

// ---- task sheets ---------------------------------------------------------------------------------

/** Who signs 部门确认: the sign flow's third step, read with the sheet so a list offers it. */
export const deptConfirmer = (eb: ExpressionBuilder<Database, 'design_task'>) =>
  eb
    .selectFrom('design_task_sign_flow as sf')
    .select('sf.deal_user_id')
    .whereRef('sf.task_id', '=', 'design_task.task_id')
    .where('sf.order_no', '=', 3)
    .limit(1)
    .as('dept_confirmer_id');

export function fieldColumns(f: NewTask['fields']) {
  return {
    contract_id: f.contractId,
    task_name: f.taskName,
    sub_item_name: f.subItemName,
    task_result_name: f.taskResultName,
    design_stage_id: f.designStageId,
    quality_type: f.qualityType,
    design_user_id: f.designUserId,
    project_manager_id: f.projectManagerId,
    plan_finish_date: f.planFinishDate,
    remark: f.remark,
    task_amount: f.taskAmount,
  };
}

interface TaskRow {
  task_id: number;
  contract_id: number;
  task_no: string;
  task_name: string;
  sub_item_name: string;
  task_result_name: string;
  design_stage_id: string;
  design_stage_name: string;
  quality_type: string;
  design_user_id: number;
  project_manager_id: number;
  plan_finish_date: unknown;
  remark: string;
  task_amount: string;
  confirm_finish_amount: string;
  major_list: unknown;
  confirmed: number;
  history: boolean;
  finished: boolean;
  approval_status: number;
  approval_id: number | null;
  dept_id: number | null;
  user_id: number;
  create_by: string;
  create_by_name?: string | null;
  version: number;
  create_time: Date;
  update_time: Date;
  project_name: string;
  contract_name: string;
  design_user_name: string | null;
  project_manager_name: string | null;
  dept_name: string | null;
  dept_confirmer_id: number | null;
}

const approvalStatusOf = (v: unknown): ApprovalStatus => {
  const n = Number(v);
  return isApprovalStatus(n) ? n : -1;
};

export function toTask(r: TaskRow): DesignTask {
  return {
    taskId: r.task_id,
    contractId: r.contract_id,
    projectName: r.project_name,
    contractName: r.contract_name,
    taskNo: r.task_no,
    taskName: r.task_name,
    subItemName: r.sub_item_name,
    taskResultName: r.task_result_name,
    designStageId: r.design_stage_id,
    designStageName: r.design_stage_name,
    qualityType: r.quality_type === '1' ? '1' : '0',
    designUserId: r.design_user_id,
    designUserName: r.design_user_name ?? '',
    projectManagerId: r.project_manager_id,
    projectManagerName: r.project_manager_name ?? '',
    planFinishDate: day(r.plan_finish_date),
    remark: r.remark,
    taskAmount: amount(r.task_amount),
    confirmFinishAmount: amount(r.confirm_finish_amount),
    majorList: parsed<TaskMajor[]>(r.major_list, []),
    confirmed: Number(r.confirmed),
    history: r.history,
    finished: r.finished,
    approvalStatus: approvalStatusOf(r.approval_status),
    approvalId: r.approval_id === null ? null : String(r.approval_id),
    deptId: r.dept_id,
    deptName: r.dept_name ?? '',
    deptConfirmerId: r.dept_confirmer_id ?? null,
    userId: r.user_id,
    createBy: r.create_by,
    createByName: personNameOf(r.create_by, r.create_by_name),
    version: r.version,
    createTime: r.create_time,
    updateTime: r.update_time,
  };
}
