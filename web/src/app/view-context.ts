import { createContext, useContext } from 'react';

export interface ViewInfo {
  /** The page's path (the tab's identity). */
  path: string;
  params: Readonly<Record<string, string>>;
  /** True while the view is the one on screen (cached views stay mounted when hidden). */
  active: boolean;
  /** The route's title: the menu's name, as on the tab and in the breadcrumb. */
  title?: string;
}

export const ViewContext = createContext<ViewInfo>({ path: '/', params: {}, active: true });

/** The route parameters and visibility of the view being rendered. */
export function useView(): ViewInfo {
  return useContext(ViewContext);
}

/**
 * The heading of the page being rendered: its route's title, so the page, its tab, its menu entry
 * and the breadcrumb say the same; `fallback` outside the shell (a test, a print page).
 */
export function usePageTitle(fallback: string): string {
  return useContext(ViewContext).title ?? fallback;
}
