import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RowActions } from './RowActions';

const Nothing = () => null;

describe('RowActions', () => {
  it('shows two actions inline with no 更多', () => {
    render(
      <RowActions>
        <button type="button">详情</button>
        <button type="button">删除</button>
      </RowActions>,
    );
    expect(screen.queryByRole('button', { name: /更多/ })).toBeNull();
    const row = screen.getByText('详情').parentElement!;
    expect(row.className).not.toContain('nth-child');
  });

  it('does not count children that render nothing (a HasPermi refusing)', () => {
    render(
      <RowActions>
        <button type="button">详情</button>
        <Nothing />
        {false}
        <Nothing />
        <button type="button">删除</button>
      </RowActions>,
    );
    expect(screen.queryByRole('button', { name: /更多/ })).toBeNull();
  });

  it('keeps the first of three inline, folds the rest behind 更多 and acts from the menu', () => {
    const remove = vi.fn();
    const edit = vi.fn();
    render(
      <RowActions>
        <button type="button">详情</button>
        <button type="button" onClick={edit}>
          修改
        </button>
        <Nothing />
        <button type="button" className="text-danger-600!" onClick={remove}>
          删除
        </button>
      </RowActions>,
    );
    const inline = screen.getByText('详情').parentElement!;
    // Everything after the first is hidden by CSS (jsdom has no stylesheet to apply it).
    expect(inline.className).toContain('[&>*:nth-child(n+2)]:hidden');
    const more = screen.getByRole('button', { name: /更多/ });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(more);
    const menu = screen.getByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['修改', '删除']);
    expect(items[1]!.className).toContain('text-danger-600');
    expect(document.activeElement).toBe(items[0]);
    // The menu is in a portal, outside the table's scrolling container.
    expect(inline.closest('[data-row-actions]')!.contains(menu)).toBe(false);

    fireEvent.click(items[1]!);
    expect(remove).toHaveBeenCalledTimes(1);
    expect(edit).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).toBeNull();
    // Focus is back on 更多, where a dialog the action opened will return it.
    expect(document.activeElement).toBe(more);
  });

  it('gives the focus back to 更多 on Tab, so Tab moves on from the row', () => {
    render(
      <RowActions>
        <button type="button">详情</button>
        <button type="button">修改</button>
        <button type="button">删除</button>
      </RowActions>,
    );
    const more = screen.getByRole('button', { name: /更多/ });
    fireEvent.click(more);
    fireEvent.keyDown(within(screen.getByRole('menu')).getAllByRole('menuitem')[0]!, {
      key: 'Tab',
    });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(more);
  });

  it('closes on Escape, returning focus to 更多, and on a click outside', () => {
    render(
      <div>
        <p>外面</p>
        <RowActions>
          <button type="button">详情</button>
          <button type="button">修改</button>
          <button type="button">删除</button>
        </RowActions>
      </div>,
    );
    const more = screen.getByRole('button', { name: /更多/ });
    fireEvent.click(more);
    const menu = screen.getByRole('menu');
    fireEvent.keyDown(within(menu).getAllByRole('menuitem')[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: '删除' }));
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(more);

    fireEvent.click(more);
    expect(screen.getByRole('menu')).toBeTruthy();
    fireEvent.mouseDown(screen.getByText('外面'));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('follows 更多 when the page scrolls under the open menu', () => {
    let top = 100;
    const rect = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockImplementation(() => new DOMRect(500, top, 40, 28));
    render(
      <RowActions>
        <button type="button">详情</button>
        <button type="button">修改</button>
        <button type="button">删除</button>
      </RowActions>,
    );
    fireEvent.click(screen.getByRole('button', { name: /更多/ }));
    expect(screen.getByRole('menu').style.top).toBe('132px');
    top = 60;
    fireEvent.scroll(window);
    expect(screen.getByRole('menu').style.top).toBe('92px');
    rect.mockRestore();
  });

  it('keeps an action that owns state mounted, so the dialog it opens from the menu stays', () => {
    function OwnDialog() {
      const [open, setOpen] = useState(false);
      return (
        <span>
          <button type="button" onClick={() => setOpen(true)}>
            送审
          </button>
          {open && <div role="dialog">送审对话框</div>}
        </span>
      );
    }
    render(
      <RowActions>
        <button type="button">详情</button>
        <button type="button">修改</button>
        <OwnDialog />
      </RowActions>,
    );
    fireEvent.click(screen.getByRole('button', { name: /更多/ }));
    fireEvent.click(screen.getByRole('menuitem', { name: '送审' }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByRole('dialog').textContent).toBe('送审对话框');
  });

  it('folds again when a re-render brings a third action', () => {
    const { rerender } = render(
      <RowActions>
        <button type="button">详情</button>
        <button type="button">修改</button>
      </RowActions>,
    );
    expect(screen.queryByRole('button', { name: /更多/ })).toBeNull();
    rerender(
      <RowActions>
        <button type="button">详情</button>
        <button type="button">修改</button>
        <button type="button">删除</button>
      </RowActions>,
    );
    expect(screen.getByRole('button', { name: /更多/ })).toBeTruthy();
  });
});
