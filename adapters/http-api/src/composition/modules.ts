import { ContainerModule, Container } from 'inversify';
import type { Logger } from 'pino';
import {
  ApprovalEngine,
  ApprovalFlowAdmin,
  CONTRACT_RECORD_KIND,
  ContractChildService,
  CONTRACT_CHANGE_RECORD_KIND,
  CONTRACT_CHILD_RECORD_KIND,
  ContractExportService,
  ContractFileService,
  ExtendSubContractService,
  ContractService,
  LIXIANG_RECORD_KIND,
  LixiangService,
  type LinkedRecordRegistry,
  type PlatformRepositories,
} from '@dpms/core';
import {
  createApprovalRepositories,
  createContractChildRepositories,
  createContractRepositories,
  createLinkedRecordRegistry,
  createLixiangRepositories,
  KyselyUnitOfWork,
  registerContractRecords,
  registerContractChangeRecords,
  registerContractChildRecords,
  createContractExportRepositories,
  createContractFileRepositories,
  createExtendSubContractRepositories,
  registerLixiangRecords,
  SqlSignatureImageRepository,
  SqlFileRecordRepository,
  SqlJobLogRepository,
  type DatabaseHandle,
} from '@dpms/sql';
import type { Clock } from '../identity/clock.js';
import { IdentityService } from '../identity/identity.service.js';
import { PasswordHasher } from '../identity/password-hasher.js';
import { TokenService } from '../identity/token-service.js';
import { authRoutes } from '../routes/auth.routes.js';
import { LocalAvatarStore, type AvatarStore } from '../routes/avatar-store.js';
import { configRoutes } from '../routes/config.routes.js';
import { deptRoutes } from '../routes/dept.routes.js';
import { dictRoutes } from '../routes/dict.routes.js';
import { fileRoutes } from '../routes/file.routes.js';
import { majorRoutes } from '../routes/major.routes.js';
import { userRoutes } from '../routes/user/index.js';
import { approvalRoutes, type ApprovalRouteDeps } from '../routes/approval/index.js';
import { contractRoutes } from '../routes/contract/index.js';
import { contractChildRoutes } from '../routes/contract-child.routes.js';
import { lixiangRoutes } from '../routes/lixiang.routes.js';
import { taskRoutes } from '../routes/task/index.js';
import { RESULT_SEAL_RECORD_KIND, TaskService, type TaskNotifyPort } from '@dpms/core';
import { createTaskRepositories, registerTaskRecords } from '@dpms/sql';
import { extendSubContractRoutes } from '../routes/extend-sub-contract.routes.js';
import { ContractDocumentService } from '@dpms/core';
import { createContractDocumentRepositories, registerContractDocumentRecords } from '@dpms/sql';
import { contractDocumentRoutes } from '../routes/contract-document.routes.js';
import { jobLogRoutes } from '../routes/job-log.routes.js';
import type { RouteModule } from '../routes/route-module.js';
import { FundService, LOAN_RECORD_KIND } from '@dpms/core';
import { createFundRepositories, registerFundRecords } from '@dpms/sql';
import { fundRoutes } from '../routes/fund/index.js';
import { FundPlanService, FUND_PLAN_RECORD_KIND } from '@dpms/core';
import { createFundPlanRepositories, registerFundPlanRecords } from '@dpms/sql';
import { fundPlanRoutes } from '../routes/fund-plan/index.js';
import { FundPayService, FUND_PAY_RECORD_KIND } from '@dpms/core';
import { createFundPayRepositories, registerFundPayRecords } from '@dpms/sql';
import { fundPayRoutes } from '../routes/fund-pay.routes.js';
import { ArchiveService, CLOSING_RECORD_KIND, ClosingService } from '@dpms/core';
import { ARCHIVE_BORROW_RECORD_KIND, ArchiveBorrowService } from '@dpms/core';
import { registerArchiveRecords } from '@dpms/sql';
import {
  createArchiveRepositories,
  createClosedCaseRepositories,
  registerClosedCaseRecords,
} from '@dpms/sql';
import { closedCaseRoutes } from '../routes/closed-case.routes.js';
import {
  ContractAccountService,
  EmployeeCostService,
  INVOICE_RECORD_KIND,
  InvoiceService,
  ProjectAccountService,
} from '@dpms/core';
import { createAccountRepositories, registerAccountRecords } from '@dpms/sql';
import { accountRoutes } from '../routes/account.routes.js';
import { financeRoutes } from '../routes/finance.routes.js';
import { employeRoutes } from '../routes/employe.routes.js';
import { FinishService } from '@dpms/core';
import { createFinishRepositories } from '@dpms/sql';
import { finishRoutes } from '../routes/finish.routes.js';
import { archivesRoutes } from '../routes/archives.routes.js';
import { downloadRoutes } from '../routes/download.routes.js';
import { uploadRoutes } from '../routes/upload.routes.js';
import type { FileService } from '../routes/upload.service.js';
import { FileReferences } from '../routes/file-references.js';
import type { ServerConfig } from './server-config.js';
import { TOKENS } from './tokens.js';

