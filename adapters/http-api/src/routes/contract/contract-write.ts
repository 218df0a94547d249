import type { Request } from 'express';
import type { z } from 'zod';
import type { ContractActor, ContractService, WriteIdempotency } from '@dpms/core';
import { contractAnswer } from '@dpms/wire';
import { ok } from '../../http/envelope.js';
import { unwrap } from '../../http/http-error.js';
import { perm, type RouteBook } from '../../http/route.js';
import type { Principal } from '../../identity/principal.js';
import { actorOf, idemOf } from '../contract-route-helpers.js';
import { contractView, TAG } from './views.js';

/** What every contract write's use case answers: the contract as it now stands, or a refusal. */
type ContractResult = ReturnType<ContractService['add']>;

/**
 * One contract write: its input schema (a POST's body, or the query of a write the spec sends as
 * GET: deleteById, convertBy*, updateEffective) and the use case it runs. Every one answers the
 * contract as `contractAnswer`.
 */
export interface ContractWrite<S extends z.ZodType> {
  readonly method: 'get' | 'post';
  readonly path: string;
  readonly summary: string;
  readonly permission: string;
  readonly input: S;
  /** The use case claims the Idempotency-Key in the write's own transaction. */
  readonly idempotency?: 'use-case';
  /** The use case takes no Idempotency-Key (the route layer or nobody holds it). */
  readonly unkeyed?: true;
  readonly run: (
    input: z.output<S>,
    actor: ContractActor,
    idem: WriteIdempotency | undefined,
    principal: Principal,
  ) => ContractResult;
}

/** The route factory every contract write is registered with. */
export function addContractWrite<S extends z.ZodType>(book: RouteBook, w: ContractWrite<S>): void {
  const answer = async (input: z.output<S>, principal: Principal, req: Request) =>
    ok(
      contractView(
        unwrap(
          await w.run(
            input,
            actorOf(principal),
            w.unkeyed ? undefined : idemOf(req, principal, w.path),
            principal,
          ),
        ),
      ),
    );
  const common = {
    path: w.path,
    summary: w.summary,
    tag: TAG,
    access: perm(w.permission),
    response: contractAnswer,
    ...(w.idempotency === undefined ? {} : { idempotency: w.idempotency }),
  };
  if (w.method === 'get')
    book.add({
      ...common,
      method: 'get',
      query: w.input,
      handler: ({ query, principal, req }) => answer(query as z.output<S>, principal, req),
    });
  else
    book.add({
      ...common,
      method: 'post',
      body: w.input,
      handler: ({ body, principal, req }) => answer(body as z.output<S>, principal, req),
    });
}
