import './install-process-guard.js';
import type { Server } from 'node:http';
import path from 'node:path';
import {
  openDatabase,
  prepareDatabase,
  registerShutdownHandlers,
  createPlatformRepositories,
  SqlJobLogRepository,
  SqlExportJobRepository,
  SqlJobStateRepository,
  sharedSigningKey,
} from '@dpms/sql';
import { selfHeldApprovalRepair } from './jobs/self-held-repair.js';
import { JobRunner } from '@dpms/core';
import { buildContainer, filesModule } from './composition/modules.js';
import { ExportJobs } from './http/export-jobs.js';
import { TOKENS } from './composition/tokens.js';
import { createFileServiceFromEnv } from './routes/file-service.setup.js';
import { recordDatabasePrepare, registerScheduledJobs } from './jobs/scheduled-jobs.js';
import { registerNightlyBackup } from './jobs/nightly-backup.js';
import { urgentTaskCheck } from './jobs/urgent-task-check.js';
import { JobCatalogue } from './jobs/job-catalogue.js';
import { jobQueueOn } from './jobs/job-queue-on.js';
import { DEFAULT_JSON_LIMIT, type ServerConfig } from './composition/server-config.js';
import { answerClientErrors } from './http/error-middleware.js';
import { configuredZone } from './http/institute-zone.js';
import { createLogger } from './http/logger.js';
import { systemClock } from './identity/clock.js';
import { jwtSecretFromEnv, sharedJwtSecret } from './identity/jwt-secret.js';
import { PasswordHasher } from './identity/password-hasher.js';
import { createServing, defaultWebDir } from './server.js';
import { HttpPrintClient, printServiceUrlFromEnv } from './print/http-print-client.js';
import { P12PdfSealer, sealKeyFromEnv } from './print/pdf-seal.js';
import { printModule } from './print/print.module.js';
import { sqlContractSource, sqlDocumentSource } from './print/document-source.js';
import { PRERENDER_TASK, prerenderTask } from './print/pdf-prerender.js';
import { startPrintServiceBeside } from './print/print-service-process.js';
import { purgeExpired } from './identity/housekeeping.js';
import { SERVER_LISTENING } from './supervisor-protocol.js';
import { lanAddresses, listenHost, startupBanner } from './composition/startup-banner.js';

/**
 * The server's entry point. Environment: PORT (8080), DATA_DIR (./data), DATABASE_URL (a
 * PostgreSQL server; the embedded PostgreSQL server under DATA_DIR/pg otherwise), NODE_ENV (production
 * requires JWT_SECRET and seeds no demo users; ADMIN_PASSWORD then creates `admin`), HOST (the
 * interface to listen on: 127.0.0.1 in demo mode, every interface in production), WEB_DIR,
 * DOMAIN_URL, LOG_LEVEL, TRUST_PROXY, API_DOCS (1 serves /openapi.json and /docs in production).
 */
/** The open database, closed (and an embedded server this process started, stopped) on a failed start. */
let opened: { close(): Promise<void> } | undefined;

