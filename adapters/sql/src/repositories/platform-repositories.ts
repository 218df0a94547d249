import type { PlatformRepositories, UnitOfWork } from '@dpms/core';
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.js';
import {
  SqlCaptchaRepository,
  SqlIdempotencyRepository,
  SqlLoginAttemptRepository,
  SqlSessionRepository,
} from './sql-auth.repository.js';
import { SqlConfigRepository } from './sql-config.repository.js';
import { SqlDeptRepository } from './sql-dept.repository.js';
import { SqlDictRepository } from './sql-dict.repository.js';
import { SqlMajorRepository } from './sql-major.repository.js';
import { SqlMenuRepository } from './sql-menu.repository.js';
import { SqlPostRepository } from './sql-post.repository.js';
import { SqlRoleRepository } from './sql-role.repository.js';
import { SqlUserRepository } from './sql-user.repository.js';
import { SqlLoginInfoRepository, SqlOperLogRepository } from './sql-system-log.repository.js';

/** Every platform repository bound to a connection (or, inside a unit of work, to a transaction). */
export function createPlatformRepositories(db: Kysely<Database>): PlatformRepositories {
  return {
    users: new SqlUserRepository(db),
    roles: new SqlRoleRepository(db),
    depts: new SqlDeptRepository(db),
    posts: new SqlPostRepository(db),
    menus: new SqlMenuRepository(db),
    dicts: new SqlDictRepository(db),
    configs: new SqlConfigRepository(db),
    majors: new SqlMajorRepository(db),
    sessions: new SqlSessionRepository(db),
    loginAttempts: new SqlLoginAttemptRepository(db),
    captchas: new SqlCaptchaRepository(db),
    idempotency: new SqlIdempotencyRepository(db),
    loginInfos: new SqlLoginInfoRepository(db),
    operLogs: new SqlOperLogRepository(db),
  };
}

/**
 * The UnitOfWork port on Kysely. `bind` builds the repositories over the transaction; later issues
 * pass a function that adds their own (`(trx) => ({ ...createPlatformRepositories(trx), contracts: … })`).
 */
export class KyselyUnitOfWork<R = PlatformRepositories> implements UnitOfWork<R> {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly bind: (db: Kysely<Database>) => R,
  ) {}

  transaction<T>(fn: (repos: R) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return fn(this.bind(this.db));
    return this.db.transaction().execute((trx) => fn(this.bind(trx)));
  }
}

export function createPlatformUnitOfWork(
  db: Kysely<Database>,
): KyselyUnitOfWork<PlatformRepositories> {
  return new KyselyUnitOfWork(db, createPlatformRepositories);
}
