import type { ServiceIdentifier } from 'inversify';
import type { TimerScheduler } from '@dpms/core';
import type { EventBus, SessionStore as BrowserSessionStore, TokenStorage } from '@dpms/browser';
import type {
  AccountGateway,
  ApprovalGateway,
  ArchiveGateway,
  AuthGateway,
  ConfigGateway,
  ContractDocumentGateway,
  ContractGateway,
  DeptGateway,
  DictGateway,
  FileGateway,
  FundGateway,
  FundPayGateway,
  FundPlanGateway,
  HttpClient,
  JobLogGateway,
  LoginInfoGateway,
  JobGateway,
  MenuGateway,
  MajorGateway,
  NotifyGateway,
  OnlineGateway,
  OperLogGateway,
  PostGateway,
  RoleGateway,
  SearchGateway,
  ServerMonitorGateway,
  CacheMonitorGateway,
  SysNoticeGateway,
  TaskGateway,
  UserGateway,
} from '@dpms/http-client';
import type { ScreenLaunchers } from '../features/approval/ScreenLauncher';
import type { ClosingGateway } from '../features/closing/closing.gateway';
import type { ApprovalDetailComponent } from '../components/approval/ApprovalDetailSlot';
import type { Feedback } from '../components/ui/feedback';
import type { Navigator } from './navigator';
import type { NotifyService } from './notify';
import type { SessionService } from './session';
import type { StartupCache } from './startup';

/** Core's timer port plus the current time: what the web's policies run on. */
export type WebScheduler = TimerScheduler & { now(): number };

const token = <T>(name: string): ServiceIdentifier<T> => Symbol.for(`dpms.${name}`);

/** Every service of the web's composition root, by one typed token each. */
export const TOKENS = {
  Feedback: token<Feedback>('Feedback'),
  Navigator: token<Navigator>('Navigator'),
  TokenStorage: token<TokenStorage>('TokenStorage'),
  SessionStorage: token<BrowserSessionStore>('SessionStorage'),
  Scheduler: token<WebScheduler>('Scheduler'),
  EventBus: token<EventBus>('EventBus'),
  Http: token<HttpClient>('Http'),
  AuthGateway: token<AuthGateway>('AuthGateway'),
  NotifyGateway: token<NotifyGateway>('NotifyGateway'),
  UserGateway: token<UserGateway>('UserGateway'),
  RoleGateway: token<RoleGateway>('RoleGateway'),
  PostGateway: token<PostGateway>('PostGateway'),
  DeptGateway: token<DeptGateway>('DeptGateway'),
  DictGateway: token<DictGateway>('DictGateway'),
  ConfigGateway: token<ConfigGateway>('ConfigGateway'),
  MajorGateway: token<MajorGateway>('MajorGateway'),
  JobLogGateway: token<JobLogGateway>('JobLogGateway'),
  LoginInfoGateway: token<LoginInfoGateway>('LoginInfoGateway'),
  OperLogGateway: token<OperLogGateway>('OperLogGateway'),
  OnlineGateway: token<OnlineGateway>('OnlineGateway'),
  ServerMonitorGateway: token<ServerMonitorGateway>('ServerMonitorGateway'),
  CacheMonitorGateway: token<CacheMonitorGateway>('CacheMonitorGateway'),
  /** 通知公告: the page and the top bar's bell. */
  SysNoticeGateway: token<SysNoticeGateway>('SysNoticeGateway'),
  /** 全局搜索: the top bar's search box. */
  SearchGateway: token<SearchGateway>('SearchGateway'),
  JobGateway: token<JobGateway>('JobGateway'),
  MenuGateway: token<MenuGateway>('MenuGateway'),
  ApprovalGateway: token<ApprovalGateway>('ApprovalGateway'),
  FileGateway: token<FileGateway>('FileGateway'),
  ContractGateway: token<ContractGateway>('ContractGateway'),
  ContractDocumentGateway: token<ContractDocumentGateway>('ContractDocumentGateway'),
  TaskGateway: token<TaskGateway>('TaskGateway'),
  ArchiveGateway: token<ArchiveGateway>('ArchiveGateway'),
  AccountGateway: token<AccountGateway>('AccountGateway'),
  FundGateway: token<FundGateway>('FundGateway'),
  FundPayGateway: token<FundPayGateway>('FundPayGateway'),
  FundPlanGateway: token<FundPlanGateway>('FundPlanGateway'),
  /** 结案/结算/合同完工: the web's own gateway (its answers are parsed in the closing feature). */
  ClosingGateway: token<ClosingGateway>('ClosingGateway'),
  /** The approval feature's 审批详情 dialog, for record screens to open (see ApprovalDetailSlot). */
  ApprovalDetailDialog: token<ApprovalDetailComponent>('ApprovalDetailDialog'),
  /** 发起审批's record-screen launchers by type group, composed in app/screen-launchers. */
  ScreenLaunchers: token<ScreenLaunchers>('ScreenLaunchers'),
  Session: token<SessionService>('Session'),
  Startup: token<StartupCache>('Startup'),
  Notify: token<NotifyService>('Notify'),
} as const;
