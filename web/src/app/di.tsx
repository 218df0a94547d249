import type { Container, ServiceIdentifier } from 'inversify';
import { createContext, useContext, type ReactNode } from 'react';

const ContainerContext = createContext<Container | null>(null);

export function ServiceProvider({
  container,
  children,
}: {
  container: Container;
  children: ReactNode;
}) {
  return <ContainerContext.Provider value={container}>{children}</ContainerContext.Provider>;
}

/** A service of the composition root: components never import adapters themselves. */
export function useService<T>(token: ServiceIdentifier<T>): T {
  const container = useContext(ContainerContext);
  if (!container) throw new Error('useService outside ServiceProvider');
  return container.get<T>(token);
}
