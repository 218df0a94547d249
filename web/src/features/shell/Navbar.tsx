import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import type { Breadcrumb } from '@dpms/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SvgIcon } from '../../components/icons/SvgIcon';
import { imageSource } from '@dpms/core';

export interface NavbarProps {
  crumbs: Breadcrumb[];
  /** The person by name (nickName), as the label shows them. */
  userName: string;
  /** The login, in the label's tooltip. */
  login?: string;
  roleName: string;
  avatar: string;
  sidebarOpened: boolean;
  mobile: boolean;
  onToggleSidebar: () => void;
  onProfile: () => void;
  onSwitchRole: () => void;
  onLogout: () => void;
  /** Shown before the user menu (the notices' bell). */
  bell?: ReactNode;
}

/** The top bar: burger, breadcrumbs from route titles, and the user menu. */
export function Navbar(props: NavbarProps) {
  const { crumbs } = props;
  return (
    <header className="flex h-14 shrink-0 items-center gap-3 border-b border-line bg-surface px-3 sm:px-4">
      <button
        type="button"
        aria-label={props.sidebarOpened ? '收起菜单' : '展开菜单'}
        data-testid="hamburger"
        onClick={props.onToggleSidebar}
        className="rounded-control p-1.5 text-ink-soft hover:bg-canvas focus-visible:outline-2 focus-visible:outline-brand-400"
      >
        <svg
          viewBox="0 0 24 24"
          className={`size-5 transition-transform ${props.sidebarOpened ? '' : 'rotate-180'}`}
          fill="none"
          stroke="currentColor"
          strokeWidth={1.8}
        >
          <path d="M4 6h16M4 12h10M4 18h16M20 9l-3 3 3 3" />
        </svg>
      </button>
      <nav
        aria-label="面包屑"
        className={`min-w-0 flex-1 ${props.mobile ? 'hidden sm:block' : ''}`}
      >
        <ol className="flex items-center gap-1.5 truncate text-sm" data-testid="breadcrumbs">
          {crumbs.map((crumb, i) => (
            <li key={`${crumb.to}${i}`} className="flex items-center gap-1.5">
              {i > 0 && <span className="text-line-strong">/</span>}
              {crumb.icon && <SvgIcon name={crumb.icon} className="size-4 text-muted" />}
              {crumb.clickable ? (
                <Link to={crumb.to} className="text-ink-soft hover:text-brand-600">
                  {crumb.title}
                </Link>
              ) : (
                <span
                  className={i === crumbs.length - 1 ? 'font-medium text-ink' : 'text-ink-soft'}
                >
                  {crumb.title}
                </span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      {props.mobile && <div className="flex-1 sm:hidden" />}
      {props.bell}
      <Menu as="div" className="relative">
        <MenuButton
          className="flex items-center gap-2 rounded-control px-2 py-1 text-sm hover:bg-canvas data-focus:outline-2 data-focus:outline-brand-400"
          data-testid="user-menu"
        >
          <span className="flex size-8 items-center justify-center overflow-hidden rounded-full bg-brand-100 text-brand-700">
            {imageSource(props.avatar) ? (
              <img src={imageSource(props.avatar)} alt="" className="size-full object-cover" />
            ) : (
              props.userName.slice(0, 1)
            )}
          </span>
          <span className="max-w-44 truncate text-ink" data-testid="user-label" title={props.login}>
            {props.userName}
            <span className="text-ink-soft">【{props.roleName}】</span>
          </span>
          <svg
            viewBox="0 0 24 24"
            className="size-3.5 text-muted"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            aria-hidden
          >
            <path d="M6 9l6 6 6-6" />
          </svg>
        </MenuButton>
        <MenuItems
          anchor="bottom end"
          className="z-50 mt-1 w-36 rounded-control border border-line bg-surface py-1 shadow-pop focus:outline-none"
        >
          {[
            ['个人中心', props.onProfile],
            ['切换角色', props.onSwitchRole],
            ['退出登录', props.onLogout],
          ].map(([label, action]) => (
            <MenuItem key={label as string}>
              <button
                type="button"
                onClick={action as () => void}
                className="block w-full px-4 py-2 text-left text-sm text-ink data-focus:bg-brand-50 data-focus:text-brand-600"
              >
                {label as string}
              </button>
            </MenuItem>
          ))}
        </MenuItems>
      </Menu>
    </header>
  );
}
