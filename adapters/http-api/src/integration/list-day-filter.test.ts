/* eslint-disable @typescript-eslint/no-unsafe-member-access -- supertest bodies are untyped JSON */
import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import { apiClient } from '../test-support/api-client.js';

const ZONE_KEY = 'sys.institute.timeZone';
/** 00:30 on the 26th in Shanghai, still the 25th on a UTC server's clock. */
const JUST_AFTER_MIDNIGHT = new Date('2026-11-25T16:30:00Z');

/**
 * A list's day filter (params[beginTime]/params[endTime]) means the institute's days: a day
 * begins at midnight in the configured zone, whatever the server's own zone.
 */
describe("list day filters on the institute's clock", () => {
  let api: ApprovalTestApi;
  const { post, get, bodyOf, signIn, as } = apiClient(() => api);
  beforeAll(async () => {
    api = await openApprovalApi('embedded');
    await signIn('admin');
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  const usersOn = async (day: string) =>
    (
      await bodyOf(
        get('admin', '/system/user/list', {
          userName: 'midnight_user',
          'params[beginTime]': day,
          'params[endTime]': day,
        }),
        200,
      )
    ).total as number;

  const setZone = async (zone: string) => {
    const rows = (await bodyOf(get('admin', '/system/config/list', { configKey: ZONE_KEY }), 200))
      .rows as { configId: number }[];
    await bodyOf(
      request(api.app)
        .put('/prod-api/system/config')
        .set(as('admin'))
        .send({ configId: rows[0]!.configId, configValue: zone }),
      200,
    );
  };

  it('finds a user made at 00:30 on the 26th in Shanghai under the 26th, not the 25th', async () => {
    await bodyOf(
      post('admin', '/system/user', {
        userName: 'midnight_user',
        nickName: '午夜用户',
        password: 'Midnight#2026',
      }),
      200,
    );
    // The creation time is the server's own (no call sets it): the test moves it.
    await sql`update sys_user set create_time = ${JUST_AFTER_MIDNIGHT}
      where user_name = 'midnight_user'`.execute(api.database.handle.db);
    expect(await usersOn('2026-11-26')).toBe(1);
    expect(await usersOn('2026-11-25')).toBe(0);
  });

  it('follows the configured zone: in New York the same instant is the 25th', async () => {
    await setZone('America/New_York');
    try {
      expect(await usersOn('2026-11-25')).toBe(1);
      expect(await usersOn('2026-11-26')).toBe(0);
    } finally {
      await setZone('Asia/Shanghai');
    }
  });

  it('reads the config list by the same days', async () => {
    await sql`update sys_config set create_time = ${JUST_AFTER_MIDNIGHT}
      where config_key = ${ZONE_KEY}`.execute(api.database.handle.db);
    const configsOn = async (day: string) =>
      (
        await bodyOf(
          get('admin', '/system/config/list', {
            configKey: ZONE_KEY,
            'params[beginTime]': day,
            'params[endTime]': day,
          }),
          200,
        )
      ).total as number;
    expect(await configsOn('2026-11-26')).toBe(1);
    expect(await configsOn('2026-11-25')).toBe(0);
  });
});
