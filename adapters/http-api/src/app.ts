import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Container } from 'inversify';
import { TOKENS } from './composition/tokens.js';
import { errorMiddleware, notFoundHandler, requireJson } from './http/error-middleware.js';
import { guardFactory } from './http/guard.js';
import { configuredZone, provideInstituteZone } from './http/institute-zone.js';
import { ruoyiTimestamps } from './http/ruoyi-timestamps.js';
import { providePersonNames, usersAsNames } from './http/people-names.js';
import { provideExportJobs } from './http/export-jobs.js';
import { requestLogger } from './http/logger.js';
import { apiDocsServed, docsRouter } from './http/openapi-docs.js';
import { IdempotentRequests } from './http/idempotency.js';
import { OperLogRecorder } from './http/oper-log.js';
import { RouteBook } from './http/route.js';
import { textGuard } from './http/text-guard.js';
import { DEFAULT_JSON_LIMIT } from './composition/server-config.js';

export const API_BASE = '/prod-api';

export interface CreatedApp {
  readonly app: Express;
  /** The routes and their OpenAPI entries, as registered. */
  readonly book: RouteBook;
  readonly apiRouter: express.Router;
}

/**
 * The Express 5 application: security headers, request ids and logs, JSON bodies up to the limit,
 * the API router under /prod-api with every route module of the container, its OpenAPI document
 * and browsable page, and the error middleware. Serving the web is main's business.
 */
export function createApp(
  container: Container,
  /** `operLog: false` leaves 操作日志 out: only the bench does, to measure what it costs. */
  options: { readonly operLog?: boolean } = {},
): CreatedApp {
  const logger = container.get(TOKENS.Logger);
  const config = container.isBound(TOKENS.Config) ? container.get(TOKENS.Config) : undefined;
  const app = express();
  app.disable('x-powered-by');
  // Exports show times on the institute's clock, from its config.
  if (container.isBound(TOKENS.Repositories))
    provideInstituteZone(app, configuredZone(container.get(TOKENS.Repositories)));
  // ... and people by their names, not their login names or ids.
  if (container.isBound(TOKENS.Repositories))
    providePersonNames(app, usersAsNames(container.get(TOKENS.Repositories)));
  // ... and large exports asked with `Prefer: respond-async` go to the background.
  if (container.isBound(TOKENS.ExportJobs))
    provideExportJobs(app, container.get(TOKENS.ExportJobs));
  // X-Forwarded-For is believed only from these proxies (loopback by default: a reverse proxy on
  // the same host); the login throttle counts per client address, so this must not be `true`.
  app.set('trust proxy', config?.trustProxy ?? 'loopback');
  // `params[beginTime]=…` (RuoYi's nested query form, 000 §7) parses into objects.
  app.set('query parser', 'extended');
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'img-src': ["'self'", 'data:', 'blob:'],
          // The PDF preview reads a file the web fetched with its token, from an object URL.
          'connect-src': ["'self'", 'blob:'],
          'upgrade-insecure-requests': null,
        },
      },
      // The web is served over plain HTTP on a LAN; HSTS would lock it out.
      strictTransportSecurity: false,
    }),
  );

  const api = express.Router();
  api.use(requestLogger(logger));
  api.use(requireJson);
  api.use(express.json({ limit: config?.jsonLimitBytes ?? DEFAULT_JSON_LIMIT }));
  api.use(
    express.urlencoded({ extended: true, limit: config?.jsonLimitBytes ?? DEFAULT_JSON_LIMIT }),
  );
  // Every string of the path, query and body is text, checked once before any route.
  api.use(textGuard);
  api.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  // RuoYi's UI reads RuoYi's `yyyy-MM-dd HH:mm:ss` on the institute's clock.
  api.use(ruoyiTimestamps);

  const routes = express.Router();
  // A write's Idempotency-Key is held in the platform's store (a bare toolkit container has none).
  const clock = container.isBound(TOKENS.Clock) ? container.get(TOKENS.Clock) : undefined;
  const idempotent =
    clock && container.isBound(TOKENS.Repositories)
      ? new IdempotentRequests(container.get(TOKENS.Repositories).idempotency, () => clock.now())
      : undefined;
  // 操作日志: written after each write's answer, on the platform's own connection.
  const operLog =
    options.operLog !== false && clock && container.isBound(TOKENS.Repositories)
      ? new OperLogRecorder(container.get(TOKENS.Repositories), logger, () => clock.now())
      : undefined;
  operLog?.install(app);
  const book = new RouteBook(
    routes,
    guardFactory(container.get(TOKENS.Authenticator)),
    idempotent,
    operLog,
  );
  for (const module of container.get(TOKENS.RouteModules)) module.register(book);

  if (apiDocsServed(config)) api.use(docsRouter(book));
  api.use(routes);
  api.use(notFoundHandler);
  api.use(errorMiddleware());
  app.use(API_BASE, api);
  return { app, book, apiRouter: routes };
}
