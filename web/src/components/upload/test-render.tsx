import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { createContainer } from '../../app/container';
import { ServiceProvider } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { FeedbackHost } from '../ui/FeedbackHost';
import type { FakeChunkGateway } from './test-fakes';

/** Renders `ui` in the real composition root with the file gateway swapped for a fake. */
export function renderWithFileGateway(ui: ReactElement, gateway: FakeChunkGateway) {
  const container = createContainer();
  container.rebind(TOKENS.FileGateway).toConstantValue(gateway as never);
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
