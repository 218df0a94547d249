import type { Transaction } from 'kysely';
import { SUPER_ROLE } from '@dpms/core';
import type { Database } from '../database/schema.js';
import { MSG, type ImportKind, type ImportLedger } from './import-report.js';
import type { IdMaps } from './ruoyi-import.js';
import type { RuoyiData } from './ruoyi-records.js';

/**
 * Users and what hangs on them: a user is matched by user name (ours keeps its record, password
 * and roles) or inserted with RuoYi's bcrypt hash and given their RuoYi roles (as imported, never
 * the administrator's); posts and the departments they lead are added where we lack them.
 */

/** Adds RuoYi's links between two mapped kinds that we lack; `insert` answers undefined on a present link. */
export async function importLinks(
  links: readonly (readonly [number, number])[],
  fromMap: ReadonlyMap<number, number>,
  toMap: ReadonlyMap<number, number>,
  kind: ImportKind,
  ledger: ImportLedger,
  insert: (from: number, to: number) => Promise<unknown>,
): Promise<void> {
  for (const [from, to] of links) {
    const a = fromMap.get(from);
    const b = toMap.get(to);
    if (a === undefined) continue; // the record itself is reported
    if (b === undefined) {
      ledger.skip(kind, `${String(from)} → ${String(to)}`, MSG.linkTargetMissing);
      continue;
    }
    if ((await insert(a, b)) === undefined) ledger.counts[kind].matched += 1;
    else ledger.counts[kind].added += 1;
  }
}

/** RuoYi's plain link tables: each link a row of two ids, the linking side's column first. */
const LINK_TABLES = {
  roleDept: ['sys_role_dept', 'role_id', 'dept_id'],
  userPost: ['sys_user_post', 'user_id', 'post_id'],
} as const;

/** importLinks into one of RuoYi's plain link tables, leaving a present row alone. */
export function importLinkRows(
  trx: Transaction<Database>,
  kind: keyof typeof LINK_TABLES,
  links: readonly (readonly [number, number])[],
  fromMap: ReadonlyMap<number, number>,
  toMap: ReadonlyMap<number, number>,
  ledger: ImportLedger,
): Promise<void> {
  const [table, fromColumn, toColumn] = LINK_TABLES[kind];
  return importLinks(links, fromMap, toMap, kind, ledger, (from, to) =>
    trx
      .insertInto(table)
      .values({ [fromColumn]: from, [toColumn]: to })
      .onConflict((oc) => oc.doNothing())
      .returning(fromColumn)
      .executeTakeFirst(),
  );
}

const BCRYPT = /^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/;

export async function importUsers(
  trx: Transaction<Database>,
  data: RuoyiData,
  ids: IdMaps,
  ledger: ImportLedger,
): Promise<Map<number, number>> {
  const ours = await trx
    .selectFrom('sys_user')
    .select(['user_id', 'user_name', 'del_flag'])
    .execute();
  const map = new Map<number, number>();
  for (const u of data.users) {
    const label = `${u.userName}（${u.nickName}）`;
    if (u.deleted) {
      ledger.skip('user', label, MSG.deleted);
      continue;
    }
    const same = ours.find((o) => o.user_name === u.userName);
    if (same && same.del_flag !== '0') {
      ledger.skip('user', label, MSG.userNameDeleted);
      continue;
    }
    if (same) {
      map.set(u.id, same.user_id);
      ledger.counts.user.matched += 1;
      ledger.note('user', label, MSG.userExists);
      continue;
    }
    const dept = u.deptId === null ? undefined : ids.depts.get(u.deptId);
    if (u.deptId !== null && dept === undefined) ledger.note('user', label, MSG.userDeptMissing);
    if (u.password === '') ledger.note('user', label, MSG.noPassword);
    else if (!BCRYPT.test(u.password)) ledger.note('user', label, MSG.notBcrypt);
    const row = await trx
      .insertInto('sys_user')
      .values({
        dept_id: dept ?? null,
        user_name: u.userName,
        nick_name: u.nickName.slice(0, 30),
        email: u.email.slice(0, 50),
        phonenumber: u.phone.slice(0, 20),
        sex: u.sex,
        avatar: null,
        signature_file_id: null,
        // RuoYi's bcrypt hash as it is: verified at sign-in and re-hashed with argon2id then.
        password: u.password,
        password_changed_at: null,
        status: u.status,
        create_by: u.createBy.slice(0, 64),
        remark: u.remark.slice(0, 500),
      })
      .returning(['user_id', 'user_name', 'del_flag'])
      .executeTakeFirstOrThrow();
    ours.push(row);
    map.set(u.id, row.user_id);
    ids.newUsers.add(row.user_id);
    ledger.counts.user.added += 1;
  }
  return map;
}

