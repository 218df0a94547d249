import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PublicOnly, RequireSession } from '../features/auth/RequireSession';
import { ErrorPage } from '../features/pages/ErrorPage';

// Split so the login page does not wait for the shell's code, nor the shell for the login page's.
const LoginPage = lazy(() =>
  import('../features/auth/LoginPage').then((m) => ({ default: m.LoginPage })),
);
const ShellLayout = lazy(() =>
  import('../features/shell/ShellLayout').then((m) => ({ default: m.ShellLayout })),
);

const loading = (children: ReactNode) => (
  <Suspense fallback={<div className="h-full bg-canvas" aria-busy />}>{children}</Suspense>
);

/**
 * The public pages have routes of their own; everything else goes through the guard to the
 * shell, which matches the location against the routes built from /getRouters.
 */
export const routes: RouteObject[] = [
  { path: '/login', element: <PublicOnly>{loading(<LoginPage />)}</PublicOnly> },
  { path: '/auth-redirect', element: <ErrorPage code="auth" /> },
  { path: '/bind', element: <ErrorPage code="auth" /> },
  { path: '/register', element: <ErrorPage code="auth" /> },
  { path: '/404', element: <ErrorPage code="404" /> },
  { path: '/401', element: <ErrorPage code="401" /> },
  { path: '*', element: <RequireSession>{loading(<ShellLayout />)}</RequireSession> },
];

export const createRouter = () => createBrowserRouter(routes);
