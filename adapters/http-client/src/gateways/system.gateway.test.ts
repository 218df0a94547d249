import type { AxiosAdapter } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { HttpClient } from '../client.js';
import { ConfigGateway, DictGateway, type DictType, type SysConfig } from './system.gateway.js';

const CONFIG: SysConfig = {
  configId: 7,
  configName: '院所时区',
  configKey: 'sys.institute.timeZone',
  configValue: 'Asia/Shanghai',
  configType: 'Y',
  remark: '',
  createTime: '2026-11-25T16:30:00.000Z',
};
const TYPE: DictType = {
  dictId: 1,
  dictName: '用户性别',
  dictType: 'sys_user_sex',
  status: '0',
  remark: '',
  createTime: '2026-11-25T16:30:00.000Z',
};

function http(answer: () => unknown) {
  const adapter: AxiosAdapter = (config) =>
    Promise.resolve({ status: 200, statusText: '', headers: {}, config, data: answer() });
  return new HttpClient({
    tokens: { get: () => 't' },
    ui: { confirm: vi.fn(() => Promise.resolve(false)), error: vi.fn(), logout: vi.fn() },
    adapter,
  });
}

describe('the config and dictionary gateways parse answers with the wire records', () => {
  it('reads a page of configs as the API answers it', async () => {
    const gateway = new ConfigGateway(
      http(() => ({ code: 200, msg: '查询成功', total: 1, rows: [CONFIG] })),
    );
    expect(await gateway.list()).toEqual({ total: 1, rows: [CONFIG] });
  });

  it('refuses a malformed config page naming the call and the field', async () => {
    const gateway = new ConfigGateway(
      http(() => ({
        code: 200,
        msg: '查询成功',
        total: 1,
        rows: [{ ...CONFIG, configType: 'X' }],
      })),
    );
    const failure = await gateway.list().catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: 'HTTP.MALFORMED_ANSWER' });
    expect((failure as Error).message).toContain('/system/config/list');
    expect((failure as Error).message).toContain('rows.0.configType');
  });

  it('refuses a dictionary type whose answer lacks its fields', async () => {
    const { dictType: _, ...partial } = TYPE;
    const gateway = new DictGateway(http(() => ({ code: 200, msg: '操作成功', data: partial })));
    const failure = await gateway.type(1).catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: 'HTTP.MALFORMED_ANSWER' });
    const ok = new DictGateway(http(() => ({ code: 200, msg: '操作成功', data: TYPE })));
    expect(await ok.type(1)).toEqual(TYPE);
  });
});