/** The SQL adapter's Kysely handle. */
type Db = DatabaseHandle['db'];

/** The SQL adapter family: core's repository ports. */
export const persistenceModule = (repos: PlatformRepositories) =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.Repositories).toConstantValue(repos);
  });

/** Identity: hashing, tokens, sessions, the authenticator every guarded route uses. */
export const identityModule = (jwtSecret: string, clock: Clock) =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.Clock).toConstantValue(clock);
    bind(TOKENS.JwtSecret).toConstantValue(jwtSecret);
    bind(TOKENS.PasswordHasher)
      .toResolvedValue(() => new PasswordHasher())
      .inSingletonScope();
    bind(TOKENS.TokenService)
      .toResolvedValue((secret: string) => new TokenService(secret), [TOKENS.JwtSecret])
      .inSingletonScope();
    bind(TOKENS.IdentityService)
      .toResolvedValue(
        (repos: PlatformRepositories, hasher: PasswordHasher, tokens: TokenService, c: Clock) =>
          new IdentityService(repos, hasher, tokens, c),
        [TOKENS.Repositories, TOKENS.PasswordHasher, TOKENS.TokenService, TOKENS.Clock],
      )
      .inSingletonScope();
    bind(TOKENS.Authenticator).toService(TOKENS.IdentityService);
  });

/** HTTP: configuration, logging, avatar files and the route families of the platform. */
export const httpModule = (config: ServerConfig, logger: Logger) =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.Config).toConstantValue(config);
    bind(TOKENS.Logger).toConstantValue(logger);
    bind(TOKENS.AvatarStore)
      .toResolvedValue((c: ServerConfig) => new LocalAvatarStore(c.dataDir), [TOKENS.Config])
      .inSingletonScope();
    bind(TOKENS.RouteModules)
      .toResolvedValue(
        (
          repos: PlatformRepositories,
          identity: IdentityService,
          avatars: AvatarStore,
          c: ServerConfig,
          approval: RouteModule | undefined,
          fileFamilies: readonly RouteModule[] | undefined,
          contracts: RouteModule | undefined,
          jobLog: RouteModule | undefined,
          contractDocuments: RouteModule | undefined,
          print: RouteModule | undefined,
          tasks: RouteModule | undefined,
          fund: RouteModule | undefined,
          fundPlan: RouteModule | undefined,
          closingArchives: readonly RouteModule[] | undefined,
          accountFamilies: readonly RouteModule[] | undefined,
          fundPay: RouteModule | undefined,
        ) => [
          authRoutes(identity, repos, { domainURL: c.domainURL }),
          userRoutes(repos, identity, avatars),
          deptRoutes(repos),
          majorRoutes(repos),
          dictRoutes(repos),
          configRoutes(repos),
          fileRoutes(avatars),
          ...(approval ? [approval] : []),
          ...(fileFamilies ?? []),
          ...(contracts ? [contracts] : []),
          ...(jobLog ? [jobLog] : []),
          ...(contractDocuments ? [contractDocuments] : []),
          ...(print ? [print] : []),
          ...(tasks ? [tasks] : []),
          ...(fund ? [fund] : []),
          ...(fundPlan ? [fundPlan] : []),
          ...(closingArchives ?? []),
          ...(accountFamilies ?? []),
          ...(fundPay ? [fundPay] : []),
        ],
        [
          TOKENS.Repositories,
          TOKENS.IdentityService,
          TOKENS.AvatarStore,
          TOKENS.Config,
          { serviceIdentifier: TOKENS.ApprovalRoutes, optional: true },
          { serviceIdentifier: TOKENS.FileRoutes, optional: true },
          { serviceIdentifier: TOKENS.ContractRoutes, optional: true },
          { serviceIdentifier: TOKENS.JobLogRoutes, optional: true },
          { serviceIdentifier: TOKENS.ContractDocumentRoutes, optional: true },
          { serviceIdentifier: TOKENS.PrintRoutes, optional: true },
          { serviceIdentifier: TOKENS.TaskRoutes, optional: true },
          { serviceIdentifier: TOKENS.FundRoutes, optional: true },
          { serviceIdentifier: TOKENS.FundPlanRoutes, optional: true },
          { serviceIdentifier: TOKENS.ClosingArchiveRoutes, optional: true },
          { serviceIdentifier: TOKENS.AccountRoutes, optional: true },
          { serviceIdentifier: TOKENS.FundPayRoutes, optional: true },
        ],
      )
      .inSingletonScope();
  });

