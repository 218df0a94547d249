import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { ContractChildListPage } from './ContractChildListPage';
import { LixiangListPage } from './LixiangListPage';

const emptyPage = () => ({ code: 200, msg: '查询成功', total: 0, rows: [] });

// 全局搜索 opens a hit's list screen with its id: the screen opens that record's detail.
describe('a filing or sub-contract list opened from 全局搜索', () => {
  it('项目立项 opens ?lxId=’s detail', async () => {
    const api = new FakeApi({ '/v4/lixiang/list': emptyPage });
    renderWithApi(<LixiangListPage />, api, { path: '/?lxId=41' });
    await waitFor(() => expect(api.sent('/project/lixiang/detailById')).toEqual([{ lxId: 41 }]));
  });

  it('分包合同 opens ?contractChildId=’s detail', async () => {
    const api = new FakeApi({ '/v4/contractChild/list': emptyPage });
    renderWithApi(<ContractChildListPage />, api, { path: '/?contractChildId=7' });
    await waitFor(() =>
      expect(api.sent('/v4/contractChild/detailById')).toEqual([{ contractChildId: 7 }]),
    );
  });
});
