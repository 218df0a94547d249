import type { Transaction } from 'kysely';
import { INSTITUTE_TIME_ZONE_CONFIG_KEY, instantOfWallClock, parseTimeZone } from '@dpms/core';
import type { Database } from '../database/schema.js';
import type { ImportLedger } from './import-report.js';
import type { RuoyiData } from './ruoyi-records.js';

/** The instant of a wall-clock `yyyy-MM-dd HH:mm:ss` in `zone`. */
function instantOf(wallClock: string, zone: string): Date {
  const [year, month, day, hour, minute, second] = wallClock.split(/[- :]/).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return instantOfWallClock({ year, month, day, hour, minute, second }, zone);
}

/**
 * 通知公告: a RuoYi notice is ours already when we hold one with its title and its (sanitized)
 * content, and is then left as we have it; otherwise it comes in with RuoYi's type, status,
 * author and time (RuoYi writes its server's clock, read as the institute's). A notice without
 * a time (RuoYi's sysdate() in its seed) takes the import's.
 */
export async function importNotices(
  trx: Transaction<Database>,
  data: RuoyiData,
  ledger: ImportLedger,
): Promise<void> {
  if (data.notices.length === 0) return;
  const zone = parseTimeZone(
    (
      await trx
        .selectFrom('sys_config')
        .select('config_value')
        .where('config_key', '=', INSTITUTE_TIME_ZONE_CONFIG_KEY)
        .executeTakeFirst()
    )?.config_value,
  );
  const keyOf = (title: string, content: string) => `${title}\u0000${content}`;
  const ours = new Set(
    (await trx.selectFrom('sys_notice').select(['notice_title', 'notice_content']).execute()).map(
      (n) => keyOf(n.notice_title, n.notice_content),
    ),
  );
  for (const n of data.notices) {
    const key = keyOf(n.noticeTitle, n.noticeContent);
    if (ours.has(key)) {
      ledger.counts.notice.matched += 1;
      continue;
    }
    await trx
      .insertInto('sys_notice')
      .values({
        notice_title: n.noticeTitle,
        notice_type: n.noticeType,
        notice_content: n.noticeContent,
        status: n.status,
        create_by: n.createBy,
        ...(n.createTime ? { create_time: instantOf(n.createTime, zone) } : {}),
        remark: n.remark,
      })
      .execute();
    ours.add(key);
    ledger.counts.notice.added += 1;
  }
}
