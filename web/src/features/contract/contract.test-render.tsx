import type { ReactNode } from 'react';
import { createContainer } from '../../app/container';
import { TOKENS } from '../../app/tokens';
import { renderInApp } from '../../test/render';

/** Renders `ui` in the real composition root with the contract gateway swapped for a fake. */
export function renderWithContractGateway(ui: ReactNode, gateway: object) {
  const container = createContainer();
  container.rebind(TOKENS.ContractGateway).toConstantValue(gateway as never);
  return renderInApp(container, ui);
}
