import { ManualTimerScheduler, SESSION_INITIAL, type SessionState } from '@dpms/core';
import { render, type RenderResult } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { createContainer } from '../app/container';
import { ServiceProvider } from '../app/di';
import type { SessionService, SessionView } from '../app/session';
import { TOKENS, type WebScheduler } from '../app/tokens';
import { FeedbackHost } from '../components/ui/FeedbackHost';

/** A WebScheduler on core's hand-driven clock. */
export function manualScheduler(): { scheduler: WebScheduler; clock: ManualTimerScheduler } {
  const clock = new ManualTimerScheduler();
  return {
    clock,
    scheduler: {
      setTimeout: (cb, ms) => clock.setTimeout(cb, ms),
      clearTimeout: (h) => clock.clearTimeout(h),
      now: () => clock.now,
    },
  };
}

/** The web's composition root, as a test swaps its bindings. */
export type WebContainer = ReturnType<typeof createContainer>;

/**
 * Renders `ui` over `container` inside the app's providers: the services, queries that do not
 * retry, a router at `path` and the feedback host.
 */
export function renderInApp(container: WebContainer, ui: ReactNode, path = '/'): RenderResult {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ServiceProvider container={container}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
        <FeedbackHost feedback={container.get(TOKENS.Feedback)} />
      </QueryClientProvider>
    </ServiceProvider>,
  );
}

/** Signs `container` in: a session with a token, the role common and every permission unless given. */
export function signIn(container: WebContainer, session: Partial<SessionState> = {}): void {
  const view: SessionView = {
    session: {
      ...SESSION_INITIAL,
      token: 't',
      permissions: ['*:*:*'],
      roles: ['common'],
      ...session,
    },
    routes: [],
    loaded: true,
  };
  container.rebind(TOKENS.Session).toConstantValue({
    subscribe: () => () => undefined,
    snapshot: () => view,
  } as unknown as SessionService);
}

/** Renders `ui` inside the real composition root, with time on a manual clock. */
export function renderWithServices(
  ui: ReactElement,
  path = '/',
): RenderResult & { clock: ManualTimerScheduler } {
  const container = createContainer();
  const { scheduler, clock } = manualScheduler();
  container.rebind(TOKENS.Scheduler).toConstantValue(scheduler);
  return Object.assign(renderInApp(container, ui, path), { clock });
}
