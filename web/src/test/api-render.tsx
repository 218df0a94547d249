import type { HttpClient } from '@dpms/http-client';
import type { ReactElement } from 'react';
import { createContainer } from '../app/container';
import { TOKENS } from '../app/tokens';
import { manualScheduler, renderInApp, signIn } from './render';

type Handler = (input: Record<string, unknown>) => unknown;
type Method = 'get' | 'post' | 'put' | 'delete';

/** A stand-in for the API: answers by path, and records every call with what it sent. */
export class FakeApi {
  readonly calls: {
    method: Method;
    url: string;
    input: Record<string, unknown>;
    /** The call's headers, and its Idempotency-Key among them. */
    headers?: Record<string, string> | undefined;
    key?: string | undefined;
  }[] = [];
  constructor(private readonly routes: Record<string, Handler>) {}
  private answer(
    method: Method,
    url: string,
    input: Record<string, unknown>,
    headers?: Record<string, string>,
  ) {
    this.calls.push({ method, url, input, headers, key: headers?.['Idempotency-Key'] });
    const route = this.routes[url];
    if (route === undefined) return Promise.reject(new Error(`no fake for ${url}`));
    try {
      return Promise.resolve(route(input));
    } catch (e) {
      return Promise.reject(e instanceof Error ? e : new Error(String(e)));
    }
  }
  readonly client = {
    get: (
      url: string,
      options?: { params?: Record<string, unknown>; headers?: Record<string, string> },
    ) => this.answer('get', url, options?.params ?? {}, options?.headers),
    post: (url: string, body?: unknown, options?: { headers?: Record<string, string> }) =>
      this.answer('post', url, (body ?? {}) as Record<string, unknown>, options?.headers),
    put: (url: string, body?: unknown, options?: { headers?: Record<string, string> }) =>
      this.answer('put', url, (body ?? {}) as Record<string, unknown>, options?.headers),
    delete: (url: string) => this.answer('delete', url, {}),
  } as unknown as HttpClient;
  sent(url: string) {
    return this.calls.filter((c) => c.url === url).map((c) => c.input);
  }
}

/**
 * Renders a page in the real composition root over `api`, signed in as `userId`, with time on a
 * manual clock.
 */
export function renderWithApi(
  ui: ReactElement,
  api: FakeApi,
  options: { permissions?: string[]; userId?: number; path?: string } = {},
) {
  const container = createContainer();
  const { scheduler, clock } = manualScheduler();
  container.rebind(TOKENS.Scheduler).toConstantValue(scheduler);
  container.rebind(TOKENS.Http).toConstantValue(api.client);
  signIn(container, {
    permissions: options.permissions ?? ['*:*:*'],
    userInfo: { userId: options.userId ?? 10, nickName: '用户', deptId: 107, avatar: '' },
  });
  const result = renderInApp(container, ui, options.path ?? '/');
  // The manual clock the page's timers run on: a test moves it with clock.advance(ms).
  return Object.assign(result, { clock });
}
