import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { WelcomePage } from './WelcomePage';

describe('欢迎', () => {
  it('offers the shortcuts and the letters, with no developer’s icon picker', () => {
    renderWithApi(<WelcomePage />, new FakeApi({}), { permissions: [] });
    for (const name of ['个人中心', '项目主页', '调度日志'])
      expect(screen.getByRole('link', { name })).toBeTruthy();
    expect(screen.getByText('设计质量承诺书.pdf')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '选择图标' })).toBeNull();
    expect(screen.queryByText(/入口图标/)).toBeNull();
  });
});
