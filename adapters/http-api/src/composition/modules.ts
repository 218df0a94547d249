import { ContainerModule, Container } from 'inversify';
import type { Logger } from 'pino';
import { type LinkedRecordRegistry, type PlatformRepositories } from '@dpms/core';
import {
  createLinkedRecordRegistry,
  SqlDatabaseFigures,
  SqlJobLogRepository,
  SqlJobStateRepository,
  type DatabaseHandle,
} from '@dpms/sql';
import type { Clock } from '../identity/clock.js';
import { IdentityService } from '../identity/identity.service.js';
import { IDENTITY_CHANNEL, IdentityCache } from '../identity/identity-cache.js';
import { PasswordHasher } from '../identity/password-hasher.js';
import { TokenService } from '../identity/token-service.js';
import { authRoutes } from '../routes/auth.routes.js';
import { LocalAvatarStore, type AvatarStore } from '../routes/avatar-store.js';
import { configRoutes } from '../routes/config.routes.js';
import { CONFIG_CHANNEL, ConfigCache, cachedConfigs } from '../config/config-cache.js';
import { deptRoutes } from '../routes/dept.routes.js';
import { menuRoutes } from '../routes/menu.routes.js';
import { dictRoutes } from '../routes/dict.routes.js';
import { fileRoutes } from '../routes/file.routes.js';
import { majorRoutes } from '../routes/major.routes.js';
import { userRoutes } from '../routes/user/index.js';
import { roleRoutes } from '../routes/role/index.js';
import { postRoutes } from '../routes/post.routes.js';
import { jobLogRoutes } from '../routes/job-log.routes.js';
import { onlineRoutes } from '../routes/online.routes.js';
import { loginInfoRoutes, operLogRoutes } from '../routes/system-log.routes.js';
import { jobRoutes } from '../routes/job.routes.js';
import { monitorServerRoutes } from '../routes/monitor-server.routes.js';
import { configuredZone } from '../http/institute-zone.js';
import { HttpPrintHealth, type PrintHealth } from '../print/print-health.js';
import { printServiceUrlFromEnv } from '../print/http-print-client.js';
import { JobCatalogue } from '../jobs/job-catalogue.js';
import type { RouteModule } from '../routes/route-module.js';
import { downloadRoutes } from '../routes/download.routes.js';
import { uploadRoutes } from '../routes/upload.routes.js';
import { exportJobRoutes } from '../routes/export-job.routes.js';
import type { ExportJobs } from '../http/export-jobs.js';
import type { FileService } from '../routes/upload.service.js';
import type { ServerConfig } from './server-config.js';
import { TOKENS } from './tokens.js';
import type { Db } from './db.js';
import { approvalModule } from './approval.module.js';
import { contractModule } from './contract.module.js';
import { contractDocumentModule } from './contract-document.module.js';
import { taskModule } from './task.module.js';
import { fundModule } from './fund.module.js';
import { fundPlanModule } from './fund-plan.module.js';
import { closingArchiveModule } from './closing.module.js';
import { accountModule } from './account.module.js';
import { fundPayModule } from './fund-pay.module.js';
import { noticeModule } from './notice.module.js';
import { searchModule } from './search.module.js';

// Each area's module is its own file; buildContainer loads them in order.
export { approvalModule, contractModule, contractDocumentModule, taskModule, fundModule };
export { fundPlanModule, closingArchiveModule, accountModule, fundPayModule };

/**
 * The SQL adapter family: core's repository ports, config values read through the config cache,
 * fed by the database's announcements when `listen` is given (without it, read at each use).
 */
export const persistenceModule = (repos: PlatformRepositories, listen?: ListenToDatabase) =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.ConfigCache)
      .toResolvedValue(() => {
        const cache = new ConfigCache();
        // The listener is the database handle's, closed with it.
        listen?.(CONFIG_CHANNEL, cache);
        return cache;
      })
      .inSingletonScope();
    bind(TOKENS.Repositories)
      .toResolvedValue(
        (cache: ConfigCache): PlatformRepositories => ({
          ...repos,
          configs: cachedConfigs(repos.configs, cache),
        }),
        [TOKENS.ConfigCache],
      )
      .inSingletonScope();
  });

/**
 * Identity: hashing, tokens, sessions, the authenticator every guarded route uses, and its
 * per-session cache, fed by the database's announcements when `listen` is given.
 */
