import type { Kysely, Transaction } from 'kysely';
import { SUPER_ROLE } from '@dpms/core';
import type { Database } from '../database/schema.js';
import { ImportLedger, MSG, type RuoyiImportReport } from './import-report.js';
import { readMysqlDump } from './mysql-dump-reader.js';
import { importDictsAndConfigs } from './ruoyi-import-dicts.js';
import { importNotices } from './ruoyi-import-notices.js';
import {
  importDeptLeaders,
  importLinkRows,
  importUserRoles,
  importUsers,
} from './ruoyi-import-people.js';
import { ruoyiData, type RuoyiData, type RyMenu } from './ruoyi-records.js';

/**
 * Brings a RuoYi database (its MySQL dump's text) into ours, in one transaction.
 *
 * Ids: RuoYi's ids never become ours. Each RuoYi row is matched to one of ours by its natural key
 * (a department by its name under its already matched parent, RuoYi's top department to our root;
 * a post by code, then name; a role by key, then name; a user by user name; a dictionary type by
 * type, its data by value within it; a config by key; a notice by title and sanitized content;
 * a menu by permission string, or by path, then name, where it has none), and RuoYi's ids are
 * used only to follow its links. A row with no match is inserted and takes the next id of our
 * sequences (which start above the seeded ids).
 *
 * A matched row keeps OUR values: our database is the live one, its words are the spec's, and its
 * passwords and settings (the captcha switch …) are the ones people use; where RuoYi's differ the
 * report says so. What the import adds to a matched row is what RuoYi links to it and we lack: a
 * role's menus and custom departments, a user's roles and posts, a department's missing leader.
 * Nothing is removed. So a second run finds every row matched and every link present, writes
 * nothing and says so.
 *
 * A file that cannot be read is refused before the transaction opens (DumpReadError).
 */
export async function importRuoyiDump(
  db: Kysely<Database>,
  dumpText: string,
): Promise<RuoyiImportReport> {
  const data = readRuoyiDump(dumpText);
  return db.transaction().execute((trx) => importRuoyiData(trx, data));
}

/** Reads RuoYi's records from a dump's text, or throws DumpReadError (line and reason). */
export const readRuoyiDump = (dumpText: string): RuoyiData => ruoyiData(readMysqlDump(dumpText));

/** RuoYi id → our id, per kind. */
export interface IdMaps {
  readonly depts: Map<number, number>;
  readonly posts: Map<number, number>;
  readonly roles: Map<number, number>;
  readonly users: Map<number, number>;
  /** Our ids of the users this import inserted: only they are given roles. */
  readonly newUsers: Set<number>;
}

export async function importRuoyiData(
  trx: Transaction<Database>,
  data: RuoyiData,
): Promise<RuoyiImportReport> {
  const ledger = new ImportLedger();
  const ids: IdMaps = {
    depts: await importDepts(trx, data, ledger),
    posts: await importPosts(trx, data, ledger),
    roles: await importRoles(trx, data, ledger),
    users: new Map(),
    newUsers: new Set(),
  };
  await importRoleMenus(trx, data, ids, ledger);
  await importLinkRows(trx, 'roleDept', data.roleDepts, ids.roles, ids.depts, ledger);
  for (const [k, v] of await importUsers(trx, data, ids, ledger)) ids.users.set(k, v);
  await importUserRoles(trx, data, ids, ledger);
  await importLinkRows(trx, 'userPost', data.userPosts, ids.users, ids.posts, ledger);
  await importDeptLeaders(trx, data, ids, ledger);
  await importDictsAndConfigs(trx, data, ledger);
  await importNotices(trx, data, ledger);
  const changed = Object.values(ledger.counts).some((c) => c.added > 0);
  return {
    counts: ledger.counts,
    skipped: ledger.skipped,
    notes: ledger.notes,
    leftBehind: data.leftBehind,
    changed,
  };
}

