import type { z } from 'zod';
import { ALL_DATA, type FundActor, type ListPage } from '@dpms/core';
import { page } from '../../http/envelope.js';
import { perm, type RouteBook } from '../../http/route.js';
import { streamXlsx, XLSX_TYPE, type XlsxColumn } from '../../http/xlsx.js';
import type { Principal } from '../../identity/principal.js';

export const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());

export const actorOf = (p: Principal): FundActor => ({
  userId: p.userId,
  userName: p.userName,
  deptId: p.deptId,
  scope: p.isAdmin ? ALL_DATA : p.scope,
});

export const defined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/**
 * A family's list and its export: the list pages what the caller may see (under one or more
 * paths), the export streams the same filter as .xlsx page by page, newest first.
 */
export function listAndExport<Q extends z.ZodType, F, Row>(
  book: RouteBook,
  o: {
    tag: string;
    query: Q;
    filterOf: (q: z.output<Q>) => F;
    list: {
      paths: readonly (readonly [path: string, summary: string])[];
      permission: string;
      /** One page of the list for the parsed query (its filter is `filterOf` of it). */
      rows: (query: z.output<Q>, filter: F, actor: FundActor) => Promise<ListPage<Row>>;
      view: (row: Row) => unknown;
      /** The page's documented answer (RouteBook builds the answer through it). */
      response: z.ZodType;
    };
    export: {
      path: string;
      summary: string;
      permission: string;
      fileName: string;
      sheetName: string;
      columns: readonly XlsxColumn<Row>[];
      rows: (filter: F, actor: FundActor) => AsyncIterable<Row>;
    };
  },
): void {
  for (const [path, summary] of o.list.paths) {
    book.add({
      method: 'get',
      path,
      summary,
      tag: o.tag,
      access: perm(o.list.permission),
      query: o.query,
      response: o.list.response,
      handler: async ({ query, principal }) => {
        const q = query as z.output<Q>;
        const p = await o.list.rows(q, o.filterOf(q), actorOf(principal));
        return page(p.total, p.rows.map(o.list.view));
      },
    });
  }
  book.add({
    method: 'get',
    path: o.export.path,
    summary: o.export.summary,
    tag: o.tag,
    access: perm(o.export.permission),
    query: o.query,
    produces: XLSX_TYPE,
    handler: async ({ query, principal, res }) => {
      await streamXlsx(
        res,
        o.export.fileName,
        o.export.sheetName,
        o.export.columns,
        o.export.rows(o.filterOf(query as z.output<Q>), actorOf(principal)),
      );
      return undefined;
    },
  });
}
