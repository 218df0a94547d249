import {
  ApprovalEngine,
  ok,
  type EngineClock,
  type LinkedRecordRegistry,
  type RecordApprovalPort,
  type RecordApprovalRequest,
} from '@dpms/core';
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.js';
import { createApprovalRepositories } from './sql-approval.repository.js';
import { KyselyUnitOfWork } from './platform-repositories.js';

type Db = Kysely<Database>;

/**
 * The one approval port of every slice: creates the record's approval and submits it at once,
 * through the approval engine run in the record's own transaction (its unit of work reuses the
 * transaction it is given), so the approval and the record's lock commit or roll back together.
 * The drafter acts in their own scope; the slice's use case names the form, the record kind and
 * the idempotency scope.
 */
export class EngineRecordApprovalPort implements RecordApprovalPort {
  constructor(
    private readonly trx: Db,
    private readonly linked: LinkedRecordRegistry<Db>,
    private readonly clock: EngineClock,
  ) {}

  async submit(s: RecordApprovalRequest) {
    const engine = new ApprovalEngine(
      new KyselyUnitOfWork(this.trx, (t) => createApprovalRepositories(t, this.linked)),
      this.clock,
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
      { route: s.idempotencyScope },
    );
    if (!r.ok) return r;
    return ok({ approvalId: r.value.approvalId, status: r.value.status });
  }
}