async function importDepts(
  trx: Transaction<Database>,
  data: RuoyiData,
  ledger: ImportLedger,
): Promise<Map<number, number>> {
  const ours = await trx
    .selectFrom('sys_dept')
    .select(['dept_id', 'parent_id', 'dept_name', 'ancestors', 'dept_type'])
    .where('del_flag', '=', '0')
    .orderBy('dept_id')
    .execute();
  const byId = new Map(ours.map((d) => [d.dept_id, d]));
  const map = new Map<number, number>();
  const live = data.depts.filter((d) => {
    if (d.deleted) ledger.skip('dept', d.name, MSG.deleted);
    return !d.deleted;
  });
  let root = ours.find((d) => d.parent_id === 0);
  // Parents before children: walk RuoYi's tree from its top.
  let level = live.filter((d) => d.parentId === 0 || !live.some((p) => p.id === d.parentId));
  const placed = new Set<number>();
  while (level.length > 0) {
    const next: typeof level = [];
    for (const d of level) {
      placed.add(d.id);
      let parentId: number;
      if (d.parentId === 0 && !root) {
        parentId = 0;
      } else if (d.parentId === 0 && root && !map.size) {
        map.set(d.id, root.dept_id);
        ledger.counts.dept.matched += 1;
        if (d.name !== root.dept_name) ledger.note('dept', d.name, MSG.rootMerged(root.dept_name));
        next.push(...live.filter((c) => c.parentId === d.id));
        continue;
      } else if (d.parentId === 0 && root) {
        parentId = root.dept_id;
        ledger.note('dept', d.name, MSG.secondRoot);
      } else {
        const p = map.get(d.parentId);
        if (p === undefined) {
          ledger.skip('dept', d.name, MSG.parentMissing);
          continue;
        }
        parentId = p;
      }
      const same = ours.find((o) => o.parent_id === parentId && o.dept_name === d.name);
      if (same) {
        map.set(d.id, same.dept_id);
        ledger.counts.dept.matched += 1;
      } else {
        const parent = byId.get(parentId);
        const row = await trx
          .insertInto('sys_dept')
          .values({
            parent_id: parentId,
            ancestors: parent ? `${parent.ancestors},${String(parent.dept_id)}` : '0',
            dept_name: d.name,
            order_num: d.orderNum,
            phone: d.phone.slice(0, 20),
            email: d.email.slice(0, 50),
            status: d.status,
            dept_type: parent?.dept_type ?? '0',
            create_by: 'ruoyi-import',
          })
          .returning(['dept_id', 'parent_id', 'dept_name', 'ancestors', 'dept_type'])
          .executeTakeFirstOrThrow();
        ours.push(row);
        byId.set(row.dept_id, row);
        if (parentId === 0) root = row;
        map.set(d.id, row.dept_id);
        ledger.counts.dept.added += 1;
      }
      next.push(...live.filter((c) => c.parentId === d.id));
    }
    level = next.filter((d) => !placed.has(d.id));
  }
  // A department whose parent never came (a cycle in RuoYi's parent ids) is left out, and said.
  for (const d of live) if (!placed.has(d.id)) ledger.skip('dept', d.name, MSG.parentMissing);
  return map;
}

async function importPosts(
  trx: Transaction<Database>,
  data: RuoyiData,
  ledger: ImportLedger,
): Promise<Map<number, number>> {
  const ours = await trx
    .selectFrom('sys_post')
    .select(['post_id', 'post_code', 'post_name'])
    .execute();
  const map = new Map<number, number>();
  for (const p of data.posts) {
    const byCode = ours.find((o) => o.post_code === p.code);
    const byName = byCode ?? ours.find((o) => o.post_name === p.name);
    if (byName) {
      map.set(p.id, byName.post_id);
      ledger.counts.post.matched += 1;
      if (!byCode) ledger.note('post', `${p.name}（${p.code}）`, MSG.postByName(byName.post_code));
      continue;
    }
    const row = await trx
      .insertInto('sys_post')
      .values({
        post_code: p.code,
        post_name: p.name,
        post_sort: p.sort,
        status: p.status,
        remark: p.remark,
      })
      .returning(['post_id', 'post_code', 'post_name'])
      .executeTakeFirstOrThrow();
    ours.push(row);
    map.set(p.id, row.post_id);
    ledger.counts.post.added += 1;
  }
  return map;
}

const DATA_SCOPES = ['1', '2', '3', '4', '5'] as const;
type DataScope = (typeof DATA_SCOPES)[number];
const isDataScope = (v: string): v is DataScope => (DATA_SCOPES as readonly string[]).includes(v);

/** The key and name an imported RuoYi role takes, beside ours rather than in place of them. */
export const importedRoleKey = (key: string): string => `ry_${key}`.slice(0, 100);
const importedRoleName = (name: string): string => `${name.slice(0, 26)}（若依）`;

/**
 * RuoYi's roles come in as roles of their own (`ry_<key>`, "<name>（若依）"), never merged into
 * ours: our `common` is every employee's role, and RuoYi's `common` grants user and role
 * administration, so a merge would hand that to everyone. RuoYi's administrator role is our
 * administrator role; nothing is granted to it and nobody is given it by the import. A second run
 * finds its own roles by their `ry_` key.
 */
