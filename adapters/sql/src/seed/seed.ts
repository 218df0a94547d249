import { hash } from '@node-rs/argon2';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../database/schema.js';
import {
  configs,
  DEMO_PASSWORD,
  DEMO_USERS,
  DEPT_LEADERS,
  DEPTS,
  DICTS,
  MAJORS,
  POSTS,
  ROLES,
  ROOT_DEPT_ID,
} from './demo-institute.js';
import { seedApprovalFlows } from './approval-flows.js';
import { seedApprovalSamples } from './approval-samples.js';
import { seedDemoContracts } from './demo-contracts.js';
import { seedDemoSignatures } from './demo-signatures.js';
import { seedDesignTasks } from './design-tasks.js';
import { seedInstituteClock } from './institute-clock.js';
import { seedServerMonitorMenu } from './monitor-server-menu.js';
import { seedCacheMonitorMenu } from './monitor-cache-menu.js';
import { claimSeed } from './seed-claim.js';
import { seedNoticeMenu } from './notice-menu.js';
import { seedFundDemo } from './fund-demo.js';
import { seedClosingDemo } from './closing-demo.js';
import { seedFundPlanDemo } from './fund-plan-demo.js';
import { seedAccountDemo } from './account-demo.js';
import { seedFundPayDemo } from './fund-pay-demo.js';
import { buildMenus, grantedMenuIds, ROLE_GRANTS } from './menus.js';
import { seedRuoYiLogDicts } from './ruoyi-log-dicts.js';

export type SeedMode = 'demo' | 'production';

export interface SeedOptions {
  /** 'demo' (default) seeds the demo institute and its accounts; 'production' seeds no demo user. */
  readonly mode?: SeedMode;
  /**
   * Production only: when given, an `admin` account with this password is created if no user named
   * `admin` exists (at first start or any later start). Demo mode always has `admin`/`admin123`.
   */
  readonly adminPassword?: string;
  /** Password hashing; argon2id (PHC string) by default, as the server verifies. */
  readonly hashPassword?: (password: string) => Promise<string>;
}

export interface SeedReport {
  /** True when the platform seed ran now; false when the database was already seeded. */
  readonly seeded: boolean;
  readonly adminCreated: boolean;
}

const SEED_NAME = 'platform';

/** NODE_ENV=production selects the production seed; ADMIN_PASSWORD (production only) creates `admin`. */
export function seedOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): SeedOptions {
  const production = env['NODE_ENV'] === 'production';
  const adminPassword = env['ADMIN_PASSWORD'];
  return production
    ? { mode: 'production', ...(adminPassword ? { adminPassword } : {}) }
    : { mode: 'demo' };
}
export const MIN_ADMIN_PASSWORD_LENGTH = 8;

export const hashPasswordArgon2id = (password: string): Promise<string> =>
  hash(password, { algorithm: 2 });

/**
 * Seeds an empty database once (recorded in `dpms_seed`), in one transaction. Later issues add
 * their own named seeds. Demo mode: the demo institute with a user for every role. Production:
 * roles, menus and grants, dictionaries, configs (captcha on), majors and the root department.
 */
