import { z } from 'zod';
import { keyed, type HttpClient, type WriteOptions } from '../client.js';
import { answerOf } from './answer.js';
import type { PageQuery } from './page.js';

/** A query without its blank filters: '' / undefined / null mean "not filtered". */
export const cleanQuery = (q: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(q).filter(([, v]) => v !== '' && v !== undefined && v !== null),
  );

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

  /** A write answered with no payload. */
  async act(path: string, body: unknown, options?: WriteOptions): Promise<void> {
    answerOf(done, await this.http.post(path, body, keyed(options)), path);
  }

  /** A write the spec sends as GET (a delete), answered with no payload. */
  async getAct(path: string, params: Record<string, unknown>): Promise<void> {
    answerOf(done, await this.http.get(path, { params: cleanQuery(params) }), path);
  }
}
