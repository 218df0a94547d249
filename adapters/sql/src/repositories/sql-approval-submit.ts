import {
  ApprovalEngine,
  ok,
  type CreateApprovalInput,
  type EngineClock,
  type LinkedRecordRegistry,
  type RecordApprovalPort,
  type RecordApprovalRequest,
  type TemplateContent,
} from '@dpms/core';
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.js';
import { createApprovalRepositories } from './sql-approval.repository.js';
import { KyselyUnitOfWork } from './platform-repositories.js';

type Db = Kysely<Database>;

/** A domain record sent into approval, drafted by one user. */
export interface RecordSubmission {
  readonly kind: CreateApprovalInput['kind'];
  readonly typeCode: string;
  readonly title: string;
  readonly content: TemplateContent;
  readonly recordKind: string;
  readonly recordId: string;
  readonly drafterId: number;
  readonly drafterDeptId: number | null;
}

/**
 * Creates the record's approval and submits it at once, through the approval engine inside the
 * caller's transaction, as its drafter (own scope); `route` names the call for idempotency.
 */
export async function submitRecordForApproval(
  trx: Db,
  linked: LinkedRecordRegistry<Db>,
  clock: EngineClock,
  s: RecordSubmission,
  route: string,
) {
  const engine = new ApprovalEngine(
    new KyselyUnitOfWork(trx, (t) => createApprovalRepositories(t, linked)),
    clock,
  );
  const r = await engine.create(
    {
      kind: s.kind,
      typeCode: s.typeCode,
      title: s.title,
      content: s.content,
      recordKind: s.recordKind,
      recordId: s.recordId,
      submit: true,
    },
    {
      userId: s.drafterId,
      deptId: s.drafterDeptId,
      scope: { kind: 'own', userId: s.drafterId },
    },
    { route },
  );
  if (!r.ok) return r;
  return ok({ approvalId: r.value.approvalId, status: r.value.status });
}

/**
 * The one approval port of every slice: the approval engine run in the record's own transaction
 * (its unit of work reuses the transaction it is given), so the approval and the record's lock
 * commit or roll back together. The slice's use case names the form and the record kind.
 */
export class EngineRecordApprovalPort implements RecordApprovalPort {
  constructor(
    private readonly trx: Db,
    private readonly linked: LinkedRecordRegistry<Db>,
    private readonly clock: EngineClock,
  ) {}

  submit(request: RecordApprovalRequest) {
    return submitRecordForApproval(
      this.trx,
      this.linked,
      this.clock,
      request,
      request.idempotencyScope,
    );
  }
}
