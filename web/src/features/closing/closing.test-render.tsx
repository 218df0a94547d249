import { SESSION_INITIAL } from '@dpms/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { createContainer } from '../../app/container';
import { ServiceProvider } from '../../app/di';
import type { SessionService, SessionView } from '../../app/session';
import { TOKENS } from '../../app/tokens';
import { FeedbackHost } from '../../components/ui/FeedbackHost';
import { manualScheduler } from '../../test/render';

/** Renders a closing component in the real composition root with a session holding `permissions`. */
export function renderClosing(ui: ReactElement, permissions: string[] = ['*:*:*']) {
  const container = createContainer();
  container.rebind(TOKENS.Scheduler).toConstantValue(manualScheduler().scheduler);
  const view: SessionView = {
    session: { ...SESSION_INITIAL, token: 't', permissions, roles: ['common'] },
    routes: [],
    loaded: true,
  };
  container.rebind(TOKENS.Session).toConstantValue({
    subscribe: () => () => undefined,
    snapshot: () => view,
  } as unknown as SessionService);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ServiceProvider container={container}>
      <QueryClientProvider client={client}>
        <MemoryRouter>{ui}</MemoryRouter>
        <FeedbackHost feedback={container.get(TOKENS.Feedback)} />
      </QueryClientProvider>
    </ServiceProvider>,
  );
}
