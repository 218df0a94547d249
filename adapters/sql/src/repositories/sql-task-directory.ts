import { type TaskDirectory, type TaskFileRef, type TaskMajor, type TaskViewer } from '@dpms/core';
import { signatureUrlOf } from './sql-approval.repository.js';
import { scopeCondition, type Db } from './sql-helpers.js';
import { taskVisible } from './sql-task-rows.js';

// ---- directory -----------------------------------------------------------------------------------

export class SqlTaskDirectory implements TaskDirectory {
  constructor(private readonly db: Db) {}

  async contract(contractId: number) {
    const row = await this.db
      .selectFrom('contract')
      .select(['contract_id', 'project_name', 'contract_name'])
      .where('contract_id', '=', contractId)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    return row === undefined
      ? null
      : {
          contractId: row.contract_id,
          projectName: row.project_name,
          contractName: row.contract_name,
        };
  }

  async contractVisible(contractId: number, viewer: TaskViewer): Promise<boolean> {
    const own = await this.db
      .selectFrom('contract')
      .select('contract_id')
      .where('contract_id', '=', contractId)
      .where('del_flag', '=', '0')
      .where((eb) =>
        eb.or([
          scopeCondition(eb as never, viewer.scope, eb.ref('dept_id'), eb.ref('user_id')),
          eb.exists(
            eb
              .selectFrom('design_task')
              .select('design_task.task_id')
              .whereRef('design_task.contract_id', '=', 'contract.contract_id')
              .where('design_task.del_flag', '=', '0')
              .where((w) => taskVisible(w as never, viewer) as never),
          ),
        ]),
      )
      .executeTakeFirst();
    return own !== undefined;
  }

  async userHasRole(userId: number, roleKey: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('sys_user as u')
      .innerJoin('sys_user_role as ur', 'ur.user_id', 'u.user_id')
      .innerJoin('sys_role as r', 'r.role_id', 'ur.role_id')
      .select('u.user_id')
      .where('u.user_id', '=', userId)
      .where('u.status', '=', '0')
      .where('u.del_flag', '=', '0')
      .where('r.role_key', '=', roleKey)
      .where('r.status', '=', '0')
      .executeTakeFirst();
    return row !== undefined;
  }

  async deptHead(deptId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('sys_dept as d')
      .innerJoin('sys_user as u', 'u.user_id', 'd.leader_user_id')
      .select('u.user_id')
      .where('d.dept_id', '=', deptId)
      .where('d.del_flag', '=', '0')
      .where('u.status', '=', '0')
      .where('u.del_flag', '=', '0')
      .executeTakeFirst();
    return row?.user_id ?? null;
  }

  async stageName(designStageId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('sys_dict_data')
      .select('dict_label')
      .where('dict_type', '=', 'design_stage')
      .where('dict_value', '=', designStageId)
      .where('status', '=', '0')
      .executeTakeFirst();
    return row?.dict_label ?? null;
  }

  async majors(majorIds: readonly number[], designStageId: string): Promise<readonly TaskMajor[]> {
    if (majorIds.length === 0) return [];
    const stage = Number(designStageId);
    if (!Number.isSafeInteger(stage)) return [];
    const rows = await this.db
      .selectFrom('sys_major')
      .select(['major_id', 'major_name'])
      .where('major_id', 'in', [...majorIds])
      .where('design_stage_id', '=', stage)
      .where('status', '=', '0')
      .orderBy('order_num')
      .orderBy('major_id')
      .execute();
    return rows.map((r) => ({ majorId: r.major_id, majorName: r.major_name }));
  }

  async files(fileIds: readonly string[]): Promise<readonly TaskFileRef[]> {
    if (fileIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('file_object')
      .select(['file_id', 'original_name'])
      .where('file_id', 'in', [...fileIds])
      .where('deleted_at', 'is', null)
      .execute();
    const byId = new Map(rows.map((r) => [r.file_id, r.original_name]));
    return fileIds.flatMap((id) => {
      const name = byId.get(id);
      return name === undefined ? [] : [{ fileId: id, name }];
    });
  }

  async signUrl(userId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('sys_user')
      .select('signature_file_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const id = row?.signature_file_id ?? null;
    return id === null ? null : signatureUrlOf(id);
  }
}
