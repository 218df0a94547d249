import { z } from 'zod';
import { keyed, type HttpClient, type WriteOptions } from '../client.js';
import { answerOf } from './answer.js';
import type { PageQuery } from './page.js';

/** A query without its blank filters: '' / undefined / null mean "not filtered". */
export const cleanQuery = (q: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(q).filter(([, v]) => v !== '' && v !== undefined && v !== null),
  );

/** Ids in a path, as RuoYi deletes take them: `/system/role/3` or `/system/role/3,4`. */
export const pathIds = (ids: number | readonly number[]): string =>
  typeof ids === 'object' ? ids.join(',') : String(ids);

/** The answer of a write that carries no payload: `{code: 200, msg}`. */
const done = z.object({ code: z.literal(200), msg: z.string() });

/**
 * The calls a gateway makes, each answer parsed with its @dpms/wire schema (`answerOf`), writes
 * keyed with the action's Idempotency-Key. One place, so every gateway reads and writes alike.
 */
export class ParsedCalls {
  constructor(private readonly http: HttpClient) {}

  async page<S extends z.ZodType<{ rows: unknown[]; total: number }>>(
    schema: S,
    path: string,
    q: PageQuery,
  ): Promise<z.output<S>> {
    return answerOf(schema, await this.http.get(path, { params: cleanQuery(q) }), path);
  }

  async get<S extends z.ZodType<{ data: unknown }>>(
    schema: S,
    path: string,
    params: Record<string, unknown>,
  ): Promise<z.output<S>['data']> {
    return answerOf(schema, await this.http.get(path, { params: cleanQuery(params) }), path).data;
  }

  async post<S extends z.ZodType<{ data: unknown }>>(
    schema: S,
    path: string,
    body: unknown,
    options?: WriteOptions,
  ): Promise<z.output<S>['data']> {
    return answerOf(schema, await this.http.post(path, body, keyed(options)), path).data;
  }

  /** A read answered whole (fields beside `data`, or a write the spec sends as GET). */
  async read<S extends z.ZodType>(
    schema: S,
    path: string,
    params?: object,
    options?: WriteOptions,
  ): Promise<z.output<S>> {
    const query = params ? { params: cleanQuery({ ...params }) } : {};
    return answerOf(schema, await this.http.get(path, { ...query, ...keyed(options) }), path);
  }

  /** A POST or PUT answered whole; `params` go in the query string beside the body. */
  async send<S extends z.ZodType>(
    method: 'post' | 'put',
    schema: S,
    path: string,
    body: unknown,
    options?: WriteOptions,
    params?: object,
  ): Promise<z.output<S>> {
    const config = { ...keyed(options), ...(params ? { params: cleanQuery({ ...params }) } : {}) };
    return answerOf(schema, await this.http[method](path, body, config), path);
  }

  /** A DELETE answered whole. */
  async remove<S extends z.ZodType>(
    schema: S,
    path: string,
    options?: WriteOptions,
  ): Promise<z.output<S>> {
    return answerOf(schema, await this.http.delete(path, keyed(options)), path);
  }

  /** A write answered with no payload. */
  async act(path: string, body: unknown, options?: WriteOptions): Promise<void> {
    answerOf(done, await this.http.post(path, body, keyed(options)), path);
  }

  /** A write the spec sends as GET (a delete), answered with no payload. */
  async getAct(path: string, params: Record<string, unknown>): Promise<void> {
    answerOf(done, await this.http.get(path, { params: cleanQuery(params) }), path);
  }
}
