import type { Kysely } from 'kysely';
import type { Database } from '@dpms/sql';
import { measureEndpoints } from './endpoints.js';

const USERS = 10_000;

/** 10,000 users over eight departments, inserted 1,000 a statement. */
async function seedUsers(db: Kysely<Database>): Promise<void> {
  const depts = [110, 111, 112, 113, 114, 115, 102, 103];
  for (let start = 0; start < USERS; start += 1000) {
    await db
      .insertInto('sys_user')
      .values(
        Array.from({ length: 1000 }, (_, i) => ({
          user_name: `bench${start + i}`,
          nick_name: `压测用户${start + i}`,
          dept_id: depts[(start + i) % depts.length]!,
          password: 'x',
        })),
      )
      .execute();
  }
}

/**
 * `GET /getInfo` and `GET /system/user/list` (20 rows of 10,000 users) as admin, each against its
 * SQL ceiling and on the external server; and, as a detail row, an authenticated read of one
 * config value (the session check's cost). Writes bench-results/http-api-user-list.{json,md}.
 */
export async function main(): Promise<void> {
  await measureEndpoints({
    name: 'http-api-user-list',
    title: 'GET /getInfo and GET /system/user/list against their SQL ceiling',
    data: `${USERS.toLocaleString('en-US')} users`,
    seed: seedUsers,
    endpoints: [
      { figure: '/getInfo', path: '/getInfo', user: 'admin', order: 1.1 },
      {
        figure: '/system/user/list',
        path: '/system/user/list?pageNum=1&pageSize=20',
        user: 'admin',
        order: 1.2,
        check: (body) => {
          const total = (body as { total?: number }).total ?? 0;
          if (total < USERS) throw new Error(`user list total ${total} < ${USERS}`);
        },
      },
      {
        figure: '/system/config/configKey/platformName (session check + 1 read)',
        path: '/system/config/configKey/platformName',
        user: 'admin',
      },
    ],
  });
}
