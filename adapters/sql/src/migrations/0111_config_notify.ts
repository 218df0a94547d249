import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their day */

/**
 * `config_notify`: every change to 参数设置 (sys_config) is announced on the `dpms_config` channel
 * by a trigger, in the transaction that makes it (delivered at its commit), so every API
 * instance's config cache drops the key and no code path (a route, an import, a hand-run UPDATE)
 * can forget to tell it. The payload is the changed key (the old and the new one of a renamed
 * key); `*` when the table was truncated.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const statements = [
    `create function dpms_config_notify() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then
          perform pg_notify('dpms_config', old.config_key);
        end if;
        if tg_op <> 'DELETE' then
          perform pg_notify('dpms_config', new.config_key);
        end if;
        return null;
      end
    $$`,
    `create function dpms_config_notify_all() returns trigger language plpgsql as $$
      begin
        perform pg_notify('dpms_config', '*');
        return null;
      end
    $$`,
    `create trigger sys_config_notify after insert or update or delete on sys_config
      for each row execute function dpms_config_notify()`,
    `create trigger sys_config_notify_truncate after truncate on sys_config
      for each statement execute function dpms_config_notify_all()`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}
