import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { ApprovalAllPage } from './ApprovalCenterPages';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

describe('全部审批 opened for one approval (the bell of 抄送/催办 notices)', () => {
  it('opens the approval ?approvalId= names, then drops the ask from the address', async () => {
    const api = new FakeApi({
      '/project/approval/getAllApprovalList': () => ({ code: 200, msg: '', rows: [], total: 0 }),
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
        <ApprovalAllPage />
        <Where />
      </>,
      api,
      { path: '/approval/all?approvalId=7' },
    );
    expect(await screen.findByTestId('approval-detail')).toBeTruthy();
    await waitFor(() =>
      expect(api.sent('/project/approval/getCommonApprovalDetail')).toEqual([{ serviceId: '7' }]),
    );
    expect(screen.getByTestId('where').textContent).toBe('/approval/all');
  });
});