export const identityModule = (jwtSecret: string, clock: Clock, listen?: ListenToDatabase) =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.Clock).toConstantValue(clock);
    bind(TOKENS.IdentityCache)
      .toResolvedValue(() => {
        const cache = new IdentityCache();
        // The listener is the database handle's, closed with it.
        listen?.(IDENTITY_CHANNEL, cache);
        return cache;
      })
      .inSingletonScope();
    bind(TOKENS.JwtSecret).toConstantValue(jwtSecret);
    bind(TOKENS.PasswordHasher)
      .toResolvedValue(() => new PasswordHasher())
      .inSingletonScope();
    bind(TOKENS.TokenService)
      .toResolvedValue((secret: string) => new TokenService(secret), [TOKENS.JwtSecret])
      .inSingletonScope();
    bind(TOKENS.IdentityService)
      .toResolvedValue(
        (
          repos: PlatformRepositories,
          hasher: PasswordHasher,
          tokens: TokenService,
          c: Clock,
          cache: IdentityCache,
          logger: Logger | undefined,
        ) =>
          new IdentityService(repos, hasher, tokens, c, cache, (err) =>
            logger?.warn({ err }, 'login log not written'),
          ),
        [
          TOKENS.Repositories,
          TOKENS.PasswordHasher,
          TOKENS.TokenService,
          TOKENS.Clock,
          TOKENS.IdentityCache,
          { serviceIdentifier: TOKENS.Logger, optional: true },
        ],
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
          clock: Clock,
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
          monitor: RouteModule | undefined,
          notices: RouteModule | undefined,
          search: RouteModule | undefined,
        ) => [
          authRoutes(identity, repos, { domainURL: c.domainURL }),
          userRoutes(repos, identity, avatars),
          roleRoutes(repos, identity),
          postRoutes(repos),
          deptRoutes(repos),
          majorRoutes(repos),
          dictRoutes(repos),
          configRoutes(repos),
          loginInfoRoutes(repos),
          operLogRoutes(repos),
          onlineRoutes(repos, identity, clock),
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
          ...(monitor ? [monitor] : []),
          ...(notices ? [notices] : []),
          ...(search ? [search] : []),
          menuRoutes(repos),
        ],
        [
          TOKENS.Repositories,
          TOKENS.IdentityService,
          TOKENS.AvatarStore,
          TOKENS.Config,
          TOKENS.Clock,
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
          { serviceIdentifier: TOKENS.MonitorRoutes, optional: true },
          { serviceIdentifier: TOKENS.NoticeRoutes, optional: true },
          { serviceIdentifier: TOKENS.SearchRoutes, optional: true },
        ],
      )
      .inSingletonScope();
  });

/**
 * The scheduling log's read route and 定时任务 (the jobs the catalogue holds, 执行一次), over the
 * SQL adapter: one family, as the page and its log are one.
 */
export const jobLogModule = (db: Db, catalogue: JobCatalogue) =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.JobLogRoutes)
      .toResolvedValue(() => {
        const logs = new SqlJobLogRepository(db);
        const families = [
          jobLogRoutes(logs),
          jobRoutes(catalogue, logs, new SqlJobStateRepository(db)),
        ];
        return { name: 'jobLog', register: (book) => families.forEach((f) => f.register(book)) };
      })
      .inSingletonScope();
  });

/**
 * 服务监控 and 缓存监控: the host, the process, the data disk, the database (when there is one)
 * and the print service, read at each request.
 */
export const monitorModule = (print: PrintHealth, db?: Db) =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.MonitorRoutes)
      .toResolvedValue(
        (
          c: ServerConfig,
          repos: PlatformRepositories,
          clock: Clock,
          cache: IdentityCache,
          configs: ConfigCache,
        ) =>
          monitorServerRoutes(
            {
              dataDir: c.dataDir,
              database: db ? new SqlDatabaseFigures(db) : undefined,
              print,
              zone: configuredZone(repos),
              now: () => clock.now(),
            },
            cache,
            configs,
          ),
        [
          TOKENS.Config,
          TOKENS.Repositories,
          TOKENS.Clock,
          TOKENS.IdentityCache,
          TOKENS.ConfigCache,
        ],
      )
      .inSingletonScope();
  });

/**
 * Files: the upload service over a file store and the file records, and its routes; with
 * `exportJobs`, large exports asked with `Prefer: respond-async` are written in the background.
 */
export const filesModule = (files: FileService, exportJobs?: ExportJobs) =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.Files).toConstantValue(files);
    // Large exports go to the background only where their workbooks can be stored.
    if (exportJobs) bind(TOKENS.ExportJobs).toConstantValue(exportJobs);
    bind(TOKENS.FileRoutes)
      .toResolvedValue(
        (f: FileService) => [
          uploadRoutes(f),
          downloadRoutes(f),
          ...(exportJobs ? [exportJobRoutes(exportJobs)] : []),
        ],
        [TOKENS.Files],
      )
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
  /** Large exports in the background, beside the files (filesModule). */
  readonly exportJobs?: ExportJobs;
  /** The jobs the server schedules (定时任务); without it the page lists none. */
  readonly jobs?: JobCatalogue;
  /** 服务监控's view of the print service; by default its /health at PRINT_SERVICE_URL. */
  readonly printHealth?: PrintHealth;
  /**
   * The database handle's channel listener; with it the identity and config caches serve (every
   * API instance must have it for the caches to be safe across instances), without it every
   * request reads its session and configs fresh.
   */
  readonly listen?: ListenToDatabase;
}

/** How the container listens to the database's announcements (the SQL handle's `listen`). */
export type ListenToDatabase = DatabaseHandle['listen'];

/** The server's container: one module per adapter family. */
export function buildContainer(parts: ContainerParts): Container {
  const container = new Container();
  container.load(
    persistenceModule(parts.repos, parts.listen),
    identityModule(parts.jwtSecret, parts.clock, parts.listen),
    httpModule(parts.config, parts.logger),
    monitorModule(parts.printHealth ?? new HttpPrintHealth(printServiceUrlFromEnv()), parts.db),
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
    container.load(
      jobLogModule(parts.db, parts.jobs ?? new JobCatalogue(new SqlJobStateRepository(parts.db))),
    );
    container.load(noticeModule(parts.db));
    container.load(searchModule(parts.db));
  }
  if (parts.files) container.load(filesModule(parts.files, parts.exportJobs));
  return container;
}
