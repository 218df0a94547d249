import type { ReactElement } from 'react';
import { createContainer } from '../../app/container';
import { TOKENS } from '../../app/tokens';
import { manualScheduler, renderInApp, signIn } from '../../test/render';

/** Renders a closing component in the real composition root with a session holding `permissions`. */
export function renderClosing(ui: ReactElement, permissions: string[] = ['*:*:*']) {
  const container = createContainer();
  container.rebind(TOKENS.Scheduler).toConstantValue(manualScheduler().scheduler);
  signIn(container, { permissions });
  return renderInApp(container, ui);
}
