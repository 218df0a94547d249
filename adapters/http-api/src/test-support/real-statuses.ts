import express, { type Express } from 'express';
import { REAL_STATUSES, STATUS_HEADER } from '@dpms/wire';

/**
 * The API as our own clients call it: every request says `X-DPMS-Status: http` unless the test
 * set the header itself, so the suites read real HTTP statuses as our web's http-client does
 * (http/status-rule.ts). Tests of RuoYi's side call the app as served, without this.
 */
export function readingRealStatuses(app: Express): Express {
  const outer = express();
  outer.disable('x-powered-by');
  outer.use((req, _res, next) => {
    req.headers[STATUS_HEADER.toLowerCase()] ??= REAL_STATUSES;
    next();
  });
  outer.use(app);
  return outer;
}
