// @dpms/sql: Kysely on PostgreSQL (the embedded server by default, another by DATABASE_URL), the
// migrations, the demo seed and the repositories that implement core's platform ports.
export type { Database } from './database/schema.js';
export {
  databaseConfigFromEnv,
  openDatabase,
  openServer,
  registerShutdownHandlers,
  type Closer,
  type DatabaseConfig,
  type DatabaseHandle,
} from './database/open-database.js';
export {
  embeddedBinaries,
  embeddedPaths,
  runningPort,
  startEmbeddedPostgres,
  EMBEDDED_DATABASE,
  type EmbeddedServer,
  type EmbeddedServerOptions,
} from './database/embedded-postgres.js';
export { migrateToLatest } from './database/migrate.js';
export type { ChannelListener, ChannelSink } from './database/channel-listener.js';
export {
  backupsDir,
  createBackup,
  DEFAULT_BACKUPS_KEPT,
  pruneBackups,
  restoreBackup,
  type BackupManifest,
} from './backup/backup-archive.js';
export {
  hasUnmovedPGlite,
  MIGRATE_PGLITE_COMMAND,
  movePGliteIfPresent,
} from './backup/pglite-move.js';
export { importRuoyiDump, readRuoyiDump, importRuoyiData } from './import-ruoyi/ruoyi-import.js';
export { formatReport, type RuoyiImportReport } from './import-ruoyi/import-report.js';
export { DumpReadError } from './import-ruoyi/mysql-dump-reader.js';
export { prepareDatabase } from './database/prepare-database.js';
export { migrations, StaticMigrationProvider } from './migrations/index.js';
export {
  hashPasswordArgon2id,
  MIN_ADMIN_PASSWORD_LENGTH,
  seedDatabase,
  seedOptionsFromEnv,
  type SeedMode,
  type SeedOptions,
  type SeedReport,
} from './seed/seed.js';
export { DEMO_PASSWORD, DEMO_USERS, DEPTS, ROLES, INSTITUTE_NAME } from './seed/demo-institute.js';
export {
  createPlatformRepositories,
  createPlatformUnitOfWork,
  KyselyUnitOfWork,
} from './repositories/platform-repositories.js';
export { SqlUserRepository } from './repositories/sql-user.repository.js';
export { SqlRoleRepository } from './repositories/sql-role.repository.js';
export { SqlDeptRepository } from './repositories/sql-dept.repository.js';
export { SqlPostRepository } from './repositories/sql-post.repository.js';
export { SqlMenuRepository } from './repositories/sql-menu.repository.js';
export { SqlDictRepository } from './repositories/sql-dict.repository.js';
export { SqlConfigRepository } from './repositories/sql-config.repository.js';
export { SqlMajorRepository } from './repositories/sql-major.repository.js';
export { SqlSearchRepository } from './repositories/sql-search.repository.js';
export {
  SqlCaptchaRepository,
  SqlIdempotencyRepository,
  SqlLoginAttemptRepository,
  SqlSessionRepository,
} from './repositories/sql-auth.repository.js';
export { sharedSigningKey } from './repositories/sql-signing-key.js';
export {
  containsPattern,
  deptAndBelowIds,
  deptInScope,
  inTransaction,
  isUniqueViolation,
  scopeCondition,
} from './repositories/sql-helpers.js';
export {
  createApprovalRepositories,
  createLinkedRecordRegistry,
  signatureUrlOf,
  SqlApprovalDirectory,
  SqlApprovalFlowRepository,
  SqlApprovalRepository,
  SqlSignatureImageRepository,
} from './repositories/sql-approval.repository.js';
export { seedApprovalFlows, seedFlowNodes } from './seed/approval-flows.js';
export { EngineRecordApprovalPort } from './repositories/sql-approval-submit.js';
export { SqlFileRecordRepository } from './repositories/sql-file.repository.js';
export type { FileTables } from './database/files-schema.js';
export {
  createContractRepositories,
  SqlContractChangeRepository,
  SqlRecordHistoryRepository,
  SqlContractRepository,
  SqlFeeRateSource,
} from './repositories/sql-contract.repository.js';
export type { ContractTables } from './database/contract-schema.js';
export {
  createContractChildRepositories,
  SqlContractChildRepository,
} from './repositories/sql-contract-child.repository.js';
export { SqlLixiangChangeRepository } from './repositories/sql-lixiang-change.repository.js';
export {
  createLixiangRepositories,
  SqlLixiangRepository,
} from './repositories/sql-lixiang.repository.js';
export {
  createExtendSubContractRepositories,
  SqlExtendSubContractRepository,
} from './repositories/sql-extend-sub-contract.repository.js';
export {
  createContractFileRepositories,
  SqlContractFileRepository,
} from './repositories/sql-contract-file.repository.js';
export {
  createContractExportRepositories,
  SqlContractExportRepository,
} from './repositories/sql-contract-export.repository.js';
export { SqlJobLogRepository } from './repositories/sql-job-log.repository.js';
export { SqlJobStateRepository } from './repositories/sql-job-state.repository.js';
export { SqlExportJobRepository } from './repositories/sql-export-job.repository.js';
export { SqlDatabaseFigures } from './repositories/sql-database-figures.js';
export {
  SqlLoginInfoRepository,
  SqlOperLogRepository,
} from './repositories/sql-system-log.repository.js';
export { SqlSysNoticeRepository } from './repositories/sql-sys-notice.repository.js';
// One sanitizer for 通知公告's content: the routes' writes and the RuoYi import store what it keeps.
export { sanitizeNoticeHtml } from './content/notice-html.js';
export {
  createContractDocumentRepositories,
  SqlCompanySettingsSource,
  SqlContractDocumentRepository,
  SqlDocumentContractDirectory,
} from './repositories/sql-contract-document.repository.js';
export type { ContractDocumentTables } from './database/contract-document-schema.js';
export {
  createTaskRepositories,
  SqlResultSealRepository,
  SqlTaskDirectory,
  SqlTaskRepository,
  SqlTaskResultRepository,
  taskVisible,
} from './repositories/sql-task.repository.js';
export type { TaskTables } from './repositories/sql-task.tables.js';
export { seedDesignTasks } from './seed/design-tasks.js';
export {
  createFundRepositories,
  SqlBackMoneyRepository,
  SqlFundDirectory,
  SqlFundLedger,
  SqlLoanRepository,
  SqlRepaymentRepository,
} from './repositories/sql-fund.repository.js';
export type { FundTables } from './repositories/sql-fund.tables.js';
export {
  createFundPlanRepositories,
  SqlFundPlanRepository,
} from './repositories/sql-fund-plan.repository.js';
export type { FundPlanTables } from './repositories/sql-fund-plan.tables.js';
export {
  createFundPayRepositories,
  SqlFundPayLedger,
  SqlFundPayRepository,
  SqlFundPlanGate,
} from './repositories/sql-fund-pay.repository.js';
export type { FundPayTables } from './repositories/sql-fund-pay.tables.js';
export {
  createClosedCaseRepositories,
  SqlClosedCaseRepository,
} from './repositories/sql-closed-case.repository.js';
export type { ClosedCaseTables } from './repositories/sql-closed-case.tables.js';
export {
  createAccountRepositories,
  SqlAccountDirectory,
  SqlContractAccountRepository,
  SqlInvoiceRepository,
  SqlProjectAccountRepository,
} from './repositories/sql-account.repository.js';
export { SqlEmployeeCostRepository } from './repositories/sql-employe.repository.js';
export type { AccountTables } from './repositories/sql-account.tables.js';
export {
  createFinishRepositories,
  SqlFinishRepository,
} from './repositories/sql-finish.repository.js';
export type { FinishTables } from './repositories/sql-finish.tables.js';
export {
  createArchiveRepositories,
  insertArchive,
  SqlArchiveRepository,
} from './repositories/sql-archives.repository.js';
export { SqlArchiveBorrowRepository } from './repositories/sql-archives.repository.js';
export type { ArchiveTables } from './repositories/sql-archives.tables.js';
export { SqlApprovalSheetSource } from './repositories/sql-approval-sheet.source.js';
