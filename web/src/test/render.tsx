import { ManualTimerScheduler } from '@dpms/core';
import { render, type RenderResult } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { createContainer } from '../app/container';
import { ServiceProvider } from '../app/di';
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

/** Renders `ui` inside the real composition root, with time on a manual clock. */
export function renderWithServices(
  ui: ReactElement,
  path = '/',
): RenderResult & { clock: ManualTimerScheduler } {
  const container = createContainer();
  const { scheduler, clock } = manualScheduler();
  container.rebind(TOKENS.Scheduler).toConstantValue(scheduler);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <ServiceProvider container={container}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
        <FeedbackHost feedback={container.get(TOKENS.Feedback)} />
      </QueryClientProvider>
    </ServiceProvider>,
  );
  return Object.assign(result, { clock });
}
