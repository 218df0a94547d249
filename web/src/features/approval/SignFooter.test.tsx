import { render, screen } from '@testing-library/react';
import type { ApprovalDetailBO } from '@dpms/core';
import { describe, expect, it } from 'vitest';
import { SignatureImage, SignFooter } from './SignFooter';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('SignatureImage', () => {
  it('shows the server’s signature and avatar images, an inlined PNG and an object URL', () => {
    for (const url of [
      '/prod-api/system/user/profile/signature/u10',
      '/prod-api/profile/avatar/0b7c1f3e-3c2a-4a8e-9d8f-1a2b3c4d5e6f.png',
      PNG,
      'blob:http://localhost/5f0c',
    ]) {
      const { unmount } = render(<SignatureImage url={url} alt="签名" />);
      expect(screen.getByTestId('sign-image').getAttribute('src')).toBe(url);
      unmount();
    }
  });

  it('refuses a script, another origin, an API route or an SVG: no image at all', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:fetch("/prod-api/approval/flow/del")',
      'https://evil.example/sign.png',
      '//evil.example/sign.png',
      '/prod-api/approval/flow/del?flowId=1',
      'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
      '',
    ]) {
      const { container, unmount } = render(<SignatureImage url={url} alt="签名" />);
      expect(container.querySelector('img')).toBeNull();
      expect(screen.getByText('未留签名')).toBeTruthy();
      unmount();
    }
  });
});

describe('SignFooter: the opinion box keeps core’s limit of 20 characters', () => {
  const detail: ApprovalDetailBO = {
    creatorSignUrl: null,
    approvalNodeList: [],
    unApprovalList: [{ nodeId: 'n1', nodeName: '经营部' }],
    currentNodeName: '经营部',
  };
  const footer = (opinion: string) =>
    render(
      <SignFooter
        signtype={3}
        detail={detail}
        values={{ 'opinion-2': opinion }}
        onChange={() => undefined}
      />,
    );

  it('limits the box to 20 and shows nothing for 20 characters', () => {
    footer('同'.repeat(20));
    const box = screen.getByLabelText('审批意见');
    expect(box.getAttribute('maxlength')).toBe('20');
    expect(box.getAttribute('placeholder')).toBe('请输入审批意见（20字以内）');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the server’s message beside the box for 21', () => {
    footer('同'.repeat(21));
    expect(screen.getByRole('alert').textContent).toBe('审批意见不能超过20个字');
    expect(screen.getByLabelText('审批意见').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows a server 400 naming opinion beside the box, not elsewhere', () => {
    render(
      <SignFooter
        signtype={3}
        detail={detail}
        values={{ 'opinion-2': '同意' }}
        onChange={() => undefined}
        opinionError="审批意见含有不允许的内容"
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('审批意见含有不允许的内容');
    expect(screen.getByLabelText('审批意见').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('SignFooter: a signed row shows the image, the signer and the time', () => {
  it('names the signer and the minute they signed, and says 未留签名 where they left no image', () => {
    render(
      <SignFooter
        signtype={2}
        values={{}}
        detail={{
          creatorSignUrl: PNG,
          approvalNodeList: [
            {
              nodeId: 'n1',
              nodeName: '部门负责人',
              content: '同意',
              approvalUserSignUrl: PNG,
              approvalUserId: '16',
              approvalUserName: '孔所长',
              approvalTime: '2026-11-27T02:05:00.000Z',
            },
            {
              nodeId: 'n2',
              nodeName: '经营部',
              content: '同意',
              approvalUserSignUrl: null,
              approvalUserId: '2',
              approvalUserName: '王经营',
              approvalTime: '2026-11-27T03:10:00.000Z',
            },
          ],
          unApprovalList: [],
          currentNodeName: '',
        }}
      />,
    );
    const rows = screen.getAllByTestId('sign-row').filter((r) => r.dataset['kind'] === 'finished');
    expect(rows.map((r) => r.querySelector('[data-testid="sign-by"]')?.textContent)).toEqual([
      '孔所长 2026-11-27 10:05',
      '王经营 2026-11-27 11:10',
    ]);
    expect(rows[0]?.querySelector('img')?.getAttribute('src')).toBe(PNG);
    expect(rows[1]?.querySelector('img')).toBeNull();
    expect(rows[1]?.textContent).toContain('未留签名');
  });

  it('names the drafter and when the approval was sent under the 拟稿人 image', () => {
    render(
      <SignFooter
        signtype={2}
        values={{}}
        drafter={{ name: '周会计', time: '2026-11-27T01:00:00.000Z' }}
        detail={{
          creatorSignUrl: PNG,
          approvalNodeList: [],
          unApprovalList: [],
          currentNodeName: '',
        }}
      />,
    );
    const drafter = screen.getAllByTestId('sign-row').find((r) => r.dataset['kind'] === 'drafter');
    expect(drafter?.querySelector('[data-testid="sign-by"]')?.textContent).toBe(
      '周会计 2026-11-27 09:00',
    );
  });
});
