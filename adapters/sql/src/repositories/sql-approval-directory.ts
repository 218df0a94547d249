import { randomUUID } from 'node:crypto';
import type {
  ApprovalDirectory,
  ApprovalOptionSources,
  ApprovalUserId,
  OptionSource,
  SignatureImage,
  SignatureImageRepository,
  TemplateOption,
} from '@dpms/core';
import { OPTION_SOURCE_ORIGINS } from '@dpms/core';
import { type Db } from './sql-helpers.js';

import { signatureUrlOf, userIds } from './sql-approval-rows.js';

// ---- who is who ---------------------------------------------------------------------------------

export class SqlApprovalDirectory implements ApprovalDirectory {
  constructor(private readonly db: Db) {}

  async usersWithRole(roleKey: string): Promise<readonly ApprovalUserId[]> {
    const rows = await this.db
      .selectFrom('sys_user_role as ur')
      .innerJoin('sys_role as r', 'r.role_id', 'ur.role_id')
      .innerJoin('sys_user as u', 'u.user_id', 'ur.user_id')
      .select('u.user_id')
      .where('r.role_key', '=', roleKey)
      .where('r.status', '=', '0')
      .where('r.del_flag', '=', '0')
      .where('u.status', '=', '0')
      .where('u.del_flag', '=', '0')
      .orderBy('u.user_id')
      .execute();
    return [...new Set(rows.map((r) => String(r.user_id)))];
  }

  async leadersOf(userId: ApprovalUserId): Promise<readonly ApprovalUserId[]> {
    const user = await this.db
      .selectFrom('sys_user')
      .select('dept_id')
      .where('user_id', '=', Number(userId))
      .executeTakeFirst();
    return user?.dept_id == null ? [] : this.leadersOfDept(user.dept_id);
  }

  async leadersOfDept(deptId: number): Promise<readonly ApprovalUserId[]> {
    const dept = await this.db
      .selectFrom('sys_dept as d')
      .select(['d.dept_id', 'd.ancestors'])
      .where('d.dept_id', '=', deptId)
      .executeTakeFirst();
    if (dept === undefined) return [];
    const chain = [
      dept.dept_id,
      ...dept.ancestors
        .split(',')
        .map(Number)
        .filter((n) => n > 0)
        .reverse(),
    ];
    const rows = await this.db
      .selectFrom('sys_dept as d')
      .innerJoin('sys_user as u', 'u.user_id', 'd.leader_user_id')
      .select(['d.dept_id', 'd.leader_user_id'])
      .where('d.dept_id', 'in', chain)
      .where('u.status', '=', '0')
      .where('u.del_flag', '=', '0')
      .execute();
    const leaders: ApprovalUserId[] = [];
    for (const id of chain) {
      const hit = rows.find((r) => r.dept_id === id);
      const leader = hit?.leader_user_id == null ? null : String(hit.leader_user_id);
      if (leader !== null && !leaders.includes(leader)) leaders.push(leader);
    }
    return leaders;
  }

  async namesOf(ids: readonly ApprovalUserId[]): Promise<Readonly<Record<ApprovalUserId, string>>> {
    const nums = userIds(ids);
    if (nums.length === 0) return {};
    const rows = await this.db
      .selectFrom('sys_user')
      .select(['user_id', 'nick_name'])
      .where('user_id', 'in', nums)
      .execute();
    return Object.fromEntries(rows.map((r) => [String(r.user_id), r.nick_name]));
  }

  async activeUsers(ids: readonly ApprovalUserId[]): Promise<readonly ApprovalUserId[]> {
    const nums = userIds(ids);
    if (nums.length === 0) return [];
    const rows = await this.db
      .selectFrom('sys_user')
      .select('user_id')
      .where('user_id', 'in', nums)
      .where('status', '=', '0')
      .where('del_flag', '=', '0')
      .execute();
    const found = new Set(rows.map((r) => String(r.user_id)));
    return [
      ...new Set(ids.filter((i) => found.has(String(Number(i)))).map((i) => String(Number(i)))),
    ];
  }