export async function seedDatabase(
  db: Kysely<Database>,
  options: SeedOptions = {},
): Promise<SeedReport> {
  const mode = options.mode ?? 'demo';
  const hashPassword = options.hashPassword ?? hashPasswordArgon2id;
  if (mode === 'production' && options.adminPassword !== undefined) {
    if (options.adminPassword.length < MIN_ADMIN_PASSWORD_LENGTH) {
      throw new Error(`ADMIN_PASSWORD must have at least ${MIN_ADMIN_PASSWORD_LENGTH} characters`);
    }
  }
  // Hash outside the transaction: it is slow on purpose.
  const demoHash = mode === 'demo' ? await hashPassword(DEMO_PASSWORD) : undefined;
  const adminHash =
    mode === 'production' && options.adminPassword !== undefined
      ? await hashPassword(options.adminPassword)
      : undefined;

  return db.transaction().execute(async (trx) => {
    const seeded = await claimSeed(trx, SEED_NAME);
    if (seeded) await seedPlatform(trx, mode, demoHash);
    // The approval flows: claimed once by name, so a flow an administrator deleted stays
    // deleted, and a database seeded before the flows existed gets them at its next start.
    const flowsClaimed = await claimSeed(trx, 'approval-flows');
    if (flowsClaimed) await seedApprovalFlows(trx);
    // Demo approvals in every status, made through the engine, once, on a seeded demo institute.
    if (flowsClaimed && seeded && mode === 'demo') await seedApprovalSamples(trx);
    // Demo contracts: claimed once by name, on a demo institute seeded now.
    if (seeded && mode === 'demo' && (await claimSeed(trx, 'demo-contracts'))) {
      await seedDemoContracts(trx);
    }
    // The institute's time zone, in every mode and on databases seeded before it existed.
    await seedInstituteClock(trx);
    // 服务监控 under 系统监控, likewise.
    await seedServerMonitorMenu(trx);
    // 缓存监控 and 缓存列表 after it, likewise.
    await seedCacheMonitorMenu(trx);
    // 通知公告 under 系统管理 and its dictionaries, likewise.
    await seedNoticeMenu(trx);
    // Design tasks: the warning threshold, and demo task sheets on a demo institute.
    await seedDesignTasks(trx, { demo: mode === 'demo' });
    // Back money, loans and repayments on the demo task sheets, through the ledger.
    await seedFundDemo(trx, { demo: mode === 'demo' });
    // Demo closed cases and settlements on the demo contracts with back money.
    await seedClosingDemo(trx, { demo: mode === 'demo' });
    // Demo monthly fund plans and their execution on the demo contracts' departments.
    await seedFundPlanDemo(trx, { demo: mode === 'demo' });
    // Demo contract accounts, invoices (23_1) and employee costs after the fund demo.
    await seedAccountDemo(trx, { demo: mode === 'demo' });
    // Demo payment plans and fund payments, paid through the fund ledger.
    await seedFundPayDemo(trx, { demo: mode === 'demo' });
    // RuoYi's dictionaries of the logs and jobs, for RuoYi's own UI, in every mode.
    await seedRuoYiLogDicts(trx);
    let adminCreated = false;
    if (adminHash !== undefined) adminCreated = await ensureAdmin(trx, adminHash);
    return { seeded, adminCreated: adminCreated || (seeded && mode === 'demo') };
  });
}

