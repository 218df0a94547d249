import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { ApprovalAllPage, ApprovalMinePage, ApprovalTodoPage } from './ApprovalCenterPages';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

const EMPTY_LIST = () => ({ code: 200, msg: '', rows: [], total: 0 });

// Each approval-centre list opens an approval named by ?approvalId= (the bell of 抄送/催办
// notices, a hit of 全局搜索): a caller holding only 待我审批 or 我发起的 has no 全部审批.
describe.each([
  ['全部审批', '/approval/all', ApprovalAllPage],
  ['待我审批', '/approval/todo', ApprovalTodoPage],
  ['我发起的', '/approval/mine', ApprovalMinePage],
] as const)('%s opened for one approval', (_name, path, Page) => {
  it('opens the approval ?approvalId= names, then drops the ask from the address', async () => {
    const api = new FakeApi({
      '/project/approval/getAllApprovalList': EMPTY_LIST,
      '/project/approval/getAllNeedApprovalList': EMPTY_LIST,
      '/project/approval/getSelfCreateList': EMPTY_LIST,
      '/project/approval/getCommonApprovalDetail': () => {
        throw new Error('审批不存在或已被删除');
      },
      '/system/user/profile/signature': () => ({
        code: 200,
        msg: '',
        data: { signFileId: null, signUrl: null },
      }),
    });
    renderWithApi(
      <>
        <Page />
        <Where />
      </>,
      api,
      { path: `${path}?approvalId=7` },
    );
    expect(await screen.findByTestId('approval-detail')).toBeTruthy();
    await waitFor(() =>
      expect(api.sent('/project/approval/getCommonApprovalDetail')).toEqual([{ serviceId: '7' }]),
    );
    expect(screen.getByTestId('where').textContent).toBe(path);
  });
});
