import { Container, ContainerModule } from 'inversify';
import { lazy } from 'react';
import {
  BrowserTimerScheduler,
  EventBus,
  MemoryStorage,
  SessionStore,
  TokenStorage,
  type KeyValueStorage,
} from '@dpms/browser';
import {
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
  OnlineGateway,
  ServerMonitorGateway,
  CacheMonitorGateway,
  OperLogGateway,
  JobGateway,
  MenuGateway,
  MajorGateway,
  NotifyGateway,
  PostGateway,
  SysNoticeGateway,
  RoleGateway,
  SearchGateway,
  TaskGateway,
  UserGateway,
} from '@dpms/http-client';
import { Feedback } from '../components/ui/feedback';
import { configureFileDownloads } from '../components/upload/download';
import { ClosingGateway } from '../features/closing/closing.gateway';
import { Navigator } from './navigator';
import { NotifyService } from './notify';
import { SCREEN_LAUNCHERS } from './screen-launchers/screen-launchers';
import { SessionService } from './session';
import { StartupCache } from './startup';
import { TOKENS, type WebScheduler } from './tokens';

function storageOr(get: () => Storage): KeyValueStorage {
  try {
    return get();
  } catch {
    return new MemoryStorage();
  }
}

/** The browser family: storage, timers, the event bus, the user-interface services. */
export const browserModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.Feedback).toConstantValue(new Feedback());
  bind(TOKENS.Navigator).toConstantValue(new Navigator());
  bind(TOKENS.TokenStorage)
    .toResolvedValue(() => new TokenStorage(storageOr(() => window.localStorage)))
    .inSingletonScope();
  bind(TOKENS.SessionStorage)
    .toResolvedValue(() => new SessionStore(storageOr(() => window.sessionStorage)))
    .inSingletonScope();
  bind(TOKENS.Scheduler)
    .toResolvedValue(() => new BrowserTimerScheduler())
    .inSingletonScope();
  bind(TOKENS.EventBus)
    .toResolvedValue(() => new EventBus())
    .inSingletonScope();
});

/** The HTTP family: the axios client with its user-interface port, and every gateway. */
export const httpModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.Http)
    .toResolvedValue(
      (
        tokens: TokenStorage,
        feedback: Feedback,
        scheduler: WebScheduler,
        navigator: Navigator,
        storage: SessionStore,
      ) =>
        new HttpClient({
          tokens,
          schedule: (fn, ms) => void scheduler.setTimeout(fn, ms),
          ui: {
            confirm: (o) => feedback.confirm({ ...o, kind: 'warning' }),
            error: (message, ms) => feedback.error(message, ms),
            logout: () => {
              // The client cannot reach the session service (it is built from it): clear here.
              tokens.clear();
              SessionService.clearSessionKeys(storage);
              navigator.reload('/login');
            },
          },
        }),
      [
        TOKENS.TokenStorage,
        TOKENS.Feedback,
        TOKENS.Scheduler,
        TOKENS.Navigator,
        TOKENS.SessionStorage,
      ],
    )
    .inSingletonScope();
  bind(TOKENS.AuthGateway)
    .toResolvedValue((http: HttpClient) => new AuthGateway(http), [TOKENS.Http])
    .inSingletonScope();
  bind(TOKENS.NotifyGateway)
    .toResolvedValue((http: HttpClient) => new NotifyGateway(http), [TOKENS.Http])
    .inSingletonScope();
  bind(TOKENS.UserGateway)
    .toResolvedValue((http: HttpClient) => new UserGateway(http), [TOKENS.Http])
    .inSingletonScope();
  bind(TOKENS.RoleGateway)
    .toResolvedValue((http: HttpClient) => new RoleGateway(http), [TOKENS.Http])
    .inSingletonScope();
  bind(TOKENS.SysNoticeGateway)
    .toResolvedValue((http: HttpClient) => new SysNoticeGateway(http), [TOKENS.Http])
    .inSingletonScope();
  bind(TOKENS.SearchGateway)
    .toResolvedValue((http: HttpClient) => new SearchGateway(http), [TOKENS.Http])
    .inSingletonScope();
  bind(TOKENS.PostGateway)
    .toResolvedValue((http: HttpClient) => new PostGateway(http), [TOKENS.Http])
    .inSingletonScope();
  bind(TOKENS.DeptGateway)
    .toResolvedValue((http: HttpClient) => new DeptGateway(http), [TOKENS.Http])
    .inSingletonScope();
  bind(TOKENS.DictGateway)
    .toResolvedValue((http: HttpClient) => new DictGateway(http), [TOKENS.Http])
    .inSingletonScope();
  bind(TOKENS.ConfigGateway)
    .toResolvedValue((http: HttpClient) => new ConfigGateway(http), [TOKENS.Http])
    .inSingletonScope();
  bind(TOKENS.MajorGateway)
    .toResolvedValue((http: HttpClient) => new MajorGateway(http), [TOKENS.Http])
    .inSingletonScope();
  bind(TOKENS.JobLogGateway)
    .toResolvedValue((http: HttpClient) => new JobLogGateway(http), [TOKENS.Http])
    .inSingletonScope();
  bind(TOKENS.LoginInfoGateway)
    .toResolvedValue((http: HttpClient) => new LoginInfoGateway(http), [TOKENS.Http])
    .inSingletonScope();
  bind(TOKENS.OperLogGateway)
    .toResolvedValue((http: HttpClient) => new OperLogGateway(http), [TOKENS.Http])
    .inSingletonScope();
  bind(TOKENS.OnlineGateway)
    .toResolvedValue((http: HttpClient) => new OnlineGateway(http), [TOKENS.Http])
    .inSingletonScope();
  bind(TOKENS.ServerMonitorGateway)
    .toResolvedValue((http: HttpClient) => new ServerMonitorGateway(http), [TOKENS.Http])
    .inSingletonScope();
  bind(TOKENS.CacheMonitorGateway)
    .toResolvedValue((http: HttpClient) => new CacheMonitorGateway(http), [TOKENS.Http])
    .inSingletonScope();
  bind(TOKENS.JobGateway)
    .toResolvedValue((http: HttpClient) => new JobGateway(http), [TOKENS.Http])
    .inSingletonScope();
  bind(TOKENS.MenuGateway)
    .toResolvedValue((http: HttpClient) => new MenuGateway(http), [TOKENS.Http])
    .inSingletonScope();
  bind(TOKENS.ApprovalGateway)
    .toResolvedValue((http: HttpClient) => new ApprovalGateway(http), [TOKENS.Http])
    .inSingletonScope();
  bind(TOKENS.ContractGateway)
    .toResolvedValue((http: HttpClient) => new ContractGateway(http), [TOKENS.Http])
    .inSingletonScope();
  bind(TOKENS.ContractDocumentGateway)
    .toResolvedValue((http: HttpClient) => new ContractDocumentGateway(http), [TOKENS.Http])
    .inSingletonScope();
  bind(TOKENS.TaskGateway)
    .toResolvedValue((http: HttpClient) => new TaskGateway(http), [TOKENS.Http])
    .inSingletonScope();
  bind(TOKENS.ArchiveGateway)
    .toResolvedValue((http: HttpClient) => new ArchiveGateway(http), [TOKENS.Http])
    .inSingletonScope();
  bind(TOKENS.AccountGateway)
    .toResolvedValue((http: HttpClient) => new AccountGateway(http), [TOKENS.Http])
    .inSingletonScope();
  bind(TOKENS.FundGateway)
    .toResolvedValue((http: HttpClient) => new FundGateway(http), [TOKENS.Http])
    .inSingletonScope();
  bind(TOKENS.FundPayGateway)
    .toResolvedValue((http: HttpClient) => new FundPayGateway(http), [TOKENS.Http])
    .inSingletonScope();
  bind(TOKENS.FundPlanGateway)
    .toResolvedValue((http: HttpClient) => new FundPlanGateway(http), [TOKENS.Http])
    .inSingletonScope();
  bind(TOKENS.ClosingGateway)
    .toResolvedValue(
      (http: HttpClient, approvals: ApprovalGateway) => new ClosingGateway(http, approvals),
      [TOKENS.Http, TOKENS.ApprovalGateway],
    )
    .inSingletonScope();
  bind(TOKENS.FileGateway)
    .toResolvedValue(
      (http: HttpClient, tokens: TokenStorage) => new FileGateway(http, tokens),
      [TOKENS.Http, TOKENS.TokenStorage],
    )
    .inSingletonScope();
});

