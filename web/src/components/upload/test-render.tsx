import type { ReactElement } from 'react';
import { createContainer } from '../../app/container';
import { TOKENS } from '../../app/tokens';
import { renderInApp } from '../../test/render';
import type { FakeChunkGateway } from './test-fakes';

/** Renders `ui` in the real composition root with the file gateway swapped for a fake. */
export function renderWithFileGateway(ui: ReactElement, gateway: FakeChunkGateway) {
  const container = createContainer();
  container.rebind(TOKENS.FileGateway).toConstantValue(gateway as never);
  return renderInApp(container, ui);
}
