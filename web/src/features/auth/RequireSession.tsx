import { guardNavigation } from '@dpms/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useService } from '../../app/di';
import { useSession } from '../../app/hooks';
import { TOKENS } from '../../app/tokens';

/**
 * The route guard of 000 §4, deciding with core's rules: no token → /login and a reload after
 * 500 ms; a token without roles → getInfo and getRouters, then the page; a failure there →
 * logout, the route-load message, and the root.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const sessionService = useService(TOKENS.Session);
  const startup = useService(TOKENS.Startup);
  const feedback = useService(TOKENS.Feedback);
  const scheduler = useService(TOKENS.Scheduler);
  const navigator = useService(TOKENS.Navigator);
  const { session } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const here = location.pathname + location.search;
  const decision = guardNavigation(session, here);
  const loading = useRef(false);

  useEffect(() => {
    if (decision.kind === 'toLogin') {
      // Not cancelled on unmount: the guard leaves the tree as soon as /login shows.
      scheduler.setTimeout(() => navigator.reload(), decision.reloadAfterMs);
      return;
    }
    if (decision.kind !== 'loadSession' || loading.current) return;
    loading.current = true;
    void sessionService.navigate(here).then((next) => {
      loading.current = false;
      if (next.kind === 'retry') void startup.loadAll();
      if (next.kind === 'failed') {
        feedback.error(next.message);
        void navigate(next.to, { replace: true });
      }
    });
  }, [decision, here, sessionService, startup, feedback, scheduler, navigator, navigate]);

  if (decision.kind === 'toLogin' || decision.kind === 'redirect')
    return <Navigate to={decision.to} replace />;
  if (decision.kind === 'loadSession') {
    return (
      <div className="flex h-full items-center justify-center text-muted" role="status">
        <span
          className="mr-2 size-5 animate-spin rounded-full border-2 border-brand-500 border-t-transparent"
          aria-hidden
        />
        正在加载系统资源，请耐心等待
      </div>
    );
  }
  return <>{children}</>;
}

/**
 * A signed-in user who opens /login goes to the root (000 §4; core's guard decides). Decided as
 * /login opens, not again while it shows: signing in on it sets a token too, and the login page
 * then goes where it was asked (its `redirect`); deciding again here would race it to the root.
 */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const location = useLocation();
  const [opened] = useState(() => guardNavigation(session, location.pathname));
  return opened.kind === 'redirect' ? <Navigate to={opened.to} replace /> : <>{children}</>;
}
