import type { MenuItem } from '@dpms/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { SvgIcon } from '../../components/icons/SvgIcon';

export interface SidebarProps {
  items: MenuItem[];
  activeKey: string;
  collapsed: boolean;
  platformName: string;
  onNavigate: () => void;
}

/** Keys of the submenus on the way to `active`. */
function ancestorsOf(
  items: readonly MenuItem[],
  active: string,
  trail: string[] = [],
): string[] | undefined {
  for (const item of items) {
    if (item.kind === 'link' && item.to === active) return trail;
    if (item.kind === 'submenu') {
      const found = ancestorsOf(item.children, active, [...trail, item.key]);
      if (found) return found;
    }
  }
  return undefined;
}

/** The collapsible sidebar with a single-open menu (opening a submenu closes its siblings). */
export function Sidebar({ items, activeKey, collapsed, platformName, onNavigate }: SidebarProps) {
  const [open, setOpen] = useState<string[]>(() => ancestorsOf(items, activeKey) ?? []);
  // Only a change of page opens its submenus: the items are rebuilt on every notify poll, and
  // reacting to that would close a submenu the user just opened.
  const itemsRef = useRef(items);
  itemsRef.current = items;
  useEffect(() => {
    const trail = ancestorsOf(itemsRef.current, activeKey);
    if (trail) setOpen(trail);
  }, [activeKey]);

  const toggle = (key: string, trail: string[]) =>
    setOpen((current) => (current.includes(key) ? trail : [...trail, key]));

  const render = (list: readonly MenuItem[], trail: string[]) =>
    list.map((item) => {
      const pad =
        collapsed && item.depth === 0
          ? undefined
          : { paddingLeft: 16 + item.depth * 16 + (item.deepIndent ? 16 : 0) };
      const label = (
        <>
          <span className="relative shrink-0">
            {item.icon ? (
              <SvgIcon name={item.icon} className="size-[18px]" />
            ) : (
              <span className="inline-block size-[18px]" />
            )}
            {item.dot && (
              <span
                data-testid="seal-dot"
                className="absolute -top-0.5 -right-0.5 size-2 rounded-full bg-danger-500 ring-2 ring-sidebar"
              />
            )}
          </span>
          <span
            className={`min-w-0 flex-1 truncate ${collapsed && item.depth === 0 ? 'sr-only' : ''}`}
          >
            {item.title}
          </span>
          {item.badge && (
            <span
              data-testid="approval-badge"
              className={`rounded-full bg-danger-500 px-1.5 text-xs leading-[18px] font-medium text-white ${collapsed && item.depth === 0 ? 'absolute top-1 right-1 scale-75' : ''}`}
            >
              {item.badge}
            </span>
          )}
        </>
      );
      if (item.kind === 'link') {
        const active = item.to === activeKey;
        const cls = `relative flex h-11 items-center gap-3 pr-4 text-sm transition-colors ${collapsed && item.depth === 0 ? 'justify-center px-0' : ''} ${
          active
            ? 'bg-sidebar-active/15 text-white before:absolute before:inset-y-0 before:left-0 before:w-[3px] before:bg-sidebar-active'
            : 'text-sidebar-text hover:bg-white/5 hover:text-white'
        }`;
        return (
          <li key={item.key} data-menu={item.title} data-deep-indent={item.deepIndent || undefined}>
            {item.external ? (
              <a
                href={item.to}
                target="_blank"
                rel="noreferrer"
                className={cls}
                style={pad}
                title={item.title}
              >
                {label}
              </a>
            ) : (
              <Link
                to={{
                  pathname: item.to,
                  search: item.query ? `?${new URLSearchParams(item.query).toString()}` : '',
                }}
                className={cls}
                style={pad}
                title={item.title}
                onClick={onNavigate}
                aria-current={active ? 'page' : undefined}
              >
                {label}
              </Link>
            )}
          </li>
        );
      }
      const isOpen = open.includes(item.key);
      return (
        <li
          key={item.key}
          data-menu={item.title}
          data-deep-indent={item.deepIndent || undefined}
          className={collapsed && item.depth === 0 ? 'group relative' : ''}
        >
          <button
            type="button"
            aria-expanded={isOpen}
            onClick={() => toggle(item.key, trail)}
            className={`relative flex h-11 w-full items-center gap-3 pr-4 text-left text-sm text-sidebar-text hover:bg-white/5 hover:text-white ${collapsed && item.depth === 0 ? 'justify-center px-0' : ''}`}
            style={pad}
            title={item.title}
          >
            {label}
            {!(collapsed && item.depth === 0) && (
              <svg
                viewBox="0 0 24 24"
                className={`size-3.5 shrink-0 transition-transform ${isOpen ? 'rotate-180' : ''}`}
                fill="none"
                stroke="currentColor"
                strokeWidth={2}
                aria-hidden
              >
                <path d="M6 9l6 6 6-6" />
              </svg>
            )}
          </button>
          {collapsed && item.depth === 0 ? (
            <ul className="invisible absolute top-0 left-full z-50 min-w-44 rounded-r-card bg-sidebar-deep py-1 shadow-pop group-hover:visible">
              {render(item.children, [...trail, item.key])}
            </ul>
          ) : (
            isOpen && (
              <ul className="bg-sidebar-deep">{render(item.children, [...trail, item.key])}</ul>
            )
          )}
        </li>
      );
    });

  return (
    <nav aria-label="主菜单" className="flex h-full flex-col bg-sidebar text-sidebar-text">
      <div className="flex h-14 shrink-0 items-center gap-2 px-4 text-white">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-control bg-brand-500 text-sm font-bold">
          设
        </span>
        {!collapsed && (
          <span className="truncate text-base font-semibold" data-testid="platform-name">
            {platformName}
          </span>
        )}
      </div>
      <ul className="min-h-0 flex-1 overflow-x-visible overflow-y-auto pb-6">
        {render(items, [])}
      </ul>
    </nav>
  );
}
