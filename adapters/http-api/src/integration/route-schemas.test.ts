import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { openTestApi, type TestApi } from '../test-support/api.js';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The route modules: every file that registers routes on the book. */
function routeModules(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
        if (readFileSync(p, 'utf8').includes('book.add(')) out.push(p);
      }
    }
  };
  walk(SRC);
  return out;
}

/**
 * Where a handler parses values it already received validated (never the raw request): the
 * password change merges its body and its query (the spec's form) and checks the merge with the
 * same schema its body and query were validated with.
 */
const REPARSES_VALIDATED_INPUT = new Set(['routes/user.routes.ts']);

describe('every route validates with, and answers through, the schemas its OpenAPI entry shows', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await openTestApi('pglite');
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  it('documents each route from the very schema objects its handler validates with', () => {
    const routes = new Map<string, RouteConfig>();
    for (const d of api.book.registry.definitions) {
      if (d.type === 'route') routes.set(`${d.route.method} ${d.route.path}`, d.route);
    }
    expect(api.book.records.length).toBeGreaterThan(50);
    for (const r of api.book.records) {
      const route = routes.get(`${r.method} ${r.openapiPath}`);
      const id = `${r.method} ${r.path}`;
      expect(route, id).toBeDefined();
      const request = route?.request ?? {};
      expect(request.query, id).toBe(r.schemas.query);
      expect(request.params, id).toBe(r.schemas.params);
      const media = request.body?.content['application/json'] as { schema?: unknown } | undefined;
      const body = media?.schema;
      expect(body, id).toBe(r.schemas.body);
      const ok = route?.responses[200] as
        { content?: Record<string, { schema?: unknown }> } | undefined;
      if (r.schemas.response !== undefined) {
        expect(ok?.content?.['application/json']?.schema, id).toBe(r.schemas.response);
      }
    }
  });

  it('gives no handler the raw request to validate some other way', () => {
    const files = routeModules();
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const rel = path.relative(SRC, file);
      // A handler reads ctx.query / ctx.body / ctx.params, which RouteBook parsed with the
      // documented schemas; the raw request's input would bypass them.
      expect(text, rel).not.toMatch(/\breq\.(body|query|params)\b/);
      if (!REPARSES_VALIDATED_INPUT.has(rel)) expect(text, rel).not.toMatch(/\bparseInput\(/);
    }
  });

  it('documents the answer of every contract call that answers JSON', () => {
    const contractCalls = api.book.records.filter((r) => r.tag === '合同');
    const jsonRecords = contractCalls.filter((r) => !/export|chart/.test(r.path));
    expect(jsonRecords.length).toBeGreaterThan(15);
    for (const r of jsonRecords) expect(r.schemas.response, r.path).toBeDefined();
  });
});
