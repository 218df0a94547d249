import type { TabView } from '@dpms/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ShellContext, type ShellApi } from './ShellContext';
import { TagsView } from './TagsView';

const tab = (path: string, title: string, affix = false): TabView => ({
  path,
  fullPath: path,
  title,
  affix,
  noCache: false,
});

function renderStrip() {
  const api: ShellApi = {
    routerRoutes: [],
    tabs: {
      visited: [
        tab('/index', '首页', true),
        tab('/contract/list', '合同列表'),
        tab('/fund/loan', '借款管理'),
      ],
      cached: [],
      active: '/contract/list',
    },
    closeTab: vi.fn(),
    closeOthers: vi.fn(),
    closeAll: vi.fn(),
    refreshTab: vi.fn(),
    counts: {} as ShellApi['counts'],
  };
  render(
    <MemoryRouter>
      <ShellContext.Provider value={api}>
        <TagsView />
      </ShellContext.Provider>
    </MemoryRouter>,
  );
  return api;
}

describe('the tab strip from the keyboard', () => {
  it('moves between tabs with the arrow keys', () => {
    renderStrip();
    const active = screen.getByRole('link', { name: /合同列表/ });
    active.focus();
    fireEvent.keyDown(active, { key: 'ArrowRight' });
    expect(document.activeElement?.textContent).toBe('借款管理');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement?.textContent).toBe('首页');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement?.textContent).toBe('借款管理');
  });

  it('opens the menu with the menu key, walks it with the arrows, acts on an item, and Escape gives the focus back', () => {
    const api = renderStrip();
    const loans = screen.getByRole('link', { name: '借款管理' });
    loans.focus();
    // The menu key (or Shift+F10) sends a context menu event without a pointer position.
    fireEvent.contextMenu(loans.closest('[role="tab"]')!, { clientX: 0, clientY: 0 });
    const menu = screen.getByRole('menu', { name: '标签操作' });
    expect(document.activeElement?.textContent).toBe('刷新页面');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('关闭当前');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('关闭其他');
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    fireEvent.click(document.activeElement!);
    expect(api.closeTab).toHaveBeenCalledWith('/fund/loan');

    loans.focus();
    fireEvent.contextMenu(loans.closest('[role="tab"]')!, { clientX: 0, clientY: 0 });
    expect(screen.getByRole('menu')).toBeTruthy();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(loans);
  });
});