/**
 * The approval engine (issue 5) over the SQL adapter: its unit of work binds the approval ports to
 * one transaction; `linkedRecords` holds each domain's handler for the records approvals move.
 */
export const approvalModule = (db: Db, linkedRecords: LinkedRecordRegistry<Db>, clock: Clock) =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.Approval)
      .toResolvedValue(
        (repos: PlatformRepositories): ApprovalRouteDeps => {
          const uow = new KyselyUnitOfWork(db, (trx) =>
            createApprovalRepositories(trx, linkedRecords),
          );
          return {
            engine: new ApprovalEngine(uow, clock),
            flows: new ApprovalFlowAdmin(uow),
            signatures: new KyselyUnitOfWork(db, (trx) => ({
              signatures: new SqlSignatureImageRepository(trx),
            })),
            repos,
            fileRefs: new FileReferences(new SqlFileRecordRepository(db)),
          };
        },
        [TOKENS.Repositories],
      )
      .inSingletonScope();
    bind(TOKENS.ApprovalRoutes)
      .toResolvedValue(
        // The export's PDF form joins when printing is configured (issue 7).
        // getNotify's urgent tasks and seal dot join when the design tasks are bound (issue 9).
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

/**
 * Contracts (issue 6) over the SQL adapter: the use cases' unit of work binds the contract ports,
 * with the approval engine in the same transaction, and the contract's linked-record handler
 * joins `linkedRecords` so an approved review makes the contract formal.
 */
export const contractModule = (db: Db, linkedRecords: LinkedRecordRegistry<Db>, clock: Clock) =>
  new ContainerModule(({ bind }) => {
    if (!linkedRecords.kinds().includes(CONTRACT_RECORD_KIND))
      registerContractRecords(linkedRecords);
    if (!linkedRecords.kinds().includes(LIXIANG_RECORD_KIND)) registerLixiangRecords(linkedRecords);
    if (!linkedRecords.kinds().includes(CONTRACT_CHILD_RECORD_KIND))
      registerContractChildRecords(linkedRecords);
    if (!linkedRecords.kinds().includes(CONTRACT_CHANGE_RECORD_KIND))
      registerContractChangeRecords(linkedRecords);
    bind(TOKENS.ContractRoutes)
      .toResolvedValue(() => {
        const uow = new KyselyUnitOfWork(db, (trx) =>
          createContractRepositories(trx, linkedRecords, clock),
        );
        const exports = new ContractExportService(
          new KyselyUnitOfWork(db, createContractExportRepositories),
        );
        const contracts = contractRoutes(new ContractService(uow, clock), {
          files: new ContractFileService(
            new KyselyUnitOfWork(db, createContractFileRepositories),
            clock,
          ),
          exports,
        });
        const children = contractChildRoutes(
          new ContractChildService(
            new KyselyUnitOfWork(db, (trx) =>
              createContractChildRepositories(trx, linkedRecords, clock),
            ),
            clock,
          ),
        );
        const filings = lixiangRoutes(
          new LixiangService(
            new KyselyUnitOfWork(db, (trx) => createLixiangRepositories(trx, linkedRecords, clock)),
            clock,
          ),
          exports,
        );
        const extensions = extendSubContractRoutes(
          new ExtendSubContractService(
            new KyselyUnitOfWork(db, createExtendSubContractRepositories),
            clock,
          ),
        );
        const family: RouteModule = {
          name: 'contracts',
          register(book) {
            contracts.register(book);
            children.register(book);
            filings.register(book);
            extensions.register(book);
          },
        };
        return family;
      })
      .inSingletonScope();
  });

/**
 * Contract documents (issue 7) over the SQL adapter: saving, approval through the engine in the
 * same transaction, and the document's linked-record handler in `linkedRecords`.
 */
export const contractDocumentModule = (
  db: Db,
  linkedRecords: LinkedRecordRegistry<Db>,
  clock: Clock,
) =>
  new ContainerModule(({ bind }) => {
    registerContractDocumentRecords(linkedRecords);
    bind(TOKENS.ContractDocumentRoutes)
      .toResolvedValue(() =>
        contractDocumentRoutes(
          new ContractDocumentService(
            new KyselyUnitOfWork(db, (trx) =>
              createContractDocumentRepositories(trx, linkedRecords, clock),
            ),
            clock,
          ),
        ),
      )
      .inSingletonScope();
  });

/** The scheduling log (issue 4): its read route over the SQL adapter. */
export const jobLogModule = (db: Db) =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.JobLogRoutes)
      .toResolvedValue(() => jobLogRoutes(new SqlJobLogRepository(db)))
      .inSingletonScope();
  });

