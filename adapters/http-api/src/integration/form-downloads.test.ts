/* eslint-disable @typescript-eslint/no-unsafe-member-access -- supertest bodies are untyped JSON */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApi, type TestApi } from '../test-support/api.js';
import { apiClient } from '../test-support/api-client.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { openXlsx } from '../test-support/xlsx-answer.js';

const FORM = 'application/x-www-form-urlencoded';

/** The texts of a workbook's first sheet, row by row. */
const sheetRows = (wb: Awaited<ReturnType<typeof openXlsx>>): string[][] => {
  const out: string[][] = [];
  wb.worksheets[0]?.eachRow((row) => {
    out.push((row.values as unknown[]).slice(1).map((v) => JSON.stringify(v ?? '')));
  });
  return out;
};

/**
 * RuoYi's UI POSTs its downloads form-encoded (route.ts FORM_DOWNLOAD): every `…/export` and
 * `…/importTemplate` GET is served for that POST too, its query read from the form.
 */
describe.each(testDatabaseKinds())('downloads POSTed form-encoded on %s', (kind) => {
  let api: TestApi;
  const { as, get, signIn } = apiClient(() => api);
  beforeAll(async () => {
    api = await openTestApi(kind);
    await signIn('admin');
  }, 120_000);
  afterAll(() => api?.close());

  /** A POST whose body the test sends itself (a form, or JSON). */
  const post = (path: string, user = 'admin') =>
    request(api.app).post(`/prod-api${path}`).set(as(user));

  it('exports the users a RuoYi form filters, as the GET with that query does', async () => {
    // As RuoYi's download() sends it: its list's query, paging included, in the body.
    const form = 'pageNum=1&pageSize=10&userName=admin&params%5BbeginTime%5D=2000-01-01';
    const posted = sheetRows(
      await openXlsx(post('/system/user/export').type(FORM).send(form), 'POST export'),
    );
    const got = sheetRows(
      await openXlsx(get('admin', `/system/user/export?${form}`), 'GET export'),
    );
    expect(posted).toEqual(got);
    expect(posted.length).toBeGreaterThan(1);
    expect(posted.slice(1).every((r) => r.some((c) => c.includes('admin')))).toBe(true);
  });

  it('serves the import template and the log exports for a POST with an empty form', async () => {
    for (const path of [
      '/system/user/importTemplate',
      '/monitor/logininfor/export',
      '/monitor/operlog/export',
    ])
      await openXlsx(post(path).type(FORM).send(''), path);
  });

  it('validates the form with the GET’s query schema, naming the field', async () => {
    const r = await post('/system/user/export').type(FORM).send('orderByColumn=password');
    expect(r.status).toBe(400);
    expect(r.body.msg).toContain('orderByColumn');
  });

  it('takes a form only: a JSON body is a 415', async () => {
    const r = await post('/system/user/export').send({ userName: 'admin' });
    expect(r.status).toBe(415);
  });

  it('keeps the GET’s permission', async () => {
    await signIn('yuangong');
    const r = await post('/system/user/export', 'yuangong').type(FORM).send('');
    expect(r.status).toBe(403);
  });

  it('every …/export and …/importTemplate GET has its POST twin, in the router and the document', async () => {
    const downloads = api.book.records.filter(
      (r) => r.method === 'get' && /\/(export|importTemplate)$/.test(r.path),
    );
    expect(downloads.length).toBeGreaterThan(20);
    const doc = (await request(api.app).get('/prod-api/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, { requestBody?: { content?: object } }>>;
    };
    for (const d of downloads) {
      expect(api.book.records.some((r) => r.method === 'post' && r.path === d.path)).toBe(true);
      const op = doc.paths[d.openapiPath]?.['post'];
      expect({ path: d.path, documented: op !== undefined }).toEqual({
        path: d.path,
        documented: true,
      });
      if (d.schemas.query) expect(op?.requestBody?.content).toHaveProperty([FORM]);
    }
  });
});
