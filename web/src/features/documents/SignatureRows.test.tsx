import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SignatureRows } from './SignatureRows';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('SignatureRows: the printed signature block', () => {
  it('shows image, name and time for a signer with an image, and 未留签名 for one without', () => {
    render(
      <SignatureRows
        rows={[
          {
            key: 'a',
            node: '部门负责人',
            name: '孔所长',
            opinion: '同意',
            signUrl: PNG,
            time: '2026-11-27 10:05',
            pending: false,
          },
          {
            key: 'b',
            node: '经营部',
            name: '王经营',
            opinion: '同意',
            signUrl: null,
            time: '2026-11-27 11:10',
            pending: false,
          },
          {
            key: 'c',
            node: '总经理',
            name: '',
            opinion: '',
            signUrl: null,
            time: '',
            pending: true,
          },
        ]}
      />,
    );
    const row = (node: string) =>
      screen.getByRole('rowheader', { name: node }).closest('tr') as HTMLElement;
    expect(within(row('部门负责人')).getByRole('img').getAttribute('src')).toBe(PNG);
    expect(row('部门负责人').textContent).toContain('孔所长');
    expect(row('部门负责人').textContent).toContain('2026-11-27 10:05');
    expect(within(row('经营部')).queryByRole('img')).toBeNull();
    expect(row('经营部').textContent).toContain('未留签名');
    expect(row('经营部').textContent).toContain('王经营');
    expect(row('总经理').textContent).not.toContain('未留签名');
  });
});
