import { MemoryStorage, SessionStore, TokenStorage } from '@dpms/browser';
import { ApiError, type AuthGateway } from '@dpms/http-client';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createContainer } from '../../app/container';
import { ServiceProvider } from '../../app/di';
import type { Navigator } from '../../app/navigator';
import { SessionService } from '../../app/session';
import { TOKENS } from '../../app/tokens';
import { FeedbackHost } from '../../components/ui/FeedbackHost';
import { SwitchRoleDialog } from './SwitchRoleDialog';

/** xmjl, signed in as 项目经理 and also holding 设计主持; /changeRole answers as set. */
class FakeAuth {
  readonly changes: unknown[] = [];
  readonly logins: unknown[] = [];
  refusal: Error | undefined;
  readonly gateway = {
    getInfo: () =>
      Promise.resolve({
        user: {
          userId: 10,
          userName: 'xmjl',
          roles: [
            { roleId: 2, roleKey: 'xmjl', roleName: '项目经理' },
            { roleId: 3, roleKey: 'sjzc', roleName: '设计主持' },
          ],
        },
        roles: ['xmjl'],
        permissions: [],
      }),
    getRouters: () => Promise.resolve([]),
    logout: () => Promise.resolve(),
    changeRole: (form: unknown) => {
      this.changes.push(form);
      return this.refusal ? Promise.reject(this.refusal) : Promise.resolve();
    },
    login: (form: unknown) => {
      this.logins.push(form);
      return Promise.resolve('new-token');
    },
  };
}

async function renderDialog(auth: FakeAuth) {
  const reloads: string[] = [];
  const storage = new MemoryStorage();
  const tokens = new TokenStorage(storage);
  tokens.set('t');
  const navigator = { reload: (p: string) => reloads.push(p) } as unknown as Navigator;
  const session = new SessionService(
    auth.gateway as unknown as AuthGateway,
    tokens,
    new SessionStore(new MemoryStorage()),
    navigator,
  );
  await session.navigate('/welcome/welcome');
  const container = createContainer();
  container.rebind(TOKENS.Session).toConstantValue(session);
  render(
    <ServiceProvider container={container}>
      <SwitchRoleDialog open onClose={() => undefined} />
      <FeedbackHost feedback={container.get(TOKENS.Feedback)} />
    </ServiceProvider>,
  );
  await screen.findByTestId('switch-role-dialog');
  return { reloads };
}

const dialog = () => screen.getByTestId('switch-role-dialog');
/** Picks the role and types the password, as the person would. */
const choose = (roleId: string, password: string) => {
  fireEvent.change(screen.getByLabelText('切换角色', { selector: 'select' }), {
    target: { value: roleId },
  });
  fireEvent.change(screen.getByLabelText('密码', { selector: 'input' }), {
    target: { value: password },
  });
};
const press = () => fireEvent.click(screen.getByRole('button', { name: '确定' }));
const alerts = () => [...dialog().querySelectorAll('[role="alert"]')].map((a) => a.textContent);

afterEach(cleanup);

describe('switch-role dialog', () => {
  it('a blank submit shows both problems beside their fields at once and sends nothing', async () => {
    const auth = new FakeAuth();
    await renderDialog(auth);
    const marked = [...dialog().querySelectorAll('label')].filter((l) =>
      l.textContent?.startsWith('*'),
    );
    expect(marked.map((l) => l.textContent)).toEqual(['*切换角色', '*密码']);
    press();
    await waitFor(() => expect(alerts()).toEqual(['请选择角色', '请输入密码']));
    expect(auth.changes).toEqual([]);
  });

  it('a password of spaces only counts as blank', async () => {
    const auth = new FakeAuth();
    await renderDialog(auth);
    choose('3', '   ');
    press();
    await waitFor(() => expect(alerts()).toEqual(['请输入密码']));
    expect(auth.changes).toEqual([]);
  });

  it('a server 400 naming a field lands beside it and keeps the session', async () => {
    const auth = new FakeAuth();
    auth.refusal = new ApiError(
      'VALIDATION.FAILED',
      '当前已是该角色，请选择其他角色',
      400,
      false,
      'roleId',
      [{ field: 'roleId', message: '当前已是该角色，请选择其他角色' }],
    );
    const { reloads } = await renderDialog(auth);
    choose('3', 'admin123');
    press();
    await waitFor(() => expect(alerts()).toEqual(['当前已是该角色，请选择其他角色']));
    expect(auth.changes).toHaveLength(1);
    expect(auth.logins).toEqual([]);
    expect(reloads).toEqual([]);
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
  });

  it('switches with the chosen role and the password, then reloads the root', async () => {
    const auth = new FakeAuth();
    const { reloads } = await renderDialog(auth);
    choose('3', 'admin123');
    press();
    await waitFor(() => expect(reloads).toEqual(['/']));
    expect(auth.changes).toEqual([
      { userId: 10, userName: 'xmjl', roleId: 3, password: 'admin123' },
    ]);
    expect(auth.logins).toEqual([{ username: 'xmjl', password: 'admin123', role: 3 }]);
  });

  it('any other refusal (a wrong password) asks to sign in again', async () => {
    const auth = new FakeAuth();
    auth.refusal = new ApiError('HTTP.400', '密码错误', 400);
    await renderDialog(auth);
    choose('3', 'nope');
    press();
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm.textContent).toContain('切换角色失败，请返回登录页重新登录');
  });
});