/** Files (issue 8): the upload service over a file store and the file records, and its routes. */
export const filesModule = (files: FileService) =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.Files).toConstantValue(files);
    bind(TOKENS.FileRoutes)
      .toResolvedValue((f: FileService) => [uploadRoutes(f), downloadRoutes(f)], [TOKENS.Files])
      .inSingletonScope();
  });

export interface ContainerParts {
  readonly config: ServerConfig;
  readonly logger: Logger;
  readonly repos: PlatformRepositories;
  readonly jwtSecret: string;
  readonly clock: Clock;
  /** The database handle the domain modules (approval ...) bind their units of work to. */
  readonly db?: Db;
  /** Linked record handlers by kind (contracts, tasks, funds register theirs). */
  readonly linkedRecords?: LinkedRecordRegistry<Db>;
  /** Uploads and downloads; without it the file routes are absent. */
  readonly files?: FileService;
}

/** The server's container: one module per adapter family. */
export function buildContainer(parts: ContainerParts): Container {
  const container = new Container();
  container.load(
    persistenceModule(parts.repos),
    identityModule(parts.jwtSecret, parts.clock),
    httpModule(parts.config, parts.logger),
  );
  if (parts.db) {
    const linkedRecords = parts.linkedRecords ?? createLinkedRecordRegistry();
    container.load(
      approvalModule(parts.db, linkedRecords, parts.clock),
      contractModule(parts.db, linkedRecords, parts.clock),
      contractDocumentModule(parts.db, linkedRecords, parts.clock),
      taskModule(parts.db, linkedRecords, parts.clock),
    );
    container.load(fundModule(parts.db, linkedRecords, parts.clock));
    container.load(fundPlanModule(parts.db, linkedRecords, parts.clock));
    container.load(closingArchiveModule(parts.db, linkedRecords, parts.clock));
    container.load(accountModule(parts.db, linkedRecords, parts.clock));
    container.load(fundPayModule(parts.db, linkedRecords, parts.clock));
    container.load(jobLogModule(parts.db));
  }
  if (parts.files) container.load(filesModule(parts.files));
  return container;
}

/**
 * Design tasks (issue 9) over the SQL adapter: task sheets, results and seals with the approval
 * engine in the same transaction; the seal's linked-record handler joins `linkedRecords`, and the
 * service answers getNotify's urgent tasks and seal dot.
 */
