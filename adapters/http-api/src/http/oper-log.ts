import type { Express, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import {
  LOG_STATUS,
  OPERATOR_TYPE,
  businessTypeOf,
  logText,
  loginLocationOf,
  type NewOperLog,
  type PlatformRepositories,
} from '@dpms/core';
import type { Principal } from '../identity/principal.js';
import { answerCodeOf } from './status-rule.js';

/** What RouteBook knows of a write when it registers it. */
export interface OperRoute {
  readonly method: string;
  readonly path: string;
  /** The route's OpenAPI tag (用户管理, 合同 ...): the log's 系统模块. */
  readonly tag: string;
}

/** What every entry of one route shares. */
type RouteShape = Pick<NewOperLog, 'title' | 'businessType' | 'method'>;

/** One logged write in progress, kept in its response's locals. */
interface Pending {
  readonly shape: RouteShape;
  readonly started: number;
  readonly operTime: Date;
  answer: unknown;
  logged: boolean;
}

const PENDING = Symbol('operLog');

const pendingOf = (res: Response): Pending | undefined =>
  (res.locals as Record<symbol, Pending | undefined> | undefined)?.[PENDING];

const hasContent = (v: unknown): boolean =>
  v !== undefined && v !== null && (typeof v !== 'object' || Object.keys(v).length > 0);

/** Inserts in flight beyond which a new entry is dropped with a warning (the database is down). */
export const OPER_LOG_MAX_PENDING = 500;

/** Entries one insert writes at most. */
const OPER_LOG_BATCH = 200;

/**
 * How long each insert waits for entries to share it. Under load a batch then gathers dozens of
 * entries, one statement and one commit for all of them, where without the wait each insert took
 * one or two (bench/oper-log.bench.ts); an entry reaches the table at most about this long after
 * the insert under way at its write's answer has ended. 清空 and a server's stop write what is
 * waiting first (drain).
 */
export const OPER_LOG_GATHER_MS = 100;

/**
 * 操作日志: every write that passes through the route pipeline, with or without success, written
 * after its answer is sent, on its own connection (never the request's transaction), so the log
 * costs the request nothing and a failed insert only warns. Entries are written in batches, a
 * group commit: each insert first waits OPER_LOG_GATHER_MS for others, and those that come while
 * an insert is under way go together in the next, so under load the log costs a small part of a
 * statement per write (bench/oper-log.bench.ts).
 */
export class OperLogRecorder {
  /** Entries waiting for the next insert. */
  private queue: NewOperLog[] = [];
  /** Entries of the insert under way. */
  private writing = 0;
  private flushing: Promise<void> | undefined;
  /** Ends the current gathering wait at once (drain). */
  private endWait: (() => void) | undefined;
  /** Entries queued so far, and entries whose insert has ended (written or warned about). */
  private queued = 0;
  private done = 0;
  /** Drains waiting for the entries queued before them: each resolves once `done` reaches it. */
  private drains: { readonly upTo: number; readonly resolve: () => void }[] = [];
  /** Set as the server stops: an entry is written at once, without gathering others. */
  private stopping = false;

  constructor(
    private readonly repos: Pick<PlatformRepositories, 'operLogs'>,
    private readonly logger: Logger,
    private readonly now: () => Date = () => new Date(),
    private readonly maxPending = OPER_LOG_MAX_PENDING,
    private readonly gatherMs = OPER_LOG_GATHER_MS,
  ) {}

  /**
   * Lets the app's responses feed the log, on the app's own response prototype rather than with
   * a wrapper and a listener per request (bench/oper-log.bench.ts): `res.json` notes the answer
   * of a logged write as it is sent (to a RuoYi client, with RuoYi's timestamps, as RuoYi's own
   * log holds it), and `res.end` logs it once the answer is handed to the connection. A
   * client gone before the answer does not stop the write: it is logged when its handler ends,
   * with the status it ended with. Once per app, before its routes answer.
   */
  install(app: Express): void {
    const settle = (res: Response) => this.settle(res);
    // The two methods as plain functions, called with the response as `this`.
    const proto = app.response as unknown as Record<'json' | 'end', (...a: unknown[]) => Response>;
    const { json, end } = proto;
    proto.json = function (this: Response, body: unknown) {
      const pending = pendingOf(this);
      if (pending) pending.answer = body;
      return json.call(this, body);
    };
    proto.end = function (this: Response, ...args: unknown[]) {
      const out = end.apply(this, args);
      settle(this);
      return out;
    };
  }

  /**
   * The middleware of one write route: placed before its guard, so a refusal is logged too. What
   * the route's entries share is worked out once, here; per request it adds one small record to
   * the response's locals, since it runs on every write (bench/oper-log.bench.ts).
   */
  middleware(route: OperRoute): RequestHandler {
    const shape: RouteShape = {
      title: route.tag,
      businessType: businessTypeOf(route.method, route.path),
      method: `${route.method.toUpperCase()} ${route.path}`,
    };
    return (_req, res, next) => {
      const pending: Pending = {
        shape,
        started: performance.now(),
        operTime: this.now(),
        answer: undefined,
        logged: false,
      };
      (res.locals as Record<symbol, unknown>)[PENDING] = pending;
      next();
    };
  }

  private settle(res: Response): void {
    const pending = pendingOf(res);
    if (!pending || pending.logged) return;
    pending.logged = true;
    const principal = res.locals.principal as Principal | undefined;
    // Nobody signed in (a missing or expired token): no operator to log.
    if (principal) this.record(pending, res.req, res, principal);
    pending.answer = undefined;
  }

  /** Resolves when every insert begun so far has ended (tests await it instead of sleeping). */
  async settled(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  /**
   * Writes the entries queued until now without the gathering wait, and resolves once their
   * inserts have ended; entries queued after it do not hold it up (a steady stream of writes
   * would otherwise keep 清空 waiting). Before 清空, so it clears every write answered before it.
   */
  drain(): Promise<void> {
    if (this.done >= this.queued) return Promise.resolve();
    this.endWait?.();
    return new Promise((resolve) => this.drains.push({ upTo: this.queued, resolve }));
  }

  /**
   * As the server stops, once its connections are closed: what is queued is written now, and
   * an entry of a request still finishing is written as it comes, before the database closes.
   */
  stop(): Promise<void> {
    this.stopping = true;
    // A gathering under way ends now, whether or not anything waits in it.
    this.endWait?.();
    return this.drain();
  }

  /**
   * Builds the entry at once, so neither the request, the response nor the whole answer is kept
   * while the department is looked up and the row inserted.
   */
  private record(
    { shape: route, answer, operTime, started }: Pending,
    req: Request,
    res: Response,
    principal: Principal,
  ): void {
    const pending = this.queue.length + this.writing;
    if (pending >= this.maxPending) {
      this.logger.warn({ route: route.method, pending }, 'operation log dropped');
      return;
    }
    const code = answerCodeOf(res);
    const failed = code >= 400;
    const msg = answer && typeof answer === 'object' && 'msg' in answer ? String(answer.msg) : '';
    const body: unknown = req.body;
    const params = hasContent(body) ? body : { ...req.params, ...(req.query as object) };
    // Without a forwarded header `req.ip` is the socket's address whatever proxies are trusted;
    // only with one is it worth the walk through the header (bench/oper-log.bench.ts).
    const ip =
      (req.headers['x-forwarded-for'] === undefined ? undefined : req.ip) ??
      req.socket.remoteAddress ??
      '';
    const entry: NewOperLog = {
      title: route.title,
      businessType: route.businessType,
      method: route.method,
      requestMethod: req.method,
      operatorType: OPERATOR_TYPE.manage,
      operName: principal.userName,
      deptId: principal.deptId,
      operUrl: req.originalUrl.split('?')[0] ?? '',
      operIp: ip,
      operLocation: loginLocationOf(ip),
      operParam: hasContent(params) ? logText(params) : '',
      jsonResult: failed ? '' : logText(answer),
      status: failed ? LOG_STATUS.failure : LOG_STATUS.success,
      errorMsg: failed ? msg || `HTTP ${code}` : '',
      operTime,
      costTime: Math.round(performance.now() - started),
    };
    this.queue.push(entry);
    this.queued += 1;
    this.flushing ??= this.flush();
  }

  /**
   * Writes what is queued, a batch at a time, until nothing is left. Each batch first gathers
   * for OPER_LOG_GATHER_MS, not only the first: gathering only once left the entries that came
   * during one insert to the next, about ten per statement under load, where an insert per
   * gathering writes fifty or more, and the log's cost on a write fell from about 10 % to
   * within the bench's noise (bench/oper-log.bench.ts).
   */
  private async flush(): Promise<void> {
    // Begun by an entry, so something is queued; ends as soon as nothing is, so an entry after
    // the server's stop begins a flush of its own that writes at once.
    do {
      await this.gather();
      const batch = this.queue.splice(0, OPER_LOG_BATCH);
      this.writing = batch.length;
      try {
        await this.repos.operLogs.addMany(batch);
      } catch (err) {
        const routes = [...new Set(batch.map((e) => e.method))];
        this.logger.warn({ err, routes, entries: batch.length }, 'operation log not written');
      }
      this.writing = 0;
      this.done += batch.length;
      const met = this.drains.filter((d) => d.upTo <= this.done);
      this.drains = this.drains.filter((d) => d.upTo > this.done);
      for (const d of met) d.resolve();
    } while (this.queue.length > 0);
    this.flushing = undefined;
  }

  /**
   * Off the request (its answer has gone), waits for the entries that follow, unless a drain or
   * the server's stop waits for them, or a whole batch is already waiting.
   */
  private async gather(): Promise<void> {
    await new Promise<void>((resolve) => {
      if (this.stopping || this.drains.length > 0 || this.queue.length >= OPER_LOG_BATCH)
        return setImmediate(resolve);
      const timer = setTimeout(resolve, this.gatherMs);
      this.endWait = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.endWait = undefined;
  }
}
