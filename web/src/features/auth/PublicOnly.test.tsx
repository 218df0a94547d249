import type { SessionState } from '@dpms/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createContainer } from '../../app/container';
import { ServiceProvider } from '../../app/di';
import type { SessionService, SessionView } from '../../app/session';
import { TOKENS } from '../../app/tokens';
import { PublicOnly } from './RequireSession';

/** The session as the guard reads it: a token that a sign-in sets while /login shows. */
class FakeSession {
  private readonly listeners = new Set<() => void>();
  private view: SessionView;
  constructor(token: string | null) {
    this.view = {
      session: { token, roles: token === null ? [] : ['sjzc'] } as unknown as SessionState,
      routes: [],
      loaded: token !== null,
    };
  }
  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  readonly snapshot = () => this.view;
  signIn(token: string) {
    this.view = { ...this.view, session: { ...this.view.session, token } };
    for (const listener of this.listeners) listener();
  }
}

/** A login page that, once signed in, goes where it was asked, as LoginPage does. */
function SignInThenGo({ session }: { session: FakeSession }) {
  const navigate = useNavigate();
  return (
    <button
      onClick={() => {
        session.signIn('t1');
        void navigate('/user/profile', { replace: true });
      }}
    >
      登录
    </button>
  );
}

function Arrived() {
  const location = useLocation();
  return <p data-testid="arrived">{location.pathname}</p>;
}

function renderAt(path: string, session: FakeSession) {
  const container = createContainer();
  container.rebind(TOKENS.Session).toConstantValue(session as unknown as SessionService);
  render(
    <ServiceProvider container={container}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/login"
            element={
              <PublicOnly>
                <SignInThenGo session={session} />
              </PublicOnly>
            }
          />
          <Route path="*" element={<Arrived />} />
        </Routes>
      </MemoryRouter>
    </ServiceProvider>,
  );
}

afterEach(cleanup);

describe('PublicOnly', () => {
  it('sends a user who opens /login signed in to the root', async () => {
    renderAt('/login?redirect=%2Fuser%2Fprofile', new FakeSession('t0'));
    expect((await screen.findByTestId('arrived')).textContent).toBe('/');
  });

  it('leaves a sign-in on /login to go where it was asked, not to the root', async () => {
    const session = new FakeSession(null);
    renderAt('/login?redirect=%2Fuser%2Fprofile', session);
    act(() => screen.getByRole('button', { name: '登录' }).click());
    expect((await screen.findByTestId('arrived')).textContent).toBe('/user/profile');
  });
});
