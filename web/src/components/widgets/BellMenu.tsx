import { Menu, MenuButton, MenuItems } from '@headlessui/react';
import type { ReactNode } from 'react';

/**
 * A top-bar bell: an icon button with its unread badge, opening a list under it. The approval
 * bell (抄送/催办) and the 通知公告 bell share it; each supplies its icon, badge and items.
 */
export function BellMenu({
  label,
  icon,
  badge,
  testId,
  children,
}: {
  /** What a screen reader hears, the unread count included. */
  label: string;
  /** The icon's SVG path (24×24 viewBox, stroked). */
  icon: string;
  /** The badge's text; none when nothing is unread. */
  badge: string | undefined;
  /** `…-bell` on the button, `…-badge` on the badge, `…-list` on the list. */
  testId: string;
  children: ReactNode;
}) {
  return (
    <Menu as="div" className="relative">
      <MenuButton
        className="relative rounded-control p-1.5 text-ink-soft hover:bg-canvas data-focus:outline-2 data-focus:outline-brand-400"
        aria-label={label}
        data-testid={`${testId}-bell`}
      >
        <svg
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.8}
          aria-hidden
        >
          <path d={icon} />
        </svg>
        {badge !== undefined && (
          <span
            className="absolute -top-0.5 -right-1 min-w-4 rounded-full bg-danger-600 px-1 text-center text-[10px] leading-4 text-white"
            data-testid={`${testId}-badge`}
          >
            {badge}
          </span>
        )}
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-50 mt-1 max-h-96 w-80 overflow-y-auto rounded-control border border-line bg-surface py-1 shadow-pop focus:outline-none"
        data-testid={`${testId}-list`}
      >
        {children}
      </MenuItems>
    </Menu>
  );
}
