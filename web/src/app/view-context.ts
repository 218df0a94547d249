import { createContext, useContext } from 'react';

export interface ViewInfo {
  /** The page's path (the tab's identity). */
  path: string;
  params: Readonly<Record<string, string>>;
  /** True while the view is the one on screen (cached views stay mounted when hidden). */
  active: boolean;
}

export const ViewContext = createContext<ViewInfo>({ path: '/', params: {}, active: true });

/** The route parameters and visibility of the view being rendered. */
export function useView(): ViewInfo {
  return useContext(ViewContext);
}