/** The application family: the session and the start-up cache built on the gateways. */
export const appModule = new ContainerModule(({ bind }) => {
  // Record screens open an approval's detail through this slot, never importing the approval
  // feature; lazy, so the approval code is not in the start-up bundle.
  bind(TOKENS.ScreenLaunchers).toConstantValue(SCREEN_LAUNCHERS);
  bind(TOKENS.ApprovalDetailDialog).toConstantValue(
    lazy(() =>
      import('../features/approval/ApprovalDetail').then((m) => ({
        default: m.ApprovalDetailDialog,
      })),
    ),
  );
  bind(TOKENS.Session)
    .toResolvedValue(
      (auth: AuthGateway, tokens: TokenStorage, storage: SessionStore, navigator: Navigator) =>
        new SessionService(auth, tokens, storage, navigator),
      [TOKENS.AuthGateway, TOKENS.TokenStorage, TOKENS.SessionStorage, TOKENS.Navigator],
    )
    .inSingletonScope();
  bind(TOKENS.Startup)
    .toResolvedValue(
      (
        users: UserGateway,
        depts: DeptGateway,
        dicts: DictGateway,
        configs: ConfigGateway,
        storage: SessionStore,
      ) => new StartupCache(users, depts, dicts, configs, storage),
      [
        TOKENS.UserGateway,
        TOKENS.DeptGateway,
        TOKENS.DictGateway,
        TOKENS.ConfigGateway,
        TOKENS.SessionStorage,
      ],
    )
    .inSingletonScope();
  bind(TOKENS.Notify)
    .toResolvedValue(
      (gateway: NotifyGateway, scheduler: WebScheduler, bus: EventBus, storage: SessionStore) =>
        new NotifyService(gateway, scheduler, bus, storage),
      [TOKENS.NotifyGateway, TOKENS.Scheduler, TOKENS.EventBus, TOKENS.SessionStorage],
    )
    .inSingletonScope();
});

export function createContainer(): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.load(browserModule, httpModule, appModule);
  // downloadFile(url, name) is a plain function other screens call from any handler.
  configureFileDownloads(
    () => container.get(TOKENS.FileGateway),
    () => container.get(TOKENS.Feedback),
  );
  return container;
}
