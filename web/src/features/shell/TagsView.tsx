import { isTabClosable, tabMenuOptions, type TabView } from '@dpms/core';
import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
} from 'react';
import { Link } from 'react-router';
import { useShell } from './ShellContext';

/** Whether the strip holds more tabs than it shows, kept up to date as it or its tabs change. */
function useOverflow(strip: RefObject<HTMLDivElement | null>, tabCount: number): boolean {
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const el = strip.current;
    if (!el) return;
    const measure = () => setOverflowing(el.scrollWidth > el.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [strip, tabCount]);
  return overflowing;
}

/**
 * The strip of visited pages: fixed tabs, close icons, middle-click close and a context menu.
 * When the tabs outrun the strip it scrolls (the wheel too), keeps the active tab in view, and
 * shows arrows and a menu that closes the others or all.
 */
export function TagsView() {
  const { tabs, closeTab, closeOthers, closeAll, refreshTab } = useShell();
  const [menu, setMenu] = useState<{ x: number; y: number; path: string } | null>(null);
  const strip = useRef<HTMLDivElement>(null);
  const menuList = useRef<HTMLUListElement>(null);
  /** What had the focus when the menu opened: Escape gives it back. */
  const opener = useRef<HTMLElement | null>(null);
  const openMenu = (at: { x: number; y: number; path: string }) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setMenu(at);
  };
  const overflowing = useOverflow(strip, tabs.visited.length);
  useEffect(() => {
    strip.current
      ?.querySelector('[aria-selected="true"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [tabs.active, tabs.visited.length]);
  const scrollBy = (dx: number) => strip.current?.scrollBy?.({ left: dx, behavior: 'smooth' });
  useEffect(() => {
    if (!menu) return;
    // Opened from the keyboard or the mouse alike, the first item takes the focus.
    menuList.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const close = () => setMenu(null);
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') {
        setMenu(null);
        opener.current?.focus();
      } else if (e.key === 'Tab') setMenu(null);
    };
    window.addEventListener('click', close);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('click', close);
      window.removeEventListener('keydown', onKey);
    };
  }, [menu]);

  const onMouseUp = (event: MouseEvent, tab: TabView) => {
    if (event.button === 1 && isTabClosable(tab)) {
      event.preventDefault();
      closeTab(tab.path);
    }
  };
  const options = menu ? tabMenuOptions(tabs, menu.path) : undefined;
  /** Arrow keys (and Home/End) move between the elements `selector` finds in `within`. */
  const moveFocus = (
    e: KeyboardEvent,
    within: HTMLElement | null,
    selector: string,
    axis: 'x' | 'y',
  ) => {
    const [back, forth] = axis === 'x' ? ['ArrowLeft', 'ArrowRight'] : ['ArrowUp', 'ArrowDown'];
    if (!within || ![back, forth, 'Home', 'End'].includes(e.key)) return;
    const all = [...within.querySelectorAll<HTMLElement>(selector)];
    const at = all.indexOf(document.activeElement as HTMLElement);
    const next =
      e.key === 'Home'
        ? 0
        : e.key === 'End'
          ? all.length - 1
          : (at + (e.key === forth ? 1 : -1) + all.length) % all.length;
    e.preventDefault();
    all[next]?.focus();
  };
  const item = 'block w-full px-4 py-1.5 text-left text-sm hover:bg-brand-50 hover:text-brand-600';
  const arrow =
    'flex size-7 shrink-0 items-center justify-center rounded-control text-ink-soft hover:bg-brand-50 hover:text-brand-600';
  return (
    <div className="relative flex h-10 shrink-0 items-center border-b border-line bg-surface shadow-card">
      {overflowing && (
        <button
          type="button"
          className={`${arrow} ml-1`}
          aria-label="向左滚动标签"
          onClick={() => scrollBy(-240)}
        >
          ‹
        </button>
      )}
      <div
        ref={strip}
        className="flex h-full min-w-0 flex-1 items-center gap-1.5 overflow-x-auto px-3 [scrollbar-width:none]"
        role="tablist"
        aria-label="已打开的页面"
        data-overflowing={overflowing || undefined}
        onWheel={(e) => {
          if (e.deltaY !== 0 && strip.current) strip.current.scrollLeft += e.deltaY;
        }}
        onKeyDown={(e) => moveFocus(e, strip.current, '[role="tab"] a', 'x')}
      >
        {tabs.visited.map((tab) => {
          const active = tab.path === tabs.active;
          return (
            <div
              key={tab.path}
              role="tab"
              aria-selected={active}
              data-tab={tab.title}
              data-affix={tab.affix || undefined}
              onMouseDown={(e) => e.button === 1 && e.preventDefault()}
              onMouseUp={(e) => onMouseUp(e, tab)}
              onAuxClick={(e) => e.preventDefault()}
              onContextMenu={(e) => {
                e.preventDefault();
                // From the keyboard (the menu key, Shift+F10) there is no pointer: open below the tab.
                const box = e.currentTarget.getBoundingClientRect();
                const keyboard = e.clientX === 0 && e.clientY === 0;
                openMenu({
                  x: keyboard ? box.left : e.clientX,
                  y: keyboard ? box.bottom : e.clientY,
                  path: tab.path,
                });
              }}
              className={`group inline-flex h-7 shrink-0 items-center gap-1 rounded-control border px-2.5 text-xs whitespace-nowrap transition-colors ${
                active
                  ? 'border-brand-500 bg-brand-500 text-white'
                  : 'border-line bg-surface text-ink-soft hover:text-brand-600'
              }`}
            >
              <Link
                to={tab.fullPath}
                className="inline-flex items-center gap-1 focus-visible:outline-none"
                tabIndex={active ? 0 : -1}
              >
                {active && <span className="size-1.5 rounded-full bg-white" aria-hidden />}
                {tab.title}
              </Link>
              {isTabClosable(tab) && (
                <button
                  type="button"
                  aria-label={`关闭 ${tab.title}`}
                  onClick={() => closeTab(tab.path)}
                  className={`-mr-1 rounded-full p-0.5 ${active ? 'hover:bg-white/25' : 'hover:bg-line'}`}
                >
                  <svg
                    viewBox="0 0 24 24"
                    className="size-3"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth={2.5}
                  >
                    <path d="M6 6l12 12M18 6L6 18" />
                  </svg>
                </button>
              )}
            </div>
          );
        })}
      </div>
      {overflowing && (
        <>
          <button
            type="button"
            className={arrow}
            aria-label="向右滚动标签"
            onClick={() => scrollBy(240)}
          >
            ›
          </button>
          <button
            type="button"
            className={`${arrow} mr-1`}
            aria-label="标签操作"
            aria-haspopup="menu"
            data-testid="tab-overflow"
            onClick={(e) => {
              e.stopPropagation();
              const box = e.currentTarget.getBoundingClientRect();
              openMenu({ x: Math.max(0, box.right - 112), y: box.bottom, path: tabs.active });
            }}
          >
            ⌄
          </button>
        </>
      )}
      {menu && options && (
        <ul
          ref={menuList}
          role="menu"
          aria-label="标签操作"
          onKeyDown={(e) => moveFocus(e, menuList.current, '[role="menuitem"]', 'y')}
          data-testid="tab-menu"
          className="fixed z-50 min-w-28 rounded-control border border-line bg-surface py-1 text-ink shadow-pop"
          style={{ left: menu.x, top: menu.y }}
        >
          {options.refresh && (
            <li>
              <button
                type="button"
                role="menuitem"
                className={item}
                onClick={() => refreshTab(menu.path)}
              >
                刷新页面
              </button>
            </li>
          )}
          {options.closeCurrent && (
            <li>
              <button
                type="button"
                role="menuitem"
                className={item}
                onClick={() => closeTab(menu.path)}
              >
                关闭当前
              </button>
            </li>
          )}
          {options.closeOthers && (
            <li>
              <button
                type="button"
                role="menuitem"
                className={item}
                onClick={() => closeOthers(menu.path)}
              >
                关闭其他
              </button>
            </li>
          )}
          {options.closeAll && (
            <li>
              <button type="button" role="menuitem" className={item} onClick={() => closeAll()}>
                关闭所有
              </button>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
