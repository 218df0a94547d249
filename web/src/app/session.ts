import {
  identitySessionEntries,
  IDENTITY_SESSION_KEYS,
  isSessionLoaded,
  NavigationGuard,
  SESSION_INITIAL,
  sessionReducer,
  SwitchRole,
  type NavigationDecision,
  type RoleSwitchForm,
  type SessionEvent,
  type SessionState,
  type SwitchRoleResult,
} from '@dpms/core';
import type { SessionStore, TokenStorage } from '@dpms/browser';
import {
  errorMessage,
  fieldErrorsOf,
  type AuthGateway,
  type LoginForm,
  type RouterNode,
} from '@dpms/http-client';
import type { Navigator } from './navigator';

export interface SessionView {
  session: SessionState;
  /** The server's route tree for the role in force (empty until loaded). */
  routes: RouterNode[];
  loaded: boolean;
}

/** Session-storage keys the web writes besides core's identity keys. */
export const SESSION_KEYS = { ...IDENTITY_SESSION_KEYS, hideNotify: 'hideNotify' } as const;

/**
 * The signed-in user as the shell sees it: core's session state and its rules (the guard, the
 * role switch), the token kept in storage, and the route tree. A small external store React
 * reads with useSyncExternalStore.
 */
export class SessionService {
  private view: SessionView;
  private readonly listeners = new Set<() => void>();
  private readonly guard: NavigationGuard;
  private readonly switcher: SwitchRole;
  private pendingRoutes: RouterNode[] = [];

  constructor(
    private readonly auth: AuthGateway,
    private readonly tokens: TokenStorage,
    private readonly storage: SessionStore,
    private readonly navigator: Navigator,
  ) {
    const session = sessionReducer(SESSION_INITIAL, {
      type: 'tokenRestored',
      token: tokens.get() ?? null,
    });
    this.view = { session, routes: [], loaded: false };
    this.guard = new NavigationGuard(
      { getInfo: () => auth.getInfo(), logout: () => auth.logout() },
      {
        installRoutes: async () => {
          this.pendingRoutes = await auth.getRouters();
        },
      },
    );
    this.switcher = new SwitchRole({
      changeRole: async (form) => {
        try {
          await auth.changeRole({
            userId: form.userId,
            userName: form.userName,
            roleId: form.roleId,
            password: form.password,
          });
        } catch (error) {
          // A refusal naming the form's fields goes back to the dialog, beside them.
          const errors = fieldErrorsOf(error);
          if (errors.length === 0) throw error;
          return { code: 400, msg: errorMessage(error), errors };
        }
        return { code: 200 };
      },
      login: async (command) => ({ code: 200, token: await auth.login(command) }),
    });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): SessionView => this.view;

  get token(): string | undefined {
    return this.view.session.token ?? undefined;
  }

  private set(session: SessionState, routes: RouterNode[] = this.view.routes) {
    if (session.token === null) this.tokens.clear();
    else this.tokens.set(session.token);
    const loaded = isSessionLoaded(session);
    this.view = { session, routes: loaded ? routes : [], loaded };
    for (const listener of this.listeners) listener();
  }

  private apply(event: SessionEvent) {
    this.set(sessionReducer(this.view.session, event));
  }

  /** POST /login; a 200 answer stores the token (000 §4). */
  async login(form: LoginForm): Promise<void> {
    const token = await this.auth.login(form);
    this.apply({ type: 'loginAnswered', answer: { code: 200, token } });
  }

  /** Core's guard for `location`; when it loads the session, the routes come with it. */
  async navigate(location: string): Promise<NavigationDecision> {
    const result = await this.guard.navigate(this.view.session, location);
    if (result.state !== this.view.session) {
      this.set(result.state, this.pendingRoutes);
      if (isSessionLoaded(result.state))
        for (const e of identitySessionEntries(result.state)) this.storage.write(e.key, e.value);
      else SessionService.clearSessionKeys(this.storage);
    }
    return result.decision;
  }

  /** The role switch of 000 §4 (core's use case); the caller reloads the root on success. */
  switchRole(
    form: Omit<RoleSwitchForm, 'userId' | 'userName'>,
    currentRoleIds: readonly number[],
  ): Promise<SwitchRoleResult> {
    const s = this.view.session;
    return this.switcher
      .execute(
        s,
        { ...form, userId: s.userInfo?.userId ?? 0, userName: s.userName },
        currentRoleIds,
      )
      .then((result) => {
        if (result.ok) this.set(result.value.state);
        return result;
      });
  }

  /** Ends the session on the server (best effort) and here: token, roles and permissions. */
  async logout(): Promise<void> {
    try {
      if (this.token) await this.auth.logout();
    } finally {
      this.clear();
    }
  }

  /** Forgets the session locally. */
  clear(): void {
    this.apply({ type: 'loggedOut' });
    SessionService.clearSessionKeys(this.storage);
  }

  /** A full reload of `path` (after the session changed). */
  reload(path: string): void {
    this.navigator.reload(path);
  }

  static clearSessionKeys(storage: SessionStore): void {
    for (const key of Object.values(SESSION_KEYS)) storage.remove(key);
  }
}
