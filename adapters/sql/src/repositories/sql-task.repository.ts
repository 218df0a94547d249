import {
  ApprovalEngine,
  isApprovalTypeCode,
  TASK_RECORD_KIND,
  TASK_VALUE_RECORD_KIND,
  type ApprovalTypeCode,
  type TemplateKind,
  RESULT_SEAL_RECORD_KIND,
  TASK_WARN_DAYS_CONFIG_KEY,
  ok,
  parseWarnDays,
  type EngineClock,
  type LinkedRecordRegistry,
  type TaskApprovalPort,
  type TaskRepositories,
} from '@dpms/core';
import { instituteTimeZone } from './institute-time-zone.js';
import { type Kysely } from 'kysely';
import type { Database } from '../database/schema.js';
import { KyselyUnitOfWork } from './platform-repositories.js';
import { createApprovalRepositories } from './sql-approval.repository.js';
import { SqlTaskRepository } from './sql-task-sheet.repository.js';
import { SqlTaskDirectory } from './sql-task-directory.js';
import { SqlTaskResultRepository } from './sql-task-result.repository.js';
import { SqlResultSealRepository } from './sql-task-seal.repository.js';

/*
 * The design task repositories, one file per aggregate: the sheets (sql-task-sheet.repository.ts),
 * the directory of contracts and people (sql-task-directory.ts), results, files, deliveries and
 * pay items (sql-task-result.repository.ts), seal requests (sql-task-seal.repository.ts), and the
 * row mappers and scope rule they share (sql-task-rows.ts). This file composes them.
 */
export { taskVisible } from './sql-task-rows.js';
export { SqlResultSealRepository, SqlTaskDirectory, SqlTaskRepository, SqlTaskResultRepository };

// ---- approval port, composition ------------------------------------------------------------------

/** The seal request's approval (13_1, Seal kind) through the engine, in the task's transaction. */
export class EngineTaskApprovalPort implements TaskApprovalPort {
  constructor(
    private readonly trx: Kysely<Database>,
    private readonly linked: LinkedRecordRegistry<Kysely<Database>>,
    private readonly clock: EngineClock,
  ) {}

  submitSeal(request: Parameters<TaskApprovalPort['submitSeal']>[0]) {
    return this.create(
      request,
      'Seal',
      request.typeCode,
      RESULT_SEAL_RECORD_KIND,
      'task.submitSeal',
    );
  }

  /** An output value confirmation (4_x, Common kind): approved, its handler confirms it. */
  submitValue(request: Parameters<TaskApprovalPort['submitValue']>[0]) {
    if (!isApprovalTypeCode(request.typeCode))
      throw new Error(`not a type code: ${request.typeCode}`);
    return this.create(
      request,
      'Common',
      request.typeCode,
      TASK_VALUE_RECORD_KIND,
      'task.submitValue',
    );
  }

  /** A task sheet (3_x, Common kind): its handler locks the sheet in the same transaction. */
  submitSheet(request: Parameters<TaskApprovalPort['submitSheet']>[0]) {
    if (!isApprovalTypeCode(request.typeCode))
      throw new Error(`not a type code: ${request.typeCode}`);
    return this.create(request, 'Common', request.typeCode, TASK_RECORD_KIND, 'task.submitSheet');
  }

  private async create(
    request: Omit<Parameters<TaskApprovalPort['submitSeal']>[0], 'typeCode'>,
    kind: TemplateKind,
    typeCode: ApprovalTypeCode,
    recordKind: string,
    route: string,
  ) {
    const engine = new ApprovalEngine(
      new KyselyUnitOfWork(this.trx, (t) => createApprovalRepositories(t, this.linked)),
      this.clock,
    );
    const r = await engine.create(
      {
        kind,
        typeCode,
        title: request.title,
        content: request.content,
        recordKind,
        recordId: request.recordId,
        submit: true,
      },
      {
        userId: request.drafterId,
        deptId: request.drafterDeptId,
        scope: { kind: 'own', userId: request.drafterId },
      },
      { route },
    );
    if (!r.ok) return r;
    return ok({ approvalId: r.value.approvalId, status: r.value.status });
  }
}

/** The task ports bound to one connection or transaction. */
export function createTaskRepositories(
  db: Kysely<Database>,
  linked: LinkedRecordRegistry<Kysely<Database>>,
  clock: EngineClock,
): TaskRepositories {
  return {
    tasks: new SqlTaskRepository(db),
    directory: new SqlTaskDirectory(db),
    results: new SqlTaskResultRepository(db),
    seals: new SqlResultSealRepository(db),
    approvals: new EngineTaskApprovalPort(db, linked, clock),
    async warnDays() {
      const row = await db
        .selectFrom('sys_config')
        .select('config_value')
        .where('config_key', '=', TASK_WARN_DAYS_CONFIG_KEY)
        .executeTakeFirst();
      return parseWarnDays(row?.config_value);
    },
    timeZone: () => instituteTimeZone(db),
  };
}