async function main(): Promise<void> {
  const env = process.env;
  const production = env['NODE_ENV'] === 'production';
  const config: ServerConfig = {
    port: Number(env['PORT'] ?? 8080),
    dataDir: path.resolve(env['DATA_DIR'] ?? './data'),
    databaseUrl: env['DATABASE_URL'] || undefined,
    production,
    jsonLimitBytes: DEFAULT_JSON_LIMIT,
    webDir: env['WEB_DIR'] ? path.resolve(env['WEB_DIR']) : defaultWebDir(),
    domainURL: env['DOMAIN_URL'] || undefined,
    ...(env['TRUST_PROXY'] ? { trustProxy: env['TRUST_PROXY'] } : {}),
    ...(env['API_DOCS'] ? { apiDocs: env['API_DOCS'] === '1' } : {}),
  };
  const logger = createLogger((env['LOG_LEVEL'] as 'info' | undefined) ?? 'info');
  // Before anything else: production without a signing key must not start.
  const givenSecret = jwtSecretFromEnv({ JWT_SECRET: env['JWT_SECRET'] }, production);
  const host = listenHost(env['HOST'], production);
  // `npm start` runs the print service beside the API unless PRINT_SERVICE_URL names another one
  // (PRINT_SERVICE_START=1 or 0 decides it either way); it warms its browser while the database
  // opens.
  const printStart = env['PRINT_SERVICE_START'] ?? (env['PRINT_SERVICE_URL'] ? '0' : '1');
  const printProcess =
    printStart === '1' ? startPrintServiceBeside(printServiceUrlFromEnv(env), logger) : null;

  const started = Date.now();
  // Without DATABASE_URL: the embedded PostgreSQL server under DATA_DIR/pg, attached to when the
  // supervisor runs it, else started here and stopped with this process.
  const handle = await openDatabase({
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
    dataDir: config.dataDir,
    log: (m) => logger.info(m),
  });
  opened = handle;
  const hasher = new PasswordHasher();
  const report = await prepareDatabase(handle, {
    mode: production ? 'production' : 'demo',
    ...(env['ADMIN_PASSWORD'] ? { adminPassword: env['ADMIN_PASSWORD'] } : {}),
    hashPassword: (p) => hasher.hash(p),
  });
  logger.info(
    { kind: handle.kind, seeded: report.seeded, ms: Date.now() - started },
    'database ready',
  );
  // Without JWT_SECRET (demo mode) every instance on this database shares the database's key.
  const jwtSecret =
    givenSecret ??
    (await sharedJwtSecret(config.dataDir, (candidate) => sharedSigningKey(handle.db, candidate)));
  // The scheduling log (/job/log): this start's migration and seed, then every background run.
  const jobLogs = new SqlJobLogRepository(handle.db);
  const jobs = new JobRunner(jobLogs, systemClock);
  await recordDatabasePrepare(jobs, new Date(started), new Date(), report);

  const repos = createPlatformRepositories(handle.db);
  // 定时任务 lists and runs what is registered here; the job queue below runs it.
  const catalogue = new JobCatalogue(new SqlJobStateRepository(handle.db));
  const container = buildContainer({
    jobs: catalogue,
    config,
    logger,
    repos,
    jwtSecret,
    clock: systemClock,
    // The approval engine binds its unit of work to the handle.
    db: handle.db,
    // The identity cache hears every change to sessions, users, roles and menus.
    listen: (channel, sink) => handle.listen(channel, sink),
  });
  // Files: FILE_STORE, S3_ENDPOINT, AWS_*, UPLOAD_* (see file-service.setup.ts).
  const files = createFileServiceFromEnv(handle.db, config.dataDir, systemClock);
  // Large exports asked with `Prefer: respond-async` are written in the background to the
  // asker's files (core's export-job.ts).
  const exportJobs = new ExportJobs({
    repo: new SqlExportJobRepository(handle.db),
    files,
    now: () => systemClock.now(),
    logger,
    workDir: path.join(config.dataDir, 'tmp', 'exports'),
  });
  // Workbooks a stopped server left half-written: their jobs read as interrupted.
  await exportJobs.sweep();
  container.load(filesModule(files, exportJobs));
  // Printing: PRINT_SERVICE_URL (http://127.0.0.1:8090); PDFs answer 503 while it is down. The
  // PDFs of approved records are signed with SIGNING_P12, else a seal generated under DATA_DIR in
  // the name of 签约主体 (signBySub).
  const signBySub = (await repos.configs.valueOf('signBySub'))?.trim() || 'DPMS';
  const sealKey = sealKeyFromEnv(
    { SIGNING_P12: env['SIGNING_P12'], SIGNING_P12_PASSWORD: env['SIGNING_P12_PASSWORD'] },
    config.dataDir,
    () => signBySub,
    logger,
    production,
  );
  container.load(
    printModule(
      new HttpPrintClient(printServiceUrlFromEnv(env)),
      sqlDocumentSource(handle.db),
      new P12PdfSealer(sealKey),
      sqlContractSource(handle.db),
    ),
  );
  const { app, stopOperLog } = createServing(container, config);
  // While the identity listener is away every request reads its session fresh: say so, unless
  // it stops because the server does.
  let stopping = false;
  container.get(TOKENS.IdentityCache).events.on('listening', (on: boolean) => {
    if (on) logger.info('identity cache listening');
    else if (stopping) logger.info('identity cache stopped');
    else logger.warn('identity cache listener lost; sessions are read fresh until it reconnects');
  });
  // Express 5 hands a listen error (a port in use) to this callback: refuse to start rather than
  // log "listening" on a server that is not.
  const server: Server = await new Promise((resolve, reject) => {
    const listening = (error?: Error) => (error ? reject(error) : resolve(s));
    const s =
      host === undefined
        ? app.listen(config.port, listening)
        : app.listen(config.port, host, listening);
  });
  answerClientErrors(server);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info({ address, web: config.webDir }, `listening on port ${port}`);
  process.stdout.write(startupBanner({ production, host, port, lan: lanAddresses() }));
  // Under the supervisor (`npm start`): this start came up, whatever it took to get here.
  process.send?.(SERVER_LISTENING);

  registerScheduledJobs({
    jobs,
    catalogue,
    sweepUploads: () => files.sweep(),
    purgeExpired: () => purgeExpired(repos, systemClock.now()),
    repairSelfHeld: () => selfHeldApprovalRepair(handle.db, systemClock).repair(),
    checkUrgentTasks: () => urgentTaskCheck(handle.db, systemClock).run(),
    purgeExports: () => exportJobs.purgeExpired(),
  });
  registerNightlyBackup({ env, dataDir: config.dataDir, jobs, catalogue });
  // The jobs run on graphile-worker in this database (its schema graphile_worker is created or
  // updated here), once across every instance; its start does not hold up this one.
  const queue = jobQueueOn(handle, {
    catalogue,
    logs: jobLogs,
    logger,
    // The crons read the institute's clock (sys.institute.timeZone at start).
    zone: configuredZone(repos),
    // Newly approved approvals' PDFs, queued by the approval's transaction.
    tasks: { [PRERENDER_TASK]: prerenderTask(container.get(TOKENS.Print), logger) },
  });
  catalogue.runThrough((jobId) => queue.runNow(jobId));
  queue.startInBackground();
  registerShutdownHandlers([
    () => {
      stopping = true;
    },
    // Takes no new job and lets the running ones finish (the supervisor kills after 30 s).
    () => queue.stop(),
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    // Lets the exports under way finish for up to 20 s, inside the supervisor's 30 (an export
    // cut off reads as interrupted).
    () =>
      Promise.race([
        exportJobs.settled(),
        new Promise<void>((resolve) => setTimeout(resolve, 20_000).unref()),
      ]),
    // The 操作日志 entries of the last writes (requests still finishing included), then the
    // database closes.
    () => stopOperLog(),
    () => handle.close(),
    () => printProcess?.stop(),
    () => logger.info('stopped'),
  ]);
}

main().catch(async (e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  await opened?.close().catch(() => undefined);
  process.exit(1);
});
