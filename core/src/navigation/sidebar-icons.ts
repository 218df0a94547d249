/** The sidebar's icon set (000 §2; `finicial` is the original's spelling, kept as the key). */
export const SIDEBAR_ICONS = [
  'account',
  'approval',
  'finicial',
  'flow',
  'monitor',
  'project',
  'resultFile',
  'system',
  'welcome',
] as const;

export type SidebarIcon = (typeof SIDEBAR_ICONS)[number];

export function isSidebarIcon(name: string): name is SidebarIcon {
  return (SIDEBAR_ICONS as readonly string[]).includes(name);
}

/**
 * The icon to draw for a route's icon name. Why an unknown name gives none: the web has only
 * these nine, and a blank space reads better than a broken image.
 */
export function toSidebarIcon(name: string | undefined): SidebarIcon | undefined {
  return name !== undefined && isSidebarIcon(name) ? name : undefined;
}
