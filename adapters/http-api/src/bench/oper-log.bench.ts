import { sql } from 'kysely';
import { openBenchDatabase } from './bench-databases.js';
import {
  close,
  fmt,
  inTurns,
  closedLoopRaw,
  listenApi,
  resultRow,
  signIn,
  writeReport,
  type Listening,
} from './bench-harness.js';
import { type Figure, figuresTable } from './figures.js';

const CLIENTS = 8;
const DURATION_MS = Number(process.env['BENCH_DURATION_MS'] ?? 12_000);
const ROUNDS = 24;
/** The goal: 操作日志 adds no more than 5% to a write's time. */
const GOAL = 0.95;

/**
 * What 操作日志 costs a write: `PUT /system/post` (修改岗位, a logged write with a body to mask
 * and record) by 8 clients, each on a post of its own, on two instances of the API over one
 * database, one with the operation log and one without, in turns (with, without, with, …) so a
 * burst of other work falls on both alike. The ratio is the throughput with the log over the
 * throughput without it (a closed loop: the inverse of the mean time of a write), the mean of two
 * instances without it that take the same turns; their ratio to each other is the noise floor
 * of the run, reported beside the figure.
 * Writes bench-results/http-api-oper-log.{json,md}.
 */
export async function main(): Promise<void> {
  const database = await openBenchDatabase('embedded');
  const logged = await listenApi(database);
  const bare = await listenApi(database, { operLog: false });
  // A second instance without the log: two identical instances in the same turns show how far
  // the ratio strays with no difference at all (the run's noise floor).
  const twin = await listenApi(database, { operLog: false });
  try {
    const posts = await database.db
      .insertInto('sys_post')
      .values(
        Array.from({ length: CLIENTS }, (_, i) => ({
          post_code: `bench${i}`,
          post_name: `压测岗位${i}`,
          post_sort: 90 + i,
        })),
      )
      .returning('post_id')
      .execute();
    const edits = async (api: Listening) => {
      const headers = {
        ...(await signIn(api, 'admin')),
        'Content-Type': 'application/json',
      };
      let n = 0;
      return (durationMs: number) =>
        closedLoopRaw(CLIENTS, durationMs, (client) => async () => {
          n += 1;
          const res = await fetch(`${api.base}/prod-api/system/post`, {
            method: 'PUT',
            headers,
            body: JSON.stringify({ postId: posts[client]!.post_id, remark: `第 ${n} 次修改` }),
          });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`PUT /system/post: ${res.status}`);
        });
    };
    const withLog = await edits(logged);
    const withoutLog = await edits(bare);
    const withoutLogTwin = await edits(twin);
    // Warm them (connections, plans), then clear what the warm-up logged.
    await withLog(1000);
    await withoutLog(1000);
    await withoutLogTwin(1000);
    const count = async () =>
      Number(
        (await sql<{ n: string }>`select count(*) as n from sys_oper_log`.execute(database.db))
          .rows[0]?.n ?? 0,
      );
    const before = await count();
    const [on, off, same] = await inTurns(DURATION_MS, ROUNDS, [
      withLog,
      withoutLog,
      withoutLogTwin,
    ]);
    // The log is written after each answer: read its count until it stops growing.
    let after = await count();
    for (let next = await count(); next !== after; next = await count()) after = next;
    if (!on || !off || !same) throw new Error('no run');
    // Every write of the logged instance left its row (after its answer, so wait for the last).
    const logRows = after - before;
    // Against both instances without the log: whichever runs right after the logged one takes
    // the end of its last gathered insert, and with three loads in rotation that is not always
    // the same one of the two (bench-harness.ts, inTurns).
    const withoutRps = (off.rps + same.rps) / 2;
    const ratio = on.rps / withoutRps;
    const figure: Figure = {
      order: 7.1,
      figure: '操作日志 on a write (PUT /system/post)',
      measured: `${fmt(on.rps)} writes/s with the log, p50 ${fmt(on.p50)} ms`,
      ceiling: `${fmt(withoutRps)} writes/s without it (two instances, ${fmt(off.rps)} and ${fmt(same.rps)}), p50 ${fmt(off.p50)} ms`,
      ratio,
      goal: `≥ ${GOAL} (adds ≤ 5%)`,
      met: ratio >= GOAL,
      note: `${logRows} log rows for ${on.requests} logged writes; two identical instances without the log, same turns: ${(same.rps / off.rps).toFixed(2)}`,
    };
    const md = [
      `# 操作日志's cost on a write (${CLIENTS} clients, ${DURATION_MS / 1000} s in ${ROUNDS} turns each)`,
      '',
      '| load | requests/s | p50 ms | p99 ms |',
      '|---|---|---|---|',
      resultRow('PUT /system/post with 操作日志', on),
      resultRow('PUT /system/post without it', off),
      resultRow('PUT /system/post without it, a second instance', same),
      '',
      figuresTable([figure]),
      '',
    ].join('\n');
    writeReport(
      'http-api-oper-log',
      { clients: CLIENTS, on, off, same, logRows, figures: [figure] },
      md,
    );
  } finally {
    await close(logged);
    await close(bare);
    await close(twin);
    await database.close();
  }
}
