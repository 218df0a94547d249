import type { ContractRecord } from '@dpms/http-client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { ViewContext } from '../../app/view-context';
import { ContractListView } from './ContractLists';
import { aContractRecord } from '@dpms/wire/testing';

/** A contract as the API answers it: the whole wire record (the shared builder), which the gateway parses. */
const contract = (contractId: number, contractName: string, status: -1 | 0): ContractRecord =>
  aContractRecord({
    contractId,
    stageName: '合同',
    status,
    statusName: status === 0 ? '审批中' : '待提交',
    approvalId: status === 0 ? '9' : null,
    projectName: `${contractName}项目`,
    contractName,
    contractNo: `HT-${String(contractId)}`,
  });

const api = () =>
  new FakeApi({
    '/v4/contract/list': () => ({
      code: 200,
      msg: '查询成功',
      total: 2,
      rows: [contract(1, '草稿合同', -1), contract(2, '评审中合同', 0)],
    }),
  });

const rowOf = async (name: string) => within((await screen.findByText(name)).closest('tr')!);
const BUTTONS = ['修改', '提交评审', '删除'];

describe('合同 list offers only what the server accepts', () => {
  it('offers nothing to change to a role that only reads contracts (the project manager)', async () => {
    renderWithApi(<ContractListView mode="contract" />, api(), {
      permissions: ['project:contract:list', 'project:contract:query'],
    });
    for (const name of ['草稿合同', '评审中合同']) {
      const row = await rowOf(name);
      for (const label of BUTTONS) expect(row.queryByText(label)).toBeNull();
    }
  });

  it('offers 修改, 提交评审 and 删除 on a draft only, to a role holding them', async () => {
    renderWithApi(<ContractListView mode="contract" />, api(), {
      permissions: ['project:contract:list', 'project:contract:edit', 'project:contract:remove'],
    });
    const draft = await rowOf('草稿合同');
    for (const label of BUTTONS) expect(draft.getByText(label)).toBeTruthy();
    const inReview = await rowOf('评审中合同');
    for (const label of BUTTONS) expect(inReview.queryByText(label)).toBeNull();
  });
});

describe('合同 list names people', () => {
  it('shows the 创建人 by name, never the login the record keeps', async () => {
    const record = {
      ...contract(3, '王经营的合同', -1),
      createBy: 'jingying',
      createByName: '王经营',
    };
    const one = new FakeApi({
      '/v4/contract/list': () => ({ code: 200, msg: '查询成功', total: 1, rows: [record] }),
    });
    renderWithApi(<ContractListView mode="contract" />, one, {
      permissions: ['project:contract:list'],
    });
    const row = await rowOf('王经营的合同');
    expect(row.getByText('王经营')).toBeTruthy();
    expect(row.queryByText('jingying')).toBeNull();
  });
});

describe('合同 list heading', () => {
  it("says what the menu says, then the chosen stage's own title once switched", async () => {
    renderWithApi(
      <ViewContext.Provider
        value={{ path: '/project/contractList', params: {}, active: true, title: '合同台账' }}
      >
        <ContractListView mode="formal" />
      </ViewContext.Provider>,
      api(),
    );
    await screen.findByRole('heading', { name: '合同台账' });
    fireEvent.change(screen.getByLabelText('合同阶段'), { target: { value: 'contract' } });
    await screen.findByRole('heading', { name: '审批合同' });
    expect(screen.queryByText('合同台账')).toBeNull();
  });
});

describe('合同 list opened from 全局搜索', () => {
  it('opens the asked contract’s detail from ?contractId=', async () => {
    const calls = api();
    renderWithApi(<ContractListView mode="formal" />, calls, { path: '/?contractId=2' });
    await waitFor(() =>
      expect(calls.calls.some((c) => c.url.includes('/project/contract/detail'))).toBe(true),
    );
    expect(calls.calls.find((c) => c.url.includes('/project/contract/detail'))?.input).toEqual({
      contractId: 2,
    });
  });
});