export const taskModule = (db: Db, linkedRecords: LinkedRecordRegistry<Db>, clock: Clock) =>
  new ContainerModule(({ bind }) => {
    if (!linkedRecords.kinds().includes(RESULT_SEAL_RECORD_KIND))
      registerTaskRecords(linkedRecords);
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

/**
 * Back money, loans and repayments (issue 10) over the SQL adapter: every movement in one
 * transaction with its ledger lines; the loan's linked-record handler joins `linkedRecords`, so an
 * approved loan agreement (10_1) posts the loan in the approval's transaction.
 */
export const fundModule = (db: Db, linkedRecords: LinkedRecordRegistry<Db>, clock: Clock) =>
  new ContainerModule(({ bind }) => {
    if (!linkedRecords.kinds().includes(LOAN_RECORD_KIND)) registerFundRecords(linkedRecords);
    bind(TOKENS.FundRoutes)
      .toResolvedValue(() =>
        fundRoutes(
          new FundService(
            new KyselyUnitOfWork(db, (trx) => createFundRepositories(trx, linkedRecords, clock)),
            clock,
          ),
        ),
      )
      .inSingletonScope();
  });

/**
 * Closed cases and settlements, and archives (issue 10) over the SQL adapter: the closing's
 * linked-record handler joins `linkedRecords`, so an approved closing (11_2) or settlement (11_1)
 * moves its record and writes its amounts onto the contract in the approval's transaction.
 */
export const closingArchiveModule = (
  db: Db,
  linkedRecords: LinkedRecordRegistry<Db>,
  clock: Clock,
) =>
  new ContainerModule(({ bind }) => {
    if (!linkedRecords.kinds().includes(CLOSING_RECORD_KIND))
      registerClosedCaseRecords(linkedRecords);
    if (!linkedRecords.kinds().includes(ARCHIVE_BORROW_RECORD_KIND))
      registerArchiveRecords(linkedRecords);
    bind(TOKENS.ClosingArchiveRoutes)
      .toResolvedValue(
        (files?: FileService) => [
          closedCaseRoutes(
            new ClosingService(
              new KyselyUnitOfWork(db, (trx) =>
                createClosedCaseRepositories(trx, linkedRecords, clock),
              ),
              clock,
            ),
          ),
          finishRoutes(
            new FinishService(
              new KyselyUnitOfWork(db, (trx) => createFinishRepositories(trx)),
              clock,
            ),
          ),
          archivesRoutes(
            new ArchiveService(
              new KyselyUnitOfWork(db, (trx) =>
                createArchiveRepositories(trx, linkedRecords, clock),
              ),
              clock,
            ),
            new ArchiveBorrowService(
              new KyselyUnitOfWork(db, (trx) =>
                createArchiveRepositories(trx, linkedRecords, clock),
              ),
              clock,
            ),
            files,
          ),
        ],
        [{ serviceIdentifier: TOKENS.Files, optional: true }],
      )
      .inSingletonScope();
  });

/**
 * Fund payments and payment plans (issue 10) over the SQL adapter: the payment's linked-record
 * handler joins `linkedRecords`, so an approved payment (20_1, 16_1, 16_2) is paid through the fund
 * ledger in the approval's transaction.
 */
export const fundPayModule = (db: Db, linkedRecords: LinkedRecordRegistry<Db>, clock: Clock) =>
  new ContainerModule(({ bind }) => {
    if (!linkedRecords.kinds().includes(FUND_PAY_RECORD_KIND))
      registerFundPayRecords(linkedRecords);
    bind(TOKENS.FundPayRoutes)
      .toResolvedValue(() =>
        fundPayRoutes(
          new FundPayService(
            new KyselyUnitOfWork(db, (trx) => createFundPayRepositories(trx, linkedRecords, clock)),
            clock,
          ),
        ),
      )
      .inSingletonScope();
  });

/**
 * Project accounts, contract accounts, invoice requests and employee costs (issue 10) over the
 * SQL adapter: the invoice request's linked-record handler joins `linkedRecords`, so an approved
 * invoice request (23_1) is invoiced in the approval's transaction.
 */
export const accountModule = (db: Db, linkedRecords: LinkedRecordRegistry<Db>, clock: Clock) =>
  new ContainerModule(({ bind }) => {
    if (!linkedRecords.kinds().includes(INVOICE_RECORD_KIND)) registerAccountRecords(linkedRecords);
    bind(TOKENS.AccountRoutes)
      .toResolvedValue(() => {
        const uow = new KyselyUnitOfWork(db, (trx) =>
          createAccountRepositories(trx, linkedRecords, clock),
        );
        return [
          accountRoutes(
            new ProjectAccountService(uow, clock),
            new ContractAccountService(uow, clock),
          ),
          financeRoutes(new InvoiceService(uow, clock)),
          employeRoutes(new EmployeeCostService(uow, clock)),
        ];
      })
      .inSingletonScope();
  });

/**
 * Monthly fund plans and fund execution (issue 10) over the SQL adapter: their linked-record
 * handlers join `linkedRecords`, so an approved plan (8_1, 8_2) becomes its month's plan and an
 * approved execution (9_1, 9_2, 26_x) records its amounts in the approval's transaction.
 */
export const fundPlanModule = (db: Db, linkedRecords: LinkedRecordRegistry<Db>, clock: Clock) =>
  new ContainerModule(({ bind }) => {
    if (!linkedRecords.kinds().includes(FUND_PLAN_RECORD_KIND))
      registerFundPlanRecords(linkedRecords);
    bind(TOKENS.FundPlanRoutes)
      .toResolvedValue(() =>
        fundPlanRoutes(
          new FundPlanService(
            new KyselyUnitOfWork(db, (trx) => createFundPlanRepositories(trx, linkedRecords, clock)),
            clock,
          ),
        ),
      )
      .inSingletonScope();
  });
