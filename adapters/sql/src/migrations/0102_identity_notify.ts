import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their day */

/**
 * `identity_notify`: every change that alters who a signed-in caller is, or what their role
 * grants, is announced on the `dpms_identity` channel by a trigger, in the transaction that makes
 * it (delivered at its commit), so every API instance's per-session cache drops what it held and
 * no code path can forget to tell it. A payload is `kind:id`:
 *
 * - `session:<uuid>`: a session revoked (logout, role change, ended sessions), moved to another
 *   user or role, its expiry brought forward, or an active one deleted. Sliding the expiry forward
 *   (the once-a-minute touch) is not announced: each instance checks expiry against its clock.
 * - `user:<id>`: a user's status, deletion flag, password, department or login name changed, the
 *   row deleted, or their role assignments changed.
 * - `role:<id>`: a role's status, deletion flag, data scope, key or name changed, the row deleted,
 *   or its menus (permissions) or custom departments changed.
 * - `menu:<id>`: a menu's permission string or status changed, or the menu deleted (any role's
 *   permissions may change).
 * - `all:*`: one of these tables was truncated.
 *
 * PostgreSQL folds identical payloads of one transaction into one notification, so replacing a
 * role's hundred menus announces `role:<id>` once.
 */
const IDENTITY_TABLES = [
  'auth_session',
  'sys_user',
  'sys_user_role',
  'sys_role',
  'sys_role_menu',
  'sys_role_dept',
  'sys_menu',
];

export async function up(db: Kysely<any>): Promise<void> {
  const statements = [
    `create function dpms_identity_notify() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then
          perform pg_notify('dpms_identity', tg_argv[0] || ':' || (to_jsonb(old) ->> tg_argv[1]));
        end if;
        if tg_op <> 'DELETE' then
          perform pg_notify('dpms_identity', tg_argv[0] || ':' || (to_jsonb(new) ->> tg_argv[1]));
        end if;
        return null;
      end
    $$`,
    `create function dpms_identity_notify_all() returns trigger language plpgsql as $$
      begin
        perform pg_notify('dpms_identity', 'all:*');
        return null;
      end
    $$`,
    `create trigger auth_session_identity_update after update on auth_session for each row
      when (old.revoked_at is distinct from new.revoked_at
        or old.user_id <> new.user_id or old.role_id <> new.role_id
        or new.expires_at < old.expires_at)
      execute function dpms_identity_notify('session', 'session_id')`,
    `create trigger auth_session_identity_delete after delete on auth_session for each row
      when (old.revoked_at is null)
      execute function dpms_identity_notify('session', 'session_id')`,
    `create trigger sys_user_identity_update after update on sys_user for each row
      when ((old.status, old.del_flag, old.password, old.dept_id, old.user_name)
        is distinct from (new.status, new.del_flag, new.password, new.dept_id, new.user_name))
      execute function dpms_identity_notify('user', 'user_id')`,
    `create trigger sys_user_identity_delete after delete on sys_user for each row
      execute function dpms_identity_notify('user', 'user_id')`,
    `create trigger sys_user_role_identity after insert or update or delete on sys_user_role
      for each row execute function dpms_identity_notify('user', 'user_id')`,
    `create trigger sys_role_identity_update after update on sys_role for each row
      when ((old.status, old.del_flag, old.data_scope, old.role_key, old.role_name)
        is distinct from (new.status, new.del_flag, new.data_scope, new.role_key, new.role_name))
      execute function dpms_identity_notify('role', 'role_id')`,
    `create trigger sys_role_identity_delete after delete on sys_role for each row
      execute function dpms_identity_notify('role', 'role_id')`,
    `create trigger sys_role_menu_identity after insert or update or delete on sys_role_menu
      for each row execute function dpms_identity_notify('role', 'role_id')`,
    `create trigger sys_role_dept_identity after insert or update or delete on sys_role_dept
      for each row execute function dpms_identity_notify('role', 'role_id')`,
    `create trigger sys_menu_identity_update after update on sys_menu for each row
      when ((old.perms, old.status) is distinct from (new.perms, new.status))
      execute function dpms_identity_notify('menu', 'menu_id')`,
    `create trigger sys_menu_identity_delete after delete on sys_menu for each row
      execute function dpms_identity_notify('menu', 'menu_id')`,
    ...IDENTITY_TABLES.map(
      (table) => `create trigger ${table}_identity_truncate after truncate on ${table}
        for each statement execute function dpms_identity_notify_all()`,
    ),
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}
