import type { ServiceIdentifier } from 'inversify';
import type { Logger } from 'pino';
import type { PlatformRepositories } from '@dpms/core';
import type { Authenticator } from '../identity/authenticator.js';
import type { Clock } from '../identity/clock.js';
import type { IdentityService } from '../identity/identity.service.js';
import type { IdentityCache } from '../identity/identity-cache.js';
import type { ConfigCache } from '../config/config-cache.js';
import type { PasswordHasher } from '../identity/password-hasher.js';
import type { TokenService } from '../identity/token-service.js';
import type { AvatarStore } from '../routes/avatar-store.js';
import type { RouteModule } from '../routes/route-module.js';
import type { TaskNotifyPort, TaskService } from '@dpms/core';
import type { FileService } from '../routes/upload.service.js';
import type { ExportJobs } from '../http/export-jobs.js';
import type { ApprovalRouteDeps } from '../routes/approval/index.js';
import type { ServerConfig } from './server-config.js';
import type { ApprovalPdfExport, PrintDeps } from '../print/pdf.routes.js';

const token = <T>(name: string) => Symbol.for(`dpms.${name}`) as ServiceIdentifier<T>;

/** The typed service identifiers of the server's composition root; one place, one name each. */
export const TOKENS = {
  Config: token<ServerConfig>('Config'),
  Logger: token<Logger>('Logger'),
  Clock: token<Clock>('Clock'),
  JwtSecret: token<string>('JwtSecret'),
  /** Core's platform ports, bound by the SQL adapter family. */
  Repositories: token<PlatformRepositories>('Repositories'),
  /** Config values by key (the institute's zone ...), dropped as the database announces changes. */
  ConfigCache: token<ConfigCache>('ConfigCache'),
  PasswordHasher: token<PasswordHasher>('PasswordHasher'),
  TokenService: token<TokenService>('TokenService'),
  IdentityService: token<IdentityService>('IdentityService'),
  /** The identity service's per-session cache (tests await its `events`). */
  IdentityCache: token<IdentityCache>('IdentityCache'),
  Authenticator: token<Authenticator>('Authenticator'),
  AvatarStore: token<AvatarStore>('AvatarStore'),
  /** The approval engine's services (present when the container is given a database handle). */
  Approval: token<ApprovalRouteDeps>('Approval'),
  /** The approval route family; optional, so containers without a database handle still build. */
  ApprovalRoutes: token<RouteModule>('ApprovalRoutes'),
  /** Uploads, downloads and the file store; present when the container is given files. */
  Files: token<FileService>('Files'),
  /** Large exports written in the background; present when the container is given them. */
  ExportJobs: token<ExportJobs>('ExportJobs'),
  /** The upload and download route families; optional, like the approval routes. */
  FileRoutes: token<readonly RouteModule[]>('FileRoutes'),
  /** The contract route family; optional, like the approval routes. */
  ContractRoutes: token<RouteModule>('ContractRoutes'),
  /** The scheduling log's routes (/monitor/jobLog); optional, like the approval routes. */
  JobLogRoutes: token<RouteModule>('JobLogRoutes'),
  /** The contract document routes; optional, like the approval routes. */
  ContractDocumentRoutes: token<RouteModule>('ContractDocumentRoutes'),
  /** Printing: the print client, the stored PDFs and what payloads read. */
  Print: token<PrintDeps>('Print'),
  /** The approval export's PDF form; optional, present when printing is configured. */
  ApprovalPdf: token<ApprovalPdfExport>('ApprovalPdf'),
  /** The PDF routes of contract documents; optional, like the approval routes. */
  PrintRoutes: token<RouteModule>('PrintRoutes'),
  /** Design tasks: the use cases, getNotify's part of them, and their routes. */
  Tasks: token<TaskService>('Tasks'),
  TaskNotify: token<TaskNotifyPort>('TaskNotify'),
  TaskRoutes: token<RouteModule>('TaskRoutes'),
  /** Back money, loans and repayments; optional, like the approval routes. */
  FundRoutes: token<RouteModule>('FundRoutes'),
  /** Monthly fund plans and fund execution; optional, like the approval routes. */
  FundPlanRoutes: token<RouteModule>('FundPlanRoutes'),
  /** Closed cases, settlements and archives; optional, like the approval routes. */
  ClosingArchiveRoutes: token<readonly RouteModule[]>('ClosingArchiveRoutes'),
  /** Project and contract accounts, invoices and employee costs; optional. */
  AccountRoutes: token<readonly RouteModule[]>('AccountRoutes'),
  /** Fund payments and payment plans; optional, like the approval routes. */
  FundPayRoutes: token<RouteModule>('FundPayRoutes'),
  /** 通知公告 and the bell's read state; optional, like the approval routes. */
  NoticeRoutes: token<RouteModule>('NoticeRoutes'),
  /** 全局搜索, the top bar's search; optional, like the approval routes. */
  SearchRoutes: token<RouteModule>('SearchRoutes'),
  /** 服务监控 and 缓存监控. */
  MonitorRoutes: token<RouteModule>('MonitorRoutes'),
  /** Every route family registered on the API router (auth, users, departments ... later domains). */
  RouteModules: token<readonly RouteModule[]>('RouteModules'),
} as const;
