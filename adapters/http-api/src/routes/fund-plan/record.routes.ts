import type { Request } from 'express';
import type { z } from 'zod';
import {
  fundPlanActionPermission,
  type FundPlanActor,
  type ListPage,
  type Result,
  type WriteIdempotency,
} from '@dpms/core';
import { ok, page } from '../../http/envelope.js';
import { unwrap } from '../../http/http-error.js';
import { perm, type RouteBook } from '../../http/route.js';
import { streamXlsx, XLSX_TYPE, type XlsxColumn } from '../../http/xlsx.js';
import type { Principal } from '../../identity/principal.js';
import { actorOf, idemOf } from './shared.js';

type Obj = z.ZodType<Record<string, unknown>>;
interface SaveOptions {
  readonly submit: boolean;
  readonly version?: number;
  readonly idem: WriteIdempotency;
}

/**
 * One department fund record's routes (a monthly plan or an execution sheet): list, detail, add,
 * edit, delete, submit and export under `/contract/{name}/*`, with the permission of each action
 * (core's `fundPlanActionPermission`), its @dpms/wire schemas and the Idempotency-Key of each write
 * honoured by the use case. Plans and sheets differ only in what this names.
 */
export interface FundRecordRoutes<
  Rec,
  View,
  LQ extends Obj,
  IQ extends Obj,
  AB extends Obj,
  EB extends Obj,
> {
  /** The path segment and permission stem: fundPlan or fundPerform. */
  readonly name: 'fundPlan' | 'fundPerform';
  readonly kind: 'plan' | 'perform';
  readonly tag: string;
  /** The export's file and sheet name. */
  readonly sheet: string;
  readonly summaries: Readonly<
    Record<'list' | 'detail' | 'add' | 'edit' | 'delete' | 'submit' | 'export', string>
  >;
  readonly schemas: {
    readonly list: LQ;
    readonly id: IQ;
    readonly add: AB;
    readonly edit: EB;
    readonly answer: z.ZodType;
    readonly page: z.ZodType;
  };
  /** The record's id in an id query or body, and in an edit body. */
  readonly idOf: (q: z.output<IQ>) => number;
  readonly editIdOf: (b: z.output<EB>) => { readonly id: number; readonly version?: number };
  readonly view: (r: Rec) => View;
  readonly columns: readonly XlsxColumn<Rec>[];
  readonly list: (q: z.output<LQ>, actor: FundPlanActor) => Promise<ListPage<Rec>>;
  readonly detail: (id: number, actor: FundPlanActor) => Promise<Result<Rec>>;
  readonly save: (
    body: z.output<AB> | z.output<EB>,
    actor: FundPlanActor,
    id: number | undefined,
    options: SaveOptions,
  ) => Promise<Result<Rec>>;
  readonly remove: (
    id: number,
    actor: FundPlanActor,
    idem: WriteIdempotency,
  ) => Promise<Result<void>>;
  readonly submit: (
    id: number,
    actor: FundPlanActor,
    idem: WriteIdempotency,
  ) => Promise<Result<Rec>>;
  readonly rows: (q: z.output<LQ>, actor: FundPlanActor) => AsyncIterable<Rec>;
}

export function registerFundRecordRoutes<
  Rec,
  View,
  LQ extends Obj,
  IQ extends Obj,
  AB extends Obj,
  EB extends Obj,
>(book: RouteBook, r: FundRecordRoutes<Rec, View, LQ, IQ, AB, EB>): void {
  const base = `/contract/${r.name}`;
  const submitOf = (b: Record<string, unknown>) => b['submit'] === true;
  /** Add and edit alike: save (and submit when the body asks), answer the record's view. */
  const saved = async (
    body: z.output<AB> | z.output<EB>,
    principal: Principal,
    req: Request,
    action: 'add' | 'edit',
    target: { readonly id?: number; readonly version?: number } = {},
  ) =>
    ok(
      r.view(
        unwrap(
          await r.save(body, actorOf(principal), target.id, {
            submit: submitOf(body),
            ...(target.version === undefined ? {} : { version: target.version }),
            idem: idemOf(req, `${r.name}.${action}`, principal),
          }),
        ),
      ),
    );
  book.add({
    method: 'get',
    path: `${base}/list`,
    summary: r.summaries.list,
    tag: r.tag,
    access: perm(`contract:${r.name}:list`),
    response: r.schemas.page,
    query: r.schemas.list,
    handler: async ({ query, principal }) => {
      const p = await r.list(query as z.output<LQ>, actorOf(principal));
      return page(p.total, p.rows.map(r.view));
    },
  });
  book.add({
    method: 'get',
    path: `${base}/detail`,
    summary: r.summaries.detail,
    tag: r.tag,
    access: perm(`contract:${r.name}:query`),
    response: r.schemas.answer,
    query: r.schemas.id,
    handler: async ({ query, principal }) =>
      ok(r.view(unwrap(await r.detail(r.idOf(query as z.output<IQ>), actorOf(principal))))),
  });
  book.add({
    method: 'post',
    path: `${base}/add`,
    summary: r.summaries.add,
    tag: r.tag,
    access: perm(`contract:${r.name}:add`),
    response: r.schemas.answer,
    idempotency: 'use-case',
    body: r.schemas.add,
    handler: ({ body, principal, req }) => saved(body as z.output<AB>, principal, req, 'add'),
  });
  book.add({
    method: 'post',
    path: `${base}/edit`,
    summary: r.summaries.edit,
    tag: r.tag,
    access: perm(fundPlanActionPermission(r.kind, 'edit')),
    response: r.schemas.answer,
    idempotency: 'use-case',
    body: r.schemas.edit,
    handler: ({ body, principal, req }) => {
      const edit = body as z.output<EB>;
      return saved(edit, principal, req, 'edit', r.editIdOf(edit));
    },
  });
  book.add({
    method: 'get',
    path: `${base}/delete`,
    summary: r.summaries.delete,
    tag: r.tag,
    access: perm(fundPlanActionPermission(r.kind, 'remove')),
    query: r.schemas.id,
    handler: async ({ query, principal, req }) => {
      unwrap(
        await r.remove(
          r.idOf(query as z.output<IQ>),
          actorOf(principal),
          idemOf(req, `${r.name}.delete`, principal),
        ),
      );
      return ok();
    },
  });
  book.add({
    method: 'post',
    path: `${base}/updateToApproval`,
    summary: r.summaries.submit,
    tag: r.tag,
    access: perm(fundPlanActionPermission(r.kind, 'submit')),
    response: r.schemas.answer,
    idempotency: 'use-case',
    body: r.schemas.id,
    handler: async ({ body, principal, req }) =>
      ok(
        r.view(
          unwrap(
            await r.submit(
              r.idOf(body as z.output<IQ>),
              actorOf(principal),
              idemOf(req, `${r.name}.updateToApproval`, principal),
            ),
          ),
        ),
      ),
  });
  book.add({
    method: 'get',
    path: `${base}/export`,
    summary: r.summaries.export,
    tag: r.tag,
    access: perm(`contract:${r.name}:export`),
    query: r.schemas.list,
    produces: XLSX_TYPE,
    handler: async ({ query, principal, res }) => {
      await streamXlsx(
        res,
        `${r.sheet}.xlsx`,
        r.sheet,
        r.columns,
        r.rows(query as z.output<LQ>, actorOf(principal)),
      );
      return undefined;
    },
  });
}
