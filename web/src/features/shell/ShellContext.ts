import type { AppRoute, MenuBadgeCounts, TabStripState } from '@dpms/core';
import { createContext, useContext } from 'react';

export interface ShellApi {
  routerRoutes: readonly AppRoute[];
  tabs: TabStripState;
  closeTab: (path: string) => void;
  closeOthers: (path: string) => void;
  closeAll: () => void;
  refreshTab: (path: string) => void;
  counts: MenuBadgeCounts;
}

export const ShellContext = createContext<ShellApi | null>(null);

export function useShell(): ShellApi {
  const api = useContext(ShellContext);
  if (!api) throw new Error('useShell outside the shell');
  return api;
}
