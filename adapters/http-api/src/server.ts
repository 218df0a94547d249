import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Express } from 'express';
import type { Container } from 'inversify';
import { API_BASE, createApp } from './app.js';
import type { ServerConfig } from './composition/server-config.js';
import { answerError } from './http/status-rule.js';

/**
 * The whole HTTP surface of one port: the API under /prod-api and, when it is built, the web at
 * `/` with an SPA fallback (any other GET that accepts HTML answers index.html, so deep links and
 * reloads land in the React router).
 */
export function createServer(container: Container, config: Pick<ServerConfig, 'webDir'>): Express {
  return createServing(container, config).app;
}

/**
 * The application as `createServer` builds it, with what its stop must wait for: the 操作日志
 * entries of the last writes, still gathering for their insert.
 */
export function createServing(
  container: Container,
  config: Pick<ServerConfig, 'webDir'>,
): { readonly app: Express; readonly stopOperLog: () => Promise<void> } {
  const { app, book } = createApp(container);
  const stopOperLog = () => book.operLog?.stop() ?? Promise.resolve();
  const webDir = config.webDir;
  if (webDir && existsSync(path.join(webDir, 'index.html'))) {
    const index = path.join(webDir, 'index.html');
    app.use(express.static(webDir, { index: false, maxAge: '1h' }));
    app.use((req, res, next) => {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.startsWith(API_BASE))
        return next();
      if (!req.accepts('html')) return next();
      res.set('Cache-Control', 'no-cache');
      res.sendFile(index);
    });
  }
  app.use((req, res) => {
    answerError(req, res, { code: 404, msg: '访问资源不存在' });
  });
  return { app, stopOperLog };
}

/** The built web next to this package in the monorepo (adapters/http-api/{src,dist} → web/dist). */
export function defaultWebDir(): string {
  return path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../web/dist');
}
