import { ContainerModule } from 'inversify';
import { SysNoticeService } from '@dpms/core';
import { sanitizeNoticeHtml, SqlSysNoticeRepository } from '@dpms/sql';
import { noticeRoutes } from '../routes/notice.routes.js';
import { TOKENS } from './tokens.js';
import type { Db } from './db.js';

/** 通知公告 over the SQL adapter, its content sanitized with sanitize-html (the RuoYi import's too). */
export const noticeModule = (db: Db) =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.NoticeRoutes)
      .toResolvedValue(() =>
        noticeRoutes(new SysNoticeService(new SqlSysNoticeRepository(db), sanitizeNoticeHtml)),
      )
      .inSingletonScope();
  });
