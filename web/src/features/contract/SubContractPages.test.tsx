import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createContainer } from '../../app/container';
import { TOKENS } from '../../app/tokens';
import type * as UploadModule from '../../components/upload';
import {
  ContractChildListPage,
  ExtendSubContractListPage,
  LixiangListPage,
} from './SubContractPages';
import { renderInApp, signIn } from '../../test/render';

const downloads = vi.hoisted(() => [] as string[]);
vi.mock('../../components/upload', async (original) => ({
  ...(await original<typeof UploadModule>()),
  downloadExport: (url: string) => {
    downloads.push(url);
    return Promise.resolve();
  },
}));

/** Lists that answer nothing: what matters here is the query each list and export sends. */
class ListGateway {
  readonly queries: Record<string, unknown>[] = [];
  private page = (q: Record<string, unknown>) => {
    this.queries.push(q);
    return Promise.resolve({ rows: [], total: 0 });
  };
  lixiangList = this.page;
  childList = this.page;
  extendList = this.page;
}

function renderPage(node: ReactNode) {
  const container = createContainer();
  const gateway = new ListGateway();
  container.rebind(TOKENS.ContractGateway).toConstantValue(gateway as never);
  signIn(container, { permissions: ['*:*:*'] });
  renderInApp(container, node);
  return gateway;
}

const searchBar = () => within(screen.getByRole('search'));

describe('the filing, sub-contract and extension lists export what they last searched', () => {
  it.each([
    ['项目立项', () => <LixiangListPage />, '项目名称', '/v4/lixiang/export', 'projectName'],
    [
      '分包合同',
      () => <ContractChildListPage />,
      '收款单位',
      '/v4/contractChild/export',
      'receiveCompanyName',
    ],
    [
      '外委合同',
      () => <ExtendSubContractListPage />,
      '补充合同编号',
      '/v4/extendSubContract/export',
      'extendNo',
    ],
  ] as const)('%s', async (_title, page, label, path, key) => {
    downloads.length = 0;
    const gateway = renderPage(page());
    await waitFor(() => expect(gateway.queries).toHaveLength(1));
    fireEvent.change(searchBar().getByLabelText(label), { target: { value: '滨江' } });
    fireEvent.click(searchBar().getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(gateway.queries.at(-1)?.[key]).toBe('滨江'));
    // Typed but not searched: not what the rows on screen are, so not what is exported.
    fireEvent.change(searchBar().getByLabelText(label), { target: { value: '西溪' } });
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    expect(downloads).toEqual([`${path}?${key}=${encodeURIComponent('滨江')}`]);
  });
});
