import { ApiError } from '@dpms/http-client';
import type { ClosingRecord } from '@dpms/wire';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Upload from '../../components/upload';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { ClosedCasePage } from './ClosedCasePage';

const downloads = vi.hoisted(() => [] as string[]);
vi.mock('../../components/upload', async (original) => ({
  ...(await original<typeof Upload>()),
  downloadExport: (url: string) => {
    downloads.push(url);
    return Promise.resolve();
  },
}));
beforeEach(() => {
  downloads.length = 0;
});

const OK = { code: 200, msg: '操作成功' } as const;
const fees = { directFee: '0', technicalFee: '0', expertFee: '0', operateFee: '0', designFee: '0' };

/** A closed-case draft (status 0) as the closing list answers it. */
const draft: ClosingRecord = {
  closedId: 3,
  settleId: 3,
  kind: 'closed',
  kindName: '结案',
  contractId: 5,
  contractNo: 'HT-5',
  contractName: '结案合同',
  projectName: '结案项目',
  closedCaseAmount: '80',
  backAmount: '80',
  settleAmount: '0',
  originalFees: fees,
  fees,
  remark: '',
  status: 0,
  statusName: '草稿',
  approvalId: null,
  deptId: 110,
  userId: 10,
  createBy: 'xmjl',
  createByName: '李项目',
  version: 1,
  createTime: null,
  approvedTime: null,
};

const lost = () => new ApiError('HTTP.TIMEOUT', '请求超时，请稍后重试', 0, true);

/** The list, and `path` losing its first answer (applied or not, the browser never hears). */
function api(path: string, answer: unknown) {
  let first = true;
  return new FakeApi({
    '/v4/contract/closedCase/list': () => ({ ...OK, total: 1, rows: [draft] }),
    [path]: () => {
      if (first) {
        first = false;
        throw lost();
      }
      return answer;
    },
  });
}

const keysOf = (fake: FakeApi, path: string) =>
  fake.calls.filter((c) => c.url === path).map((c) => c.key);

describe('结案 list writes keep their Idempotency-Key across a retry', () => {
  it('送审 retried after a lost answer re-sends the same key', async () => {
    const path = '/v4/contract/closedCase/updateToApproval';
    const fake = api(path, { ...OK, data: { ...draft, status: 1, statusName: '审批中' } });
    renderWithApi(<ClosedCasePage />, fake);
    fireEvent.click(await screen.findByRole('button', { name: '送审' }));
    await waitFor(() => expect(keysOf(fake, path)).toHaveLength(1));
    expect(await screen.findByText('请求超时，请稍后重试')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '送审' }));
    await waitFor(() => expect(keysOf(fake, path)).toHaveLength(2));
    const [first, retry] = keysOf(fake, path);
    expect(first).toMatch(/\S{8,}/);
    expect(retry).toBe(first);
    expect(fake.sent(path)).toEqual([{ closedId: 3 }, { closedId: 3 }]);
  });

  it('删除 retried after a lost answer re-sends the same key', async () => {
    const path = '/v4/contract/closedCase/deleteById';
    const fake = api(path, OK);
    renderWithApi(<ClosedCasePage />, fake);
    const remove = async () => {
      fireEvent.click(await screen.findByRole('button', { name: '删除' }));
      const dialog = await screen.findByTestId('confirm-dialog');
      fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    };
    await remove();
    await waitFor(() => expect(keysOf(fake, path)).toHaveLength(1));
    await remove();
    await waitFor(() => expect(keysOf(fake, path)).toHaveLength(2));
    const [first, retry] = keysOf(fake, path);
    expect(first).toMatch(/\S{8,}/);
    expect(retry).toBe(first);
  });
});

describe('结案 and 结算 export what their list last searched', () => {
  it.each([
    ['结案', '/v4/contract/closedCase'],
    ['结算', '/contract/settle'],
  ])('%s', async (name, base) => {
    const fake = new FakeApi({
      [`${base}/list`]: () => ({ ...OK, total: 1, rows: [draft] }),
    });
    renderWithApi(<ClosedCasePage />, fake);
    if (name === '结算') fireEvent.click(await screen.findByRole('tab', { name: '结算' }));
    const kind = name === '结算' ? 'settle' : 'closed';
    // Typed but not searched: not what the rows on screen are, so not what is exported.
    fireEvent.change(await screen.findByLabelText('合同名称'), { target: { value: '科创' } });
    fireEvent.click(await screen.findByTestId(`closing-export-${kind}`));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]).toBe(`${base}/export`);
    fireEvent.click(screen.getByText('搜索'));
    await waitFor(() =>
      expect(fake.sent(`${base}/list`).at(-1)).toMatchObject({ contractName: '科创' }),
    );
    fireEvent.click(screen.getByTestId(`closing-export-${kind}`));
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(downloads[1]).toBe(`${base}/export?contractName=${encodeURIComponent('科创')}`);
  });
});