  async deptOf(userId: ApprovalUserId): Promise<number | null> {
    const row = await this.db
      .selectFrom('sys_user')
      .select('dept_id')
      .where('user_id', '=', Number(userId))
      .executeTakeFirst();
    return row?.dept_id ?? null;
  }

  async signatureOf(userId: ApprovalUserId): Promise<SignatureImage | null> {
    return new SqlSignatureImageRepository(this.db).current(userId);
  }
}

export class SqlSignatureImageRepository implements SignatureImageRepository {
  constructor(private readonly db: Db) {}

  async save(
    userId: ApprovalUserId,
    contentType: string,
    data: Uint8Array,
  ): Promise<SignatureImage> {
    const fileId = randomUUID();
    const saved = await this.db
      .insertInto('approval_signature')
      .values({ file_id: fileId, user_id: Number(userId), content_type: contentType, data })
      .returning('created_at')
      .executeTakeFirstOrThrow();
    await this.db
      .updateTable('sys_user')
      .set({ signature_file_id: fileId, update_time: new Date() })
      .where('user_id', '=', Number(userId))
      .execute();
    return { fileId, url: signatureUrlOf(fileId), setAt: saved.created_at };
  }

  async current(userId: ApprovalUserId): Promise<SignatureImage | null> {
    const row = await this.db
      .selectFrom('sys_user')
      .leftJoin('approval_signature', 'approval_signature.file_id', 'sys_user.signature_file_id')
      .select(['sys_user.signature_file_id', 'approval_signature.created_at'])
      .where('sys_user.user_id', '=', Number(userId))
      .executeTakeFirst();
    const fileId = row?.signature_file_id ?? null;
    if (fileId === null) return null;
    const setAt = row?.created_at ?? null;
    return { fileId, url: signatureUrlOf(fileId), ...(setAt === null ? {} : { setAt }) };
  }

  async read(fileId: string): Promise<{ contentType: string; data: Uint8Array } | null> {
    const row = await this.db
      .selectFrom('approval_signature')
      .select(['content_type', 'data'])
      .where('file_id', '=', fileId)
      .executeTakeFirst();
    return row ? { contentType: row.content_type, data: row.data } : null;
  }
}

/** Dictionary items and the department tree as template options. */
export class SqlApprovalOptionSources implements ApprovalOptionSources {
  constructor(private readonly db: Db) {}

  async load(
    sources: readonly OptionSource[],
  ): Promise<Partial<Record<OptionSource, readonly TemplateOption[]>>> {
    const out: Partial<Record<OptionSource, readonly TemplateOption[]>> = {};
    for (const source of sources) {
      const origin = OPTION_SOURCE_ORIGINS[source];
      if (origin.origin === 'dictionary') {
        const items = await this.db
          .selectFrom('sys_dict_data')
          .select(['dict_label', 'dict_value'])
          .where('dict_type', '=', origin.dictType)
          .where('status', '=', '0')
          .orderBy('dict_sort')
          .execute();
        // An empty or missing dictionary leaves core's defaults in force.
        if (items.length > 0) {
          out[source] = items.map((i) => ({ text: i.dict_label, value: i.dict_value }));
        }
      } else if (origin.origin === 'departments') {
        const depts = await this.db
          .selectFrom('sys_dept')
          .select(['dept_id', 'parent_id', 'dept_name'])
          .where('del_flag', '=', '0')
          .where('status', '=', '0')
          .orderBy('parent_id')
          .orderBy('order_num')
          .execute();
        const children = (parent: number): TemplateOption[] =>
          depts
            .filter((d) => d.parent_id === parent)
            .map((d) => {
              const below = children(d.dept_id);
              return below.length > 0
                ? { label: d.dept_name, id: d.dept_id, children: below }
                : { label: d.dept_name, id: d.dept_id };
            });
        out[source] = children(0);
      }
      // Bank names: the two session names plus a dictionary, not known here; not checked.
    }
    return out;
  }
}
