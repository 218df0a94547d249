/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-explicit-any -- supertest bodies are untyped JSON */
import request from 'supertest';
import { expect } from 'vitest';
import type { Express } from 'express';
import { openXlsx } from './xlsx-answer.js';

type Call = request.Test | Promise<request.Response>;

/** What the client calls: any test API (`openTestApi`, `openApprovalApi` ...) that signs in. */
export interface SignInApi {
  readonly app: Express;
  login(userName: string): Promise<string>;
}

/**
 * The integration tests' one login-and-request setup: calls of a test API, each as one of the
 * demo users signed in.
 */
export interface ApiClient {
  /** The Authorization header of a signed-in user. */
  as: (user: string) => { Authorization: string };
  /** A write as `user`, with an Idempotency-Key when `key` is given. */
  post: (user: string, path: string, body: unknown, key?: string) => request.Test;
  put: (user: string, path: string, body: unknown) => request.Test;
  del: (user: string, path: string) => request.Test;
  get: (user: string, path: string, query?: Record<string, unknown>) => request.Test;
  /** The answer's body, once its status is the one expected. */
  bodyOf: (r: Call, status: number) => Promise<any>;
  /** The data of a 200 answer. */
  okData: (r: Call) => Promise<any>;
  /** A refusal with `status`, its body naming `field` if given. */
  refused: (r: Call, status: number, field?: string) => Promise<any>;
  /** The first sheet of an .xlsx answer, as rows of cell texts. */
  xlsxRows: (user: string, path: string, query?: Record<string, unknown>) => Promise<string[][]>;
  /** Signs the users in; their tokens stand for them in every later call. */
  signIn: (...users: string[]) => Promise<void>;
  /** Signs the user in unless already signed in. */
  ensureSignedIn: (user: string) => Promise<void>;
  /**
   * Lets later calls as `user` carry `token`: a session the test opened itself (a password of its
   * own, a chosen role, a second sign-in of the same person under another name).
   */
  useToken: (user: string, token: string) => void;
}

/** A client of the API `api()` answers once the test's beforeAll has opened it. */
export function apiClient(api: () => SignInApi): ApiClient {
  const tokens: Record<string, string> = {};
  const as = (user: string) => ({ Authorization: `Bearer ${tokens[user] ?? ''}` });
  const get = (user: string, path: string, query: Record<string, unknown> = {}) =>
    request(api().app)
      .get(`/prod-api${path}`)
      .set(as(user))
      .query(query as Record<string, string>);
  const bodyOf = async (r: Call, status: number) => {
    const res = await r;
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return res.body;
  };
  return {
    as,
    post: (user, path, body, key) => {
      const r = request(api().app).post(`/prod-api${path}`).set(as(user));
      return (key === undefined ? r : r.set('Idempotency-Key', key)).send(body as object);
    },
    put: (user, path, body) =>
      request(api().app)
        .put(`/prod-api${path}`)
        .set(as(user))
        .send(body as object),
    del: (user, path) => request(api().app).delete(`/prod-api${path}`).set(as(user)),
    get,
    bodyOf,
    okData: async (r) => (await bodyOf(r, 200)).data,
    async refused(r, status, field) {
      const body = await bodyOf(r, status);
      if (field !== undefined) expect(JSON.stringify(body)).toContain(field);
      return body;
    },
    async xlsxRows(user, path, query = {}) {
      const wb = await openXlsx(get(user, path, query), path);
      const rows: string[][] = [];
      wb.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map(String)));
      return rows;
    },
    async signIn(...users) {
      for (const user of users) tokens[user] = await api().login(user);
    },
    async ensureSignedIn(user) {
      tokens[user] ??= await api().login(user);
    },
    useToken(user, token) {
      tokens[user] = token;
    },
  };
}