export async function importUserRoles(
  trx: Transaction<Database>,
  data: RuoyiData,
  ids: IdMaps,
  ledger: ImportLedger,
): Promise<void> {
  const withDefault = new Set(
    (
      await trx
        .selectFrom('sys_user_role')
        .select('user_id')
        .where('is_default', '=', true)
        .execute()
    ).map((r) => r.user_id),
  );
  // Only the users this import brought are given roles: one of ours keeps the roles we gave
  // them (RuoYi's could be wider), and RuoYi's administrator role is given to nobody.
  const roleName = new Map(data.roles.map((r) => [r.id, `${r.name}（${r.key}）`]));
  const userName = new Map(data.users.map((u) => [u.id, u.userName]));
  const links = data.userRoles.filter(([user, role]) => {
    const ourUser = ids.users.get(user);
    if (ourUser === undefined) return false; // the user itself is reported
    const item = `${userName.get(user) ?? String(user)} → ${roleName.get(role) ?? String(role)}`;
    if (!ids.newUsers.has(ourUser)) {
      ledger.skip('userRole', item, MSG.existingUserRolesKept);
      return false;
    }
    if (data.roles.some((r) => r.id === role && r.key === SUPER_ROLE)) {
      ledger.skip('userRole', item, MSG.adminNotGiven);
      return false;
    }
    return true;
  });
  await importLinks(links, ids.users, ids.roles, 'userRole', ledger, async (user, role) => {
    // A user's first role becomes the one they sign in with, unless they have one already.
    const row = await trx
      .insertInto('sys_user_role')
      .values({ user_id: user, role_id: role, is_default: !withDefault.has(user) })
      .onConflict((oc) => oc.doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (row) withDefault.add(user);
    return row;
  });
}

/**
 * A department of ours without a leader gets RuoYi's. RuoYi's leader is free text; it counts when
 * it names exactly one of RuoYi's own users (by user name, else by nickname) that was brought over.
 */
export async function importDeptLeaders(
  trx: Transaction<Database>,
  data: RuoyiData,
  ids: IdMaps,
  ledger: ImportLedger,
): Promise<void> {
  const users = data.users.filter((u) => !u.deleted && ids.users.has(u.id));
  for (const d of data.depts) {
    const ours = ids.depts.get(d.id);
    if (ours === undefined || d.leader === '') continue;
    const dept = await trx
      .selectFrom('sys_dept')
      .select(['leader_user_id'])
      .where('dept_id', '=', ours)
      .executeTakeFirstOrThrow();
    if (dept.leader_user_id !== null) {
      ledger.counts.deptLeader.matched += 1;
      continue;
    }
    const byName = users.filter((u) => u.userName === d.leader);
    const candidates = byName.length > 0 ? byName : users.filter((u) => u.nickName === d.leader);
    const leader = candidates.length === 1 ? ids.users.get(candidates[0]!.id) : undefined;
    if (leader === undefined) {
      ledger.note('deptLeader', d.name, MSG.leaderUnknown(d.leader));
      continue;
    }
    await trx
      .updateTable('sys_dept')
      .set({ leader_user_id: leader })
      .where('dept_id', '=', ours)
      .execute();
    ledger.counts.deptLeader.added += 1;
  }
}
