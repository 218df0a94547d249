import { ContainerModule } from 'inversify';
import {
  ApprovalEngine,
  ApprovalFlowAdmin,
  ApprovalSheets,
  type LinkedRecordRegistry,
  type PlatformRepositories,
} from '@dpms/core';
import {
  createApprovalRepositories,
  KyselyUnitOfWork,
  SqlSignatureImageRepository,
  SqlFileRecordRepository,
  SqlApprovalSheetSource,
} from '@dpms/sql';
import type { Clock } from '../identity/clock.js';
import { approvalRoutes, type ApprovalRouteDeps } from '../routes/approval/index.js';
import { type TaskNotifyPort } from '@dpms/core';
import { FileReferences } from '../routes/file-references.js';
import type { Logger } from 'pino';
import { GraphilePrerenderQueue } from '../print/pdf-prerender.js';
import { centreForms } from './centre-forms.js';
import { TOKENS } from './tokens.js';
import type { Db } from './db.js';

/**
 * The approval engine over the SQL adapter: its unit of work binds the approval ports to
 * one transaction; `linkedRecords` holds each domain's handler for the records approvals move.
 */
export const approvalModule = (db: Db, linkedRecords: LinkedRecordRegistry<Db>, clock: Clock) =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.Approval)
      .toResolvedValue(
        (repos: PlatformRepositories, logger: Logger): ApprovalRouteDeps => {
          // An approval approved queues its PDFs' pre-render in its own transaction.
          const uow = new KyselyUnitOfWork(db, (trx) => ({
            ...createApprovalRepositories(trx, linkedRecords),
            followUps: new GraphilePrerenderQueue(trx, (err) =>
              logger.warn({ err }, 'PDF pre-render not queued'),
            ),
          }));
          const engine = new ApprovalEngine(uow, clock);
          return {
            engine,
            centre: centreForms(db, linkedRecords, clock, engine),
            flows: new ApprovalFlowAdmin(uow),
            signatures: new KyselyUnitOfWork(db, (trx) => ({
              signatures: new SqlSignatureImageRepository(trx),
            })),
            repos,
            sheets: new ApprovalSheets(
              new KyselyUnitOfWork(db, (trx) => ({ sheets: new SqlApprovalSheetSource(trx) })),
            ),
            fileRefs: new FileReferences(new SqlFileRecordRepository(db)),
          };
        },
        [TOKENS.Repositories, TOKENS.Logger],
      )
      .inSingletonScope();
    bind(TOKENS.ApprovalRoutes)
      .toResolvedValue(
        // The export's PDF form joins when printing is configured.
        // getNotify's urgent tasks and seal dot join when the design tasks are bound.
        (
          deps: ApprovalRouteDeps,
          pdf: ApprovalRouteDeps['pdf'],
          taskNotify: TaskNotifyPort | undefined,
        ) =>
          approvalRoutes({
            ...(pdf ? { ...deps, pdf } : deps),
            ...(taskNotify ? { taskNotify } : {}),
          }),
        [
          TOKENS.Approval,
          { serviceIdentifier: TOKENS.ApprovalPdf, optional: true },
          { serviceIdentifier: TOKENS.TaskNotify, optional: true },
        ],
      )
      .inSingletonScope();
  });
