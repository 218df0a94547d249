import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type Logger, type LevelWithSilent } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';
import { answerCodeOf } from './status-rule.js';

export function createLogger(level: LevelWithSilent = 'info'): Logger {
  return pino({
    level,
    base: { service: 'dpms-http-api' },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'password', '*.password'],
      remove: true,
    },
  });
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Query parameters whose values never reach a log line (updatePwd sends passwords in the query). */
const SECRET_PARAM = /([?&](?:[^=&]*password[^=&]*|token|code)=)[^&]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAM, '$1[redacted]');
}

/**
 * One structured log line per request, tagged with a request id: the caller's X-Request-Id when
 * it is a sane token, a new UUID otherwise, echoed back in the X-Request-Id header.
 */
export function requestLogger(logger: Logger): HttpLogger {
  return pinoHttp({
    logger,
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    // By what the answer meant: a refusal sent to RuoYi's UI as a 200 is still a refusal.
    customLogLevel: (_req, res, err) => {
      const code = answerCodeOf(res);
      return err || code >= 500 ? 'error' : code >= 400 ? 'warn' : 'info';
    },
    serializers: {
      req: (req: { id: unknown; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
      }),
      // `code` is what the answer meant when the status rule sent it as a 200 (RuoYi's UI).
      res: (res: { statusCode: number; raw?: { statusCode: number; locals?: unknown } }) => {
        const code = answerCodeOf(res.raw ?? res);
        return code === res.statusCode
          ? { statusCode: res.statusCode }
          : { statusCode: res.statusCode, code };
      },
    },
  });
}
