import type {
  CaptchaRepository,
  IdempotencyRepository,
  LoginAttemptRepository,
  SessionRepository,
} from './auth-session.repository.port.js';
import type { ConfigRepository } from './config.repository.port.js';
import type { DeptRepository } from './dept.repository.port.js';
import type { DictRepository } from './dict.repository.port.js';
import type { MajorRepository } from './major.repository.port.js';
import type { MenuRepository } from './menu.repository.port.js';
import type { PostRepository } from './post.repository.port.js';
import type { RoleRepository } from './role.repository.port.js';
import type { UserRepository } from './user.repository.port.js';
import type {
  LoginInfoRepository,
  OperLogRepository,
} from '../syslog/system-log.repository.port.js';

/** Every platform repository, bound to one connection or one transaction. */
export interface PlatformRepositories {
  readonly users: UserRepository;
  readonly roles: RoleRepository;
  readonly depts: DeptRepository;
  readonly posts: PostRepository;
  readonly menus: MenuRepository;
  readonly dicts: DictRepository;
  readonly configs: ConfigRepository;
  readonly majors: MajorRepository;
  readonly sessions: SessionRepository;
  readonly loginAttempts: LoginAttemptRepository;
  readonly captchas: CaptchaRepository;
  readonly idempotency: IdempotencyRepository;
  readonly loginInfos: LoginInfoRepository;
  readonly operLogs: OperLogRepository;
}

/**
 * Runs `fn` in one transaction with repositories bound to it: committed when `fn` resolves, rolled
 * back when it rejects. `R` grows as domains add their repositories.
 */
export interface UnitOfWork<R = PlatformRepositories> {
  transaction<T>(fn: (repos: R) => Promise<T>): Promise<T>;
}
