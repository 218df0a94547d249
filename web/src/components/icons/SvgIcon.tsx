import { SIDEBAR_ICONS as MENU_ICONS } from '@dpms/core';

export type MenuIconName = (typeof MENU_ICONS)[number];

/** The nine sidebar icons of 000 §2, drawn as 24×24 strokes. */
const PATHS: Record<MenuIconName, string> = {
  account: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8a7 7 0 0 1 14 0',
  approval: 'M9 4h6v3H9zM7 5H5v16h14V5h-2M8.5 13.5l2.5 2.5 4.5-5',
  finicial: 'M4 7h16v12H4zM4 11h16M8 15h3M12 4v3',
  flow: 'M6 5h5v5H6zM13 14h5v5h-5zM8.5 10v4.5H13M16 5h2v4',
  monitor: 'M3 5h18v11H3zM8 20h8M12 16v4M7 12l3-3 2 2 4-4',
  project: 'M3 7l9-4 9 4-9 4-9-4zM3 12l9 4 9-4M3 17l9 4 9-4',
  resultFile: 'M6 3h8l4 4v14H6zM14 3v4h4M9 13h6M9 17h4',
  system:
    'M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM19 12l2-1-1-3-2 .5-1.5-1.5.5-2-3-1-1 2h-2l-1-2-3 1 .5 2L6 7.5 4 7l-1 3 2 1v2l-2 1 1 3 2-.5L7.5 17 7 19l3 1 1-2h2l1 2 3-1-.5-2 1.5-1.5 2 .5 1-3-2-1z',
  welcome: 'M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
};

export function isMenuIcon(name: string | undefined): name is MenuIconName {
  return name !== undefined && (MENU_ICONS as readonly string[]).includes(name);
}

export function SvgIcon({
  name,
  className = 'size-4',
}: {
  name: string | undefined;
  className?: string;
}) {
  const path = isMenuIcon(name) ? PATHS[name] : 'M5 5h14v14H5z';
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.7}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      data-icon={name}
    >
      <path d={path} />
    </svg>
  );
}

export const ICON_NAMES = MENU_ICONS;
