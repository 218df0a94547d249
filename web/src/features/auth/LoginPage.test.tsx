import { ApiError, type LoginForm } from '@dpms/http-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createContainer } from '../../app/container';
import { ServiceProvider } from '../../app/di';
import type { SessionService } from '../../app/session';
import type { StartupCache } from '../../app/startup';
import { TOKENS } from '../../app/tokens';
import { LoginPage } from './LoginPage';

/** The sign-in calls: a captcha (on or off) handed out fresh each time, and the login's answer. */
class FakeSignIn {
  captchas = 0;
  readonly logins: LoginForm[] = [];
  readonly reloads: string[] = [];
  refusal: Error | undefined;
  constructor(readonly captchaOn: boolean) {}
  readonly auth = {
    captcha: () => {
      this.captchas += 1;
      return Promise.resolve(
        this.captchaOn
          ? { captchaEnabled: true, uuid: `u${this.captchas}`, img: 'data:image/svg+xml;base64,' }
          : { captchaEnabled: false },
      );
    },
    signInRoles: () => Promise.resolve([{ roleId: 3, roleKey: 'sjzc', roleName: '设计主持' }]),
  };
  readonly session = {
    login: (form: LoginForm) => {
      this.logins.push(form);
      return this.refusal ? Promise.reject(this.refusal) : Promise.resolve();
    },
    reload: (to: string) => this.reloads.push(to),
  };
}

/** Where the login led, within the page (no reload). */
function Arrived() {
  const location = useLocation();
  return <p data-testid="arrived">{location.pathname + location.search}</p>;
}

function renderLogin(fake: FakeSignIn, path = '/login') {
  const container = createContainer();
  container.rebind(TOKENS.AuthGateway).toConstantValue(fake.auth as never);
  container.rebind(TOKENS.Session).toConstantValue(fake.session as unknown as SessionService);
  container
    .rebind(TOKENS.Startup)
    .toConstantValue({ platformName: () => '设计项目管理系统' } as unknown as StartupCache);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ServiceProvider container={container}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="*" element={<Arrived />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </ServiceProvider>,
  );
}

const type = (id: string, value: string) =>
  fireEvent.change(document.getElementById(id) as HTMLElement, { target: { value } });
const press = () => fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
const problemOf = (field: string) => document.getElementById(`login-${field}-error`)?.textContent;

afterEach(cleanup);

describe('login form', () => {
  it('a blank submit shows every missing field beside it at once and sends nothing', async () => {
    const fake = new FakeSignIn(true);
    renderLogin(fake);
    await screen.findByAltText('验证码');
    press();
    await waitFor(() => expect(problemOf('username')).toBe('请输入您的账号'));
    expect(problemOf('password')).toBe('请输入您的密码');
    expect(problemOf('code')).toBe('请输入验证码');
    expect(fake.logins).toEqual([]);
  });

  it('marks the fields core requires, the captcha only while it is on', async () => {
    const off = new FakeSignIn(false);
    renderLogin(off);
    await waitFor(() => expect(off.captchas).toBe(1));
    const marked = () =>
      [...document.querySelectorAll('label')]
        .filter((l) => l.textContent?.startsWith('*'))
        .map((l) => l.getAttribute('for'));
    expect(marked()).toEqual(['login-username', 'login-password']);
    cleanup();
    const on = new FakeSignIn(true);
    renderLogin(on);
    await screen.findByAltText('验证码');
    expect(marked()).toEqual(['login-username', 'login-password', 'login-code']);
  });

  it('sends the trimmed account, the role and the captcha with its uuid, then goes where asked', async () => {
    const fake = new FakeSignIn(true);
    renderLogin(fake, '/login?redirect=%2Fuser%2Fprofile');
    await screen.findByAltText('验证码');
    await screen.findByRole('option', { name: '设计主持' });
    type('login-username', '  xmjl ');
    type('login-password', ' admin123');
    fireEvent.change(document.getElementById('login-role') as HTMLElement, {
      target: { value: '3' },
    });
    type('login-code', ' ab12 ');
    press();
    expect((await screen.findByTestId('arrived')).textContent).toBe('/user/profile');
    expect(fake.reloads).toEqual([]);
    expect(fake.logins).toEqual([
      { username: 'xmjl', password: ' admin123', role: '3', code: 'ab12', uuid: 'u1' },
    ]);
  });

  it('a server refusal of the captcha lands beside it, with a new captcha and an empty box', async () => {
    const fake = new FakeSignIn(true);
    fake.refusal = new ApiError('HTTP.400', '验证码错误', 400, false, 'code', [
      { field: 'code', message: '验证码错误' },
    ]);
    renderLogin(fake);
    await screen.findByAltText('验证码');
    type('login-username', 'admin');
    type('login-password', 'admin123');
    type('login-code', '0000');
    press();
    await waitFor(() => expect(problemOf('code')).toBe('验证码错误'));
    expect(screen.queryByTestId('login-error')).toBeNull();
    expect((document.getElementById('login-code') as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(fake.captchas).toBe(2));
  });

  it('a refusal naming no field (a wrong password) shows above the button', async () => {
    const fake = new FakeSignIn(false);
    fake.refusal = new ApiError('HTTP.401', '用户不存在或密码错误', 401);
    renderLogin(fake);
    await waitFor(() => expect(fake.captchas).toBe(1));
    type('login-username', 'admin');
    type('login-password', 'nope');
    press();
    expect((await screen.findByTestId('login-error')).textContent).toBe('用户不存在或密码错误');
    expect(problemOf('password')).toBeUndefined();
  });
});
