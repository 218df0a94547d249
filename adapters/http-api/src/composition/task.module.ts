import { ContainerModule } from 'inversify';
import { type LinkedRecordRegistry } from '@dpms/core';
import { KyselyUnitOfWork } from '@dpms/sql';
import type { Clock } from '../identity/clock.js';
import { taskRoutes } from '../routes/task/index.js';
import { clockAt, registerTaskRecords, RESULT_SEAL_RECORD_KIND, TaskService } from '@dpms/core';
import { createTaskRepositories } from '@dpms/sql';
import { TOKENS } from './tokens.js';
import type { Db } from './db.js';

/**
 * Design tasks over the SQL adapter: task sheets, results and seals with the approval
 * engine in the same transaction; the seal's linked-record handler joins `linkedRecords`, and the
 * service answers getNotify's urgent tasks and seal dot.
 */
export const taskModule = (db: Db, linkedRecords: LinkedRecordRegistry<Db>, clock: Clock) =>
  new ContainerModule(({ bind }) => {
    if (!linkedRecords.kinds().includes(RESULT_SEAL_RECORD_KIND))
      registerTaskRecords(linkedRecords, (trx, at) =>
        createTaskRepositories(trx, linkedRecords, clockAt(at, clock)),
      );
    bind(TOKENS.Tasks)
      .toResolvedValue(
        () =>
          new TaskService(
            new KyselyUnitOfWork(db, (trx) => createTaskRepositories(trx, linkedRecords, clock)),
            clock,
          ),
      )
      .inSingletonScope();
    bind(TOKENS.TaskNotify).toService(TOKENS.Tasks);
    bind(TOKENS.TaskRoutes)
      .toResolvedValue((tasks: TaskService) => taskRoutes(tasks), [TOKENS.Tasks])
      .inSingletonScope();
  });