async function seedPlatform(
  trx: Transaction<Database>,
  mode: SeedMode,
  demoHash: string | undefined,
): Promise<void> {
  const depts = mode === 'demo' ? DEPTS : DEPTS.filter((d) => d.deptId === ROOT_DEPT_ID);
  const ancestorsOf = (deptId: number): string => {
    const chain: number[] = [];
    let cur = DEPTS.find((d) => d.deptId === deptId);
    while (cur && cur.parentId !== 0) {
      chain.unshift(cur.parentId);
      cur = DEPTS.find((d) => d.deptId === cur?.parentId);
    }
    return ['0', ...chain].join(',');
  };
  await trx
    .insertInto('sys_dept')
    .values(
      depts.map((d) => ({
        dept_id: d.deptId,
        parent_id: d.parentId,
        ancestors: ancestorsOf(d.deptId),
        dept_name: d.deptName,
        order_num: d.orderNum,
        dept_type: d.deptType,
        leader_user_id: null,
        create_by: 'seed',
      })),
    )
    .execute();

  await trx
    .insertInto('sys_role')
    .values(
      ROLES.map((r, i) => ({
        role_id: r.roleId,
        role_key: r.roleKey,
        role_name: r.roleName,
        role_sort: i + 1,
        data_scope: r.dataScope,
      })),
    )
    .execute();

  await trx
    .insertInto('sys_post')
    .values(
      POSTS.map((p) => ({
        post_id: p.postId,
        post_code: p.postCode,
        post_name: p.postName,
        post_sort: p.postSort,
      })),
    )
    .execute();

  const menus = buildMenus();
  await trx
    .insertInto('sys_menu')
    .values(
      menus.map((m) => ({
        menu_id: m.menuId,
        parent_id: m.parentId,
        menu_name: m.menuName,
        menu_type: m.menuType,
        path: m.path,
        component: m.component,
        query: null,
        perms: m.perms,
        icon: m.icon,
        order_num: m.orderNum,
        route_name: m.routeName,
        visible: m.visible,
        always_show: m.alwaysShow,
      })),
    )
    .execute();
  const grants = Object.entries(ROLE_GRANTS).flatMap(([roleId, patterns]) =>
    grantedMenuIds(menus, patterns).map((menuId) => ({ role_id: Number(roleId), menu_id: menuId })),
  );
  await trx.insertInto('sys_role_menu').values(grants).execute();

  for (const [i, d] of DICTS.entries()) {
    await trx
      .insertInto('sys_dict_type')
      .values({
        dict_id: i + 1,
        dict_name: d.dictName,
        dict_type: d.dictType,
        remark: d.remark ?? '',
      })
      .execute();
    await trx
      .insertInto('sys_dict_data')
      .values(
        d.items.map(([label, value], j) => ({
          dict_type: d.dictType,
          dict_label: label,
          dict_value: value,
          dict_sort: j + 1,
          is_default: j === 0 ? 'Y' : 'N',
          list_class:
            d.dictType === 'sys_normal_disable'
              ? value === '0'
                ? 'primary'
                : 'danger'
              : 'default',
        })),
      )
      .execute();
  }

  await trx
    .insertInto('sys_config')
    .values(
      configs(mode).map((c) => ({
        config_name: c.configName,
        config_key: c.configKey,
        config_value: c.configValue,
        config_type: 'Y',
      })),
    )
    .execute();

  await trx
    .insertInto('sys_major')
    .values(
      MAJORS.map((m) => ({
        major_id: m.majorId,
        major_name: m.majorName,
        design_stage_id: m.designStageId,
        parent_id: m.parentId,
        order_num: m.orderNum,
      })),
    )
    .execute();

  if (mode === 'demo' && demoHash !== undefined) {
    await trx
      .insertInto('sys_user')
      .values(
        DEMO_USERS.map((u) => ({
          user_id: u.userId,
          dept_id: u.deptId,
          user_name: u.userName,
          nick_name: u.nickName,
          sex: u.sex,
          email: `${u.userName}@example.com`,
          phonenumber: `1380000${String(u.userId).padStart(4, '0')}`,
          password: demoHash,
          avatar: null,
          signature_file_id: null,
          password_changed_at: null,
          create_by: 'seed',
          remark: '演示账号',
        })),
      )
      .execute();
    await trx
      .insertInto('sys_user_role')
      .values(
        DEMO_USERS.flatMap((u) =>
          u.roleIds.map((roleId, i) => ({
            user_id: u.userId,
            role_id: roleId,
            is_default: i === 0,
          })),
        ),
      )
      .execute();
    await trx
      .insertInto('sys_user_post')
      .values(
        DEMO_USERS.flatMap((u) =>
          u.postIds.map((postId) => ({ user_id: u.userId, post_id: postId })),
        ),
      )
      .execute();
    for (const [deptId, userId] of DEPT_LEADERS) {
      await trx
        .updateTable('sys_dept')
        .set({ leader_user_id: userId })
        .where('dept_id', '=', deptId)
        .execute();
    }
    // Before the demo approvals: each action logs its signer's image as it is at that moment.
    await seedDemoSignatures(trx);
  }

  await resetIdentities(trx);
}

async function ensureAdmin(trx: Transaction<Database>, passwordHash: string): Promise<boolean> {
  const existing = await trx
    .selectFrom('sys_user')
    .select('user_id')
    .where('user_name', '=', 'admin')
    .executeTakeFirst();
  if (existing) return false;
  const user = await trx
    .insertInto('sys_user')
    .values({
      user_name: 'admin',
      nick_name: '系统管理员',
      dept_id: ROOT_DEPT_ID,
      password: passwordHash,
      avatar: null,
      signature_file_id: null,
      password_changed_at: null,
      create_by: 'seed',
    })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('sys_user_role')
    .values({ user_id: user.user_id, role_id: 1, is_default: true })
    .execute();
  return true;
}

/** After inserting fixed ids, move each identity sequence past the largest id. */
async function resetIdentities(trx: Transaction<Database>): Promise<void> {
  const tables: ReadonlyArray<readonly [string, string]> = [
    ['sys_dept', 'dept_id'],
    ['sys_user', 'user_id'],
    ['sys_role', 'role_id'],
    ['sys_post', 'post_id'],
    ['sys_menu', 'menu_id'],
    ['sys_dict_type', 'dict_id'],
    ['sys_dict_data', 'dict_code'],
    ['sys_config', 'config_id'],
    ['sys_major', 'major_id'],
  ];
  for (const [table, column] of tables) {
    await sql`select setval(pg_get_serial_sequence(${table}, ${column}), greatest(coalesce(max(${sql.ref(column)}), 0), 1000)) from ${sql.table(table)}`.execute(
      trx,
    );
  }
}
