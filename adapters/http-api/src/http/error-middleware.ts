import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { DomainFailure, HttpError, statusOfDomainCode } from './http-error.js';
import { MSG, STATUS_MSG } from './messages.js';
import { answerError } from './status-rule.js';

/** Connection-level failures of the database: the service is unavailable, not broken. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

function isUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  const message = (error as { message?: unknown }).message;
  return (
    typeof message === 'string' &&
    /Connection terminated|pool is ending|driver has already been destroyed/i.test(message)
  );
}

interface BodyParserError {
  type?: string;
  status?: number;
  statusCode?: number;
  expose?: boolean;
}

/** The 4xx an http-errors style error (`expose: true`) carries, if any. */
function clientErrorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as BodyParserError;
  if (e.expose !== true) return undefined;
  const status = e.status ?? e.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/**
 * Anything a handler, a parser or a guard throws becomes `{code, msg}`, sent under the status
 * rule of status-rule.ts (the real status to clients that ask for it, RuoYi's 200 otherwise).
 */
export function errorMiddleware(): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    let status = 500;
    let msg: string = MSG.internal;
    let extra: Readonly<Record<string, unknown>> | undefined;
    let headers: Readonly<Record<string, string>> | undefined;
    if (error instanceof HttpError) {
      ({ status, extra, headers } = error);
      msg = error.message;
    } else if (error instanceof DomainFailure) {
      status = statusOfDomainCode(error.error.code);
      msg = error.error.message;
      // A refusal of one field also answers in the validation shape (`errors: [{field,
      // message}]`), so a form lands the server's word on that field whichever check refused it.
      const field = error.error.field;
      extra = {
        errorCode: error.error.code,
        ...(field ? { field, errors: [{ field, message: msg }] } : {}),
      };
    } else if (isUnavailable(error)) {
      status = 503;
      msg = MSG.unavailable;
    } else if (
      typeof error === 'object' &&
      error !== null &&
      (error as BodyParserError).type !== undefined
    ) {
      // body-parser errors carry a status and a type; their messages are English, ours are not.
      const e = error as BodyParserError;
      status = e.status ?? e.statusCode ?? 400;
      if (e.type === 'entity.too.large') msg = MSG.payloadTooLarge;
      else if (e.type === 'entity.parse.failed') msg = MSG.badJson;
      else if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported') {
        status = 415;
        msg = MSG.unsupportedMediaType;
      } else msg = STATUS_MSG[status] ?? MSG.badRequest;
    } else if (error instanceof URIError) {
      // The router's own param decoding (`/system/user/%ff`): a bad request, not a crash.
      status = 400;
      msg = MSG.badPathEncoding;
      extra = { errors: [{ field: 'path', message: msg }] };
    } else if (clientErrorStatus(error) !== undefined) {
      // Other http-errors style refusals from Express or its parsers keep their 4xx status.
      status = clientErrorStatus(error)!;
      msg = STATUS_MSG[status] ?? MSG.badRequest;
    }
    if (status >= 500) {
      req.log?.error({ err: error }, 'request failed');
    } else if (!(error instanceof HttpError) && !(error instanceof DomainFailure)) {
      req.log?.warn({ err: error }, 'request refused');
    }
    if (headers) res.set(headers);
    answerError(req, res, { code: status, msg, ...(extra ?? {}) });
  };
}

/** Unknown API paths answer 404 in the envelope, not Express's HTML page. */
export const notFoundHandler: RequestHandler = (req, res) => {
  answerError(req, res, { code: 404, msg: MSG.routeNotFound });
};

/** Bodies with content must be JSON (multipart routes parse their own). */
export const requireJson: RequestHandler = (req, _res, next) => {
  const hasBody =
    req.headers['transfer-encoding'] !== undefined ||
    Number(req.headers['content-length'] ?? '0') > 0;
  if (!hasBody || req.method === 'GET' || req.method === 'HEAD') return next();
  if (
    req.is('application/json') ||
    req.is('multipart/form-data') ||
    req.is('application/x-www-form-urlencoded')
  ) {
    return next();
  }
  next(new HttpError(415));
};

/**
 * Requests Node's HTTP parser refuses before the app sees them (a request line and headers over
 * its 16 KB limit, a malformed request line) answer in the envelope too, with a Chinese message,
 * instead of Node's bare `431` or `400` with no body.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? 431
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? 408
          : 400;
    const reason =
      status === 431
        ? 'Request Header Fields Too Large'
        : status === 408
          ? 'Request Timeout'
          : 'Bad Request';
    const body = JSON.stringify({ code: status, msg: STATUS_MSG[status] ?? MSG.badRequest });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