async function importRoles(
  trx: Transaction<Database>,
  data: RuoyiData,
  ledger: ImportLedger,
): Promise<Map<number, number>> {
  const ours = await trx
    .selectFrom('sys_role')
    .select(['role_id', 'role_key', 'role_name', 'data_scope'])
    .where('del_flag', '=', '0')
    .execute();
  const map = new Map<number, number>();
  for (const r of data.roles) {
    const label = `${r.name}（${r.key}）`;
    if (r.deleted) {
      ledger.skip('role', label, MSG.deleted);
      continue;
    }
    if (r.key === SUPER_ROLE) {
      ledger.counts.role.matched += 1;
      ledger.note('role', label, MSG.adminRoleOurs);
      continue;
    }
    const key = importedRoleKey(r.key);
    const same = ours.find((o) => o.role_key === key);
    if (same) {
      map.set(r.id, same.role_id);
      ledger.counts.role.matched += 1;
      continue;
    }
    if (!isDataScope(r.dataScope)) ledger.note('role', label, MSG.dataScopeUnknown(r.dataScope));
    const row = await trx
      .insertInto('sys_role')
      .values({
        role_key: key,
        role_name: importedRoleName(r.name),
        role_sort: r.sort,
        data_scope: isDataScope(r.dataScope) ? r.dataScope : '5',
        status: r.status,
        menu_check_strictly: r.menuCheckStrictly,
        dept_check_strictly: r.deptCheckStrictly,
        remark: r.remark,
      })
      .returning(['role_id', 'role_key', 'role_name', 'data_scope'])
      .executeTakeFirstOrThrow();
    ours.push(row);
    map.set(r.id, row.role_id);
    ledger.counts.role.added += 1;
    ledger.note('role', label, MSG.roleImportedAs(key));
  }
  return map;
}

/**
 * Our menus for one of RuoYi's: those with its permission string; for a directory, a page without
 * permission or an external link, ours of the same type and path, else of the same type and name.
 */
function matchMenu(
  m: RyMenu,
  ours: readonly {
    menu_id: number;
    menu_name: string;
    menu_type: string;
    path: string;
    perms: string;
  }[],
): number[] {
  if (m.perms !== '') return ours.filter((o) => o.perms === m.perms).map((o) => o.menu_id);
  const sameType = ours.filter((o) => o.menu_type === m.menuType && o.perms === '');
  const byPath = m.path !== '' && m.path !== '#' ? sameType.filter((o) => o.path === m.path) : [];
  const pick = byPath.length > 1 ? byPath.filter((o) => o.menu_name === m.name) : byPath;
  if (pick.length > 0) return [pick[0]!.menu_id];
  const byName = sameType.filter((o) => o.menu_name === m.name);
  return byName.length === 1 ? [byName[0]!.menu_id] : [];
}

async function importRoleMenus(
  trx: Transaction<Database>,
  data: RuoyiData,
  ids: IdMaps,
  ledger: ImportLedger,
): Promise<void> {
  const ours = await trx
    .selectFrom('sys_menu')
    .select(['menu_id', 'parent_id', 'menu_name', 'menu_type', 'path', 'perms'])
    .execute();
  const parentOf = new Map(ours.map((o) => [o.menu_id, o.parent_id]));
  const ryMenus = new Map(data.menus.map((m) => [m.id, m]));
  const ryRoleName = new Map(data.roles.map((r) => [r.id, r.name]));
  const unmatched = new Map<number, Set<string>>();
  const grants = new Map<number, Set<number>>();
  for (const [ryRole, ryMenu] of data.roleMenus) {
    const role = ids.roles.get(ryRole);
    if (role === undefined) continue; // the role itself is reported
    const menu = ryMenus.get(ryMenu);
    const targets = menu ? matchMenu(menu, ours) : [];
    if (targets.length === 0) {
      const roles = unmatched.get(ryMenu) ?? new Set<string>();
      roles.add(ryRoleName.get(ryRole) ?? String(ryRole));
      unmatched.set(ryMenu, roles);
      continue;
    }
    const set = grants.get(role) ?? new Set<number>();
    // With a menu its parents, or the sidebar cannot reach it in our tree.
    for (const t of targets)
      for (let id: number | undefined = t; id && !set.has(id); id = parentOf.get(id)) set.add(id);
    grants.set(role, set);
  }
  for (const [role, menus] of grants) {
    const have = new Set(
      (
        await trx
          .selectFrom('sys_role_menu')
          .select('menu_id')
          .where('role_id', '=', role)
          .execute()
      ).map((r) => r.menu_id),
    );
    const missing = [...menus].filter((m) => !have.has(m)).sort((a, b) => a - b);
    ledger.counts.roleMenu.matched += menus.size - missing.length;
    if (missing.length === 0) continue;
    await trx
      .insertInto('sys_role_menu')
      .values(missing.map((menu_id) => ({ role_id: role, menu_id })))
      .execute();
    ledger.counts.roleMenu.added += missing.length;
  }
  for (const [id, roles] of unmatched) {
    const m = ryMenus.get(id);
    const item = m
      ? `${m.name}${m.perms ? `（${m.perms}）` : m.path ? `（${m.path}）` : ''}`
      : `菜单 ${String(id)}`;
    ledger.skip(
      'roleMenu',
      item,
      m ? MSG.menuUnmatched([...roles].join('、')) : MSG.linkTargetMissing,
    );
  }
}
