import { buildSidebarMenu, generateRoutes, type ServerRoute } from '@dpms/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Sidebar } from './Sidebar';

const TREE: ServerRoute[] = [
  {
    path: '/approval',
    name: 'Approval',
    component: 'Layout',
    meta: { title: '审批管理', icon: 'approval' },
    children: [
      { path: 'todo', name: 'Todo', component: 'approval/todo/index', meta: { title: '待我审批' } },
      { path: 'mine', name: 'Mine', component: 'approval/mine/index', meta: { title: '我发起的' } },
    ],
  },
  {
    path: '/project',
    name: 'Project',
    component: 'Layout',
    alwaysShow: true,
    meta: { title: '项目管理', icon: 'project' },
    children: [
      {
        path: 'main',
        name: 'BusinessMainPage',
        component: 'project/main/index',
        meta: { title: '经营主页' },
      },
    ],
  },
  {
    path: '/system',
    name: 'System',
    component: 'Layout',
    meta: { title: '系统管理', icon: 'system' },
    children: [
      { path: 'user', name: 'User', component: 'system/user/index', meta: { title: '用户管理' } },
      {
        path: 'log',
        name: 'Log',
        component: 'ParentView',
        meta: { title: '日志管理' },
        children: [
          {
            path: 'operlog',
            name: 'Operlog',
            component: 'monitor/operlog/index',
            meta: { title: '操作日志' },
          },
          {
            path: 'logininfor',
            name: 'Logininfor',
            component: 'monitor/logininfor/index',
            meta: { title: '登录日志' },
          },
        ],
      },
    ],
  },
];

function renderSidebar(
  counts = { unDealCount: 0, unLookSeal: false },
  activeKey = '/welcome/welcome',
) {
  const items = buildSidebarMenu(generateRoutes(TREE).sidebarRoutes, counts);
  return render(
    <MemoryRouter>
      <Sidebar
        items={items}
        activeKey={activeKey}
        collapsed={false}
        platformName="设计项目管理系统"
        onNavigate={() => undefined}
      />
    </MemoryRouter>,
  );
}

const toggle = (title: string) => screen.getByRole('button', { name: new RegExp(title) });

describe('Sidebar', () => {
  it('keeps one submenu open at a time', () => {
    renderSidebar();
    fireEvent.click(toggle('审批管理'));
    expect(toggle('审批管理').getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle('系统管理'));
    expect(toggle('系统管理').getAttribute('aria-expanded')).toBe('true');
    expect(toggle('审批管理').getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the Approval badge as 99+ and hides it at 0', () => {
    const { unmount } = renderSidebar({ unDealCount: 150, unLookSeal: false });
    expect(screen.getByTestId('approval-badge').textContent).toBe('99+');
    unmount();
    renderSidebar({ unDealCount: 0, unLookSeal: false });
    expect(screen.queryByTestId('approval-badge')).toBeNull();
  });

  it('puts the seal dot on Project when the flag is set', () => {
    renderSidebar({ unDealCount: 0, unLookSeal: true });
    expect(screen.getByTestId('seal-dot')).toBeTruthy();
  });

  it('indents Log deeper than its siblings', () => {
    renderSidebar();
    fireEvent.click(toggle('系统管理'));
    const log = toggle('日志管理');
    const user = screen.getByRole('link', { name: '用户管理' });
    expect(parseFloat(log.style.paddingLeft)).toBeGreaterThan(parseFloat(user.style.paddingLeft));
  });

  it('opens the submenu of the active page', () => {
    renderSidebar(undefined, '/system/log/operlog');
    expect(toggle('系统管理').getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: '操作日志' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });
});
