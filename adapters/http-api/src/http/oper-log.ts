import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import {
  ALL_DATA,
  LOG_STATUS,
  OPERATOR_TYPE,
  businessTypeOf,
  logText,
  loginLocationOf,
  type NewOperLog,
  type PlatformRepositories,
} from '@dpms/core';
import type { Principal } from '../identity/principal.js';

/** What RouteBook knows of a write when it registers it. */
export interface OperRoute {
  readonly method: string;
  readonly path: string;
  /** The route's OpenAPI tag (用户管理, 合同 ...): the log's 系统模块. */
  readonly tag: string;
}

const hasContent = (v: unknown): boolean =>
  v !== undefined && v !== null && (typeof v !== 'object' || Object.keys(v).length > 0);

/**
 * 操作日志: every write that passes through the route pipeline, with or without success, written
 * after its answer is sent, on its own connection (never the request's transaction), so the log
 * costs the request nothing and a failed insert only warns.
 */
export class OperLogRecorder {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly repos: Pick<PlatformRepositories, 'operLogs' | 'depts'>,
    private readonly logger: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The middleware of one write route: placed before its guard, so a refusal is logged too. */
  middleware(route: OperRoute): RequestHandler {
    return (req, res, next) => {
      const started = performance.now();
      const operTime = this.now();
      let answer: unknown;
      const json = res.json.bind(res);
      res.json = (body: unknown) => {
        answer = body;
        return json(body);
      };
      res.once('finish', () => {
        const principal = res.locals.principal as Principal | undefined;
        // Nobody signed in (a missing or expired token): no operator to log.
        if (!principal) return;
        const cost = performance.now() - started;
        this.track(this.write(route, req, res, principal, answer, operTime, cost));
      });
      next();
    };
  }

  /** Resolves when every insert begun so far has ended (tests await it instead of sleeping). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private track(p: Promise<void>): void {
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  private async write(
    route: OperRoute,
    req: Request,
    res: Response,
    principal: Principal,
    answer: unknown,
    operTime: Date,
    costMs: number,
  ): Promise<void> {
    try {
      // Off the request: the answer has gone when this runs.
      await new Promise<void>((resolve) => setImmediate(resolve));
      const failed = res.statusCode >= 400;
      const msg = answer && typeof answer === 'object' && 'msg' in answer ? String(answer.msg) : '';
      const dept =
        principal.deptId === null
          ? null
          : await this.repos.depts.findById(principal.deptId, ALL_DATA);
      const body: unknown = req.body;
      const params = hasContent(body) ? body : { ...req.params, ...(req.query as object) };
      const ip = req.ip ?? req.socket.remoteAddress ?? '';
      const entry: NewOperLog = {
        title: route.tag,
        businessType: businessTypeOf(route.method, route.path),
        method: `${route.method.toUpperCase()} ${route.path}`,
        requestMethod: req.method,
        operatorType: OPERATOR_TYPE.manage,
        operName: principal.userName,
        deptName: dept?.deptName ?? '',
        operUrl: req.originalUrl.split('?')[0] ?? '',
        operIp: ip,
        operLocation: loginLocationOf(ip),
        operParam: hasContent(params) ? logText(params) : '',
        jsonResult: failed ? '' : logText(answer),
        status: failed ? LOG_STATUS.failure : LOG_STATUS.success,
        errorMsg: failed ? msg || `HTTP ${res.statusCode}` : '',
        operTime,
        costTime: Math.round(costMs),
      };
      await this.repos.operLogs.add(entry);
    } catch (err) {
      this.logger.warn(
        { err, route: `${route.method} ${route.path}` },
        'operation log not written',
      );
    }
  }
}
