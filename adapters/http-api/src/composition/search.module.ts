import { ContainerModule } from 'inversify';
import { FindAnything } from '@dpms/core';
import { SqlSearchRepository } from '@dpms/sql';
import { searchRoutes } from '../routes/search.routes.js';
import { TOKENS } from './tokens.js';
import type { Db } from './db.js';

/** 全局搜索 over the SQL adapter's trigram-indexed search (migration 0112). */
export const searchModule = (db: Db) =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.SearchRoutes)
      .toResolvedValue(() => searchRoutes(new FindAnything(new SqlSearchRepository(db))))
      .inSingletonScope();
  });
