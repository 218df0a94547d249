import type { Request, Response } from 'express';
import { REAL_STATUSES, STATUS_HEADER } from '@dpms/wire';

/**
 * The one rule for error statuses (DESIGN.md §3, README "Wire"). Every error answer of the API
 * is `{code, msg, ...}` with `code` the status it means (400, 401, 403, 404, 409, 413, 415, 422,
 * 429, 500, 503). Which HTTP status carries it is the client's choice, read here and nowhere
 * else:
 *
 * - a request with `X-DPMS-Status: http` (our web's http-client, our tests, any script that
 *   asks) gets that status as its HTTP status too;
 * - any other request gets HTTP 200, as RuoYi's server answers: RuoYi-Vue's UI, served
 *   unchanged, reads `code` only from the body of a 200 (401 opens its re-login dialog, any other
 *   code shows `msg`), and it sends no header we could key on. The default is RuoYi's because
 *   the client that cannot change is RuoYi's; ours can say what it reads.
 *
 * The same holds for downloads (an export or file that fails answers the JSON envelope, which
 * RuoYi's download reads from a 200 blob) and for 5xx. Only the socket-level refusals of Node's
 * parser (`answerClientErrors`: a request line or headers it cannot read) keep their real status,
 * since the headers that would say otherwise are what it could not read.
 */
export function readsRealStatuses(req: Request): boolean {
  return req.get(STATUS_HEADER)?.trim().toLowerCase() === REAL_STATUSES;
}

const ANSWER_CODE = 'answerCode';

/** Sends an error envelope under the rule above, keeping its code for the logs. */
export function answerError(
  req: Request,
  res: Response,
  body: { readonly code: number; readonly msg: string } & Readonly<Record<string, unknown>>,
): void {
  (res.locals as Record<string, unknown>)[ANSWER_CODE] = body.code;
  res.vary(STATUS_HEADER);
  res.status(readsRealStatuses(req) ? body.code : 200).json(body);
}

/**
 * What an answer meant, whatever HTTP status carried it: the error's code when the rule sent it
 * as a 200, else the HTTP status (the request log and the 操作日志 count a refusal as a refusal).
 */
export function answerCodeOf(res: {
  readonly statusCode: number;
  readonly locals?: unknown;
}): number {
  const code = (res.locals as Record<string, unknown> | undefined)?.[ANSWER_CODE];
  return typeof code === 'number' ? code : res.statusCode;
}
