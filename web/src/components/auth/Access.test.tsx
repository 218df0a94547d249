import { render, screen } from '@testing-library/react';
import { Container } from 'inversify';
import { describe, expect, it } from 'vitest';
import { ServiceProvider } from '../../app/di';
import type { SessionService, SessionView } from '../../app/session';
import { TOKENS } from '../../app/tokens';
import { SESSION_INITIAL } from '@dpms/core';
import { HasPermi, HasRole } from './Access';

function withSession(permissions: string[], roles: string[]) {
  const view: SessionView = {
    session: { ...SESSION_INITIAL, token: 't', permissions, roles },
    routes: [],
    loaded: true,
  };
  const container = new Container();
  container.bind(TOKENS.Session).toConstantValue({
    subscribe: () => () => undefined,
    snapshot: () => view,
  } as unknown as SessionService);
  return container;
}

describe('permission and role directives', () => {
  it('removes what the permissions do not allow', () => {
    render(
      <ServiceProvider container={withSession(['system:user:list'], ['bmfzr'])}>
        <HasPermi perms={['system:user:add']}>
          <button type="button">新增</button>
        </HasPermi>
        <HasPermi perms={['system:user:list']}>
          <span>列表</span>
        </HasPermi>
        <HasRole roles={['xs_jybfzr']}>
          <span>待签约</span>
        </HasRole>
      </ServiceProvider>,
    );
    expect(screen.queryByText('新增')).toBeNull();
    expect(screen.getByText('列表')).toBeTruthy();
    expect(screen.queryByText('待签约')).toBeNull();
  });

  it('lets *:*:* and admin through', () => {
    render(
      <ServiceProvider container={withSession(['*:*:*'], ['admin'])}>
        <HasPermi perms={['system:user:add']}>
          <button type="button">新增</button>
        </HasPermi>
        <HasRole roles={['xs_jybfzr']}>
          <span>待签约</span>
        </HasRole>
      </ServiceProvider>,
    );
    expect(screen.getByText('新增')).toBeTruthy();
    expect(screen.getByText('待签约')).toBeTruthy();
  });
});
