import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { PublicOnly, RequireSession } from '../features/auth/RequireSession';
import { ErrorPage } from '../features/pages/ErrorPage';
import { ShellLayout } from '../features/shell/ShellLayout';

/**
 * The public pages have routes of their own; everything else goes through the guard to the
 * shell, which matches the location against the routes built from /getRouters.
 */
export const routes: RouteObject[] = [
  {
    path: '/login',
    element: (
      <PublicOnly>
        <LoginPage />
      </PublicOnly>
    ),
  },
  { path: '/auth-redirect', element: <ErrorPage code="auth" /> },
  { path: '/bind', element: <ErrorPage code="auth" /> },
  { path: '/register', element: <ErrorPage code="auth" /> },
  { path: '/404', element: <ErrorPage code="404" /> },
  { path: '/401', element: <ErrorPage code="401" /> },
  {
    path: '*',
    element: (
      <RequireSession>
        <ShellLayout />
      </RequireSession>
    ),
  },
];

export const createRouter = () => createBrowserRouter(routes);
