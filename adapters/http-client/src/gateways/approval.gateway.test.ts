import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { AxiosError } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-error.js';
import { HttpClient } from '../client.js';
import { ApprovalGateway } from './approval.gateway.js';

function setup(reply: (c: InternalAxiosRequestConfig) => { status: number; data: unknown }) {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = (config) => {
    seen.push(config);
    const r = reply(config);
    const response = { status: r.status, statusText: '', headers: {}, config, data: r.data };
    return r.status >= 400
      ? Promise.reject(new AxiosError('failed', 'ERR_BAD_RESPONSE', config, {}, response))
      : Promise.resolve(response);
  };
  const http = new HttpClient({
    tokens: { get: () => 't' },
    ui: { confirm: vi.fn(() => Promise.resolve(false)), error: vi.fn(), logout: vi.fn() },
    adapter,
  });
  return { gateway: new ApprovalGateway(http), seen };
}

const OUTCOME = {
  code: 200,
  msg: '操作成功',
  data: { approvalId: '7', status: 0, version: 3, currentNodeName: '经营部' },
};

describe('ApprovalGateway', () => {
  it('sends the Idempotency-Key and the version with an action', async () => {
    const { gateway, seen } = setup(() => ({ status: 200, data: OUTCOME }));
    const answer = await gateway.process(
      { approvalId: '7', action: 'approve', version: 2, opinion: '同意' },
      'key-1',
    );
    expect(answer).toEqual({ approvalId: '7', status: 0, version: 3, currentNodeName: '经营部' });
    expect(seen[0]?.url).toBe('/project/approval/process');
    expect(seen[0]?.headers.get('Idempotency-Key')).toBe('key-1');
    expect(JSON.parse(String(seen[0]?.data))).toMatchObject({ version: 2, action: 'approve' });
  });

  it('creates and updates through the kind’s own calls; archives have no update', async () => {
    const { gateway, seen } = setup(() => ({ status: 200, data: OUTCOME }));
    await gateway.create('Seal', { typeCode: '25_1', content: {} }, 'k');
    await gateway.update('Contract', { approvalId: '7', version: 1, content: {} }, 'k2');
    expect(seen.map((c) => c.url)).toEqual([
      '/project/approval/addSealTemplate',
      '/project/approval/updateContractTemplate',
    ]);
    await expect(
      gateway.update('ArchivesApproval', { approvalId: '7', version: 1, content: {} }, 'k3'),
    ).rejects.toThrow();
  });

  it('a stale version answers an ApiError with 409 and the server’s message', async () => {
    const { gateway } = setup(() => ({
      status: 409,
      data: {
        code: 409,
        msg: '该审批已被他人处理或已更新，请刷新后重试',
        errorCode: 'APPROVAL.STALE_VERSION',
      },
    }));
    const failure = gateway.process({ approvalId: '7', action: 'reject', version: 1 }, 'k');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 409,
      code: 'APPROVAL.STALE_VERSION',
      message: '该审批已被他人处理或已更新，请刷新后重试',
    });
  });

  it('uploads the signature as multipart, not as JSON', async () => {
    const { gateway, seen } = setup(() => ({
      status: 200,
      data: { code: 200, msg: '操作成功', data: { signFileId: 'a', signUrl: '/prod-api/x' } },
    }));
    const form = new FormData();
    form.append('signaturefile', new Blob(['x']), 's.png');
    await gateway.uploadSignature(form);
    expect(seen[0]?.data).toBeInstanceOf(FormData);
  });

  it('parses each answer with the wire schema: a wrong-typed field is a malformed answer', async () => {
    const { gateway } = setup(() => ({
      status: 200,
      data: { ...OUTCOME, data: { ...OUTCOME.data, version: '3' } },
    }));
    await expect(
      gateway.process({ approvalId: '7', action: 'approve', version: 2 }, 'k'),
    ).rejects.toMatchObject({ code: 'HTTP.MALFORMED_ANSWER' });
  });
});
