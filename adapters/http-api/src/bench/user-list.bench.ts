import { openTestDatabase } from '@dpms/sql/testing';
import {
  close,
  listenApi,
  listenBare,
  loadGet,
  ratio,
  ratioRow,
  resultRow,
  signIn,
  writeReport,
} from './bench-harness.js';

const USERS = 10_000;
const CONCURRENCY = 8;
const DURATION_MS = Number(process.env['BENCH_DURATION_MS'] ?? 5000);

const load = (url: string, headers: Record<string, string>) =>
  loadGet(url, headers, CONCURRENCY, DURATION_MS);

/**
 * `GET /system/user/list` (20 rows of 10,000 users, as admin, the embedded PostgreSQL server) against a bare
 * Express JSON endpoint answering a page of the same shape, measured side by side in one run.
 * Writes bench-results/http-api-user-list.{json,md}.
 */
export async function main(): Promise<void> {
  const database = await openTestDatabase('embedded');
  const depts = [110, 111, 112, 113, 114, 115, 102, 103];
  for (let start = 0; start < USERS; start += 1000) {
    await database.db
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
  const api = await listenApi(database);
  const auth = await signIn(api, 'admin');
  const listUrl = `${api.base}/prod-api/system/user/list?pageNum=1&pageSize=20`;
  const sample = await (await fetch(listUrl, { headers: auth })).json();

  const bare = await listenBare(sample);

  await load(`${bare.base}/bare`, {}); // warm-up
  const bareResult = await load(`${bare.base}/bare`, {});
  await load(listUrl, auth);
  const listResult = await load(listUrl, auth);
  // The cost of the session check alone: an authenticated read of one config value.
  const configResult = await load(
    `${api.base}/prod-api/system/config/configKey/platformName`,
    auth,
  );
  // What the web asks after every sign-in and reload: the user, their roles and permissions.
  const infoResult = await load(`${api.base}/prod-api/getInfo`, auth);
  // The same two reads on an API whose identity cache has no listener (every check reads fresh).
  const uncached = await listenApi(database, { identityCache: false });
  const uncachedAuth = await signIn(uncached, 'admin');
  const configUncached = await load(
    `${uncached.base}/prod-api/system/config/configKey/platformName`,
    uncachedAuth,
  );
  const infoUncached = await load(`${uncached.base}/prod-api/getInfo`, uncachedAuth);

  const report = {
    when: new Date().toISOString(),
    users: USERS,
    concurrency: CONCURRENCY,
    durationMs: DURATION_MS,
    bareExpress: bareResult,
    userList: listResult,
    authenticatedConfigRead: configResult,
    getInfo: infoResult,
    authenticatedConfigReadUncached: configUncached,
    getInfoUncached: infoUncached,
    ratio: ratio(listResult, bareResult),
  };
  const md = [
    `# GET /system/user/list (20 of ${USERS} users, embedded PostgreSQL) vs a bare Express JSON endpoint`,
    '',
    `${CONCURRENCY} concurrent clients, ${DURATION_MS} ms each, same process and machine.`,
    '',
    '| endpoint | requests/s | p50 ms | p99 ms |',
    '|---|---|---|---|',
    resultRow('bare Express', bareResult),
    resultRow('/system/user/list', listResult),
    resultRow('/system/config/configKey/platformName (session check + 1 read)', configResult),
    resultRow('/getInfo', infoResult),
    resultRow('… config read, identity cache off (session read fresh)', configUncached),
    resultRow('/getInfo, identity cache off', infoUncached),
    ratioRow(report.ratio),
    '',
  ].join('\n');
  writeReport('http-api-user-list', report, md);
  await close(api);
  await close(uncached);
  await close(bare);
  await database.close();
}
