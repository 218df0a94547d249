import type { Request, Response, Router, RequestHandler } from 'express';
import { OpenAPIRegistry, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { HttpError } from './http-error.js';
import { parseInput } from './validation.js';
import { IDEMPOTENCY_HEADER, type IdempotentRequests } from './idempotency.js';
import { isGetWrite } from '@dpms/wire';
import type { Principal } from '../identity/principal.js';
import type { OperLogRecorder } from './oper-log.js';

/** Who may call a route: anyone, any signed-in user, or holders of a permission string. */
export type Access =
  { readonly public: true } | { readonly authenticated: true } | { readonly permission: string };
export const PUBLIC: Access = { public: true };
export const AUTHENTICATED: Access = { authenticated: true };
export const perm = (permission: string): Access => ({ permission });

export type Method = 'get' | 'post' | 'put' | 'delete';

/**
 * Who honours a write's Idempotency-Key (README "Idempotency-Key"):
 * - `route`: the route layer claims it before the handler and stores the answer after
 *   (`IdempotentRequests`); the default of every POST, PUT and DELETE;
 * - `use-case`: the handler passes it to a use case that claims it and stores the answer in the
 *   write's own transaction (core's `runWrite`);
 * - `none`: nobody, because a repeat cannot write twice: public calls (no user to hold a key),
 *   multipart uploads (a re-sent chunk or image replaces the first), answers that are files
 *   (exports) and reads.
 */
export type IdempotencyMode = 'route' | 'use-case' | 'none';

export interface HandlerContext<Q, B, P> {
  readonly req: Request;
  readonly res: Response;
  readonly query: Q;
  readonly body: B;
  readonly params: P;
  /** The signed-in caller; present on every non-public route. */
  readonly principal: Principal;
}

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteSpec<
  QS extends Schema | undefined,
  BS extends Schema | undefined,
  PS extends Schema | undefined,
> {
  readonly method: Method;
  /** Express 5 path below /prod-api, e.g. `/system/user/:userId`. */
  readonly path: string;
  readonly summary: string;
  readonly tag: string;
  readonly access: Access;
  readonly query?: QS;
  readonly body?: BS;
  readonly params?: PS;
  /**
   * The success answer (a @dpms/wire envelope schema): documented in the OpenAPI document, and
   * every answer the handler returns is built through it (parsed, so only documented fields
   * leave, and an answer that does not match is a server error, never a silent drift).
   */
  readonly response?: z.ZodType;
  /** Non-JSON answers (a spreadsheet, an image). */
  readonly produces?: string;
  /**
   * A `multipart/form-data` body the route reads itself (through http/multipart.ts), named by its
   * file field (`file`, `avatarfile`, `signaturefile`) for the OpenAPI document.
   */
  readonly multipart?: string;
  /**
   * Whether 操作日志 records the route, when its method alone would say otherwise: `true` for a GET
   * that changes state (账户解锁, without the GET-write idempotency), `false` for a write that is no
   * administrative change (a reader marking a notice read). Unset: every write, no read.
   */
  readonly logged?: boolean;
  /** Declared only when a write's use case honours the key itself (`use-case`) or none does. */
  readonly idempotency?: Exclude<IdempotencyMode, 'route'>;
  /**
   * Returns the envelope to send as JSON, or undefined when it wrote the response itself
   * (a stream, a file).
   */
  readonly handler: (ctx: HandlerContext<Out<QS>, Out<BS>, Out<PS>>) => Promise<unknown>;
}

/** A registered route as the router and the OpenAPI document both see it. */
export interface RouteRecord {
  readonly method: Method;
  readonly path: string;
  readonly openapiPath: string;
  readonly access: Access;
  readonly idempotency: IdempotencyMode;
  /** The OpenAPI tag: the slice the route belongs to (合同, 审批 ...). */
  readonly tag: string;
  /**
   * The schemas the route validates its input with and builds its answer through: the very
   * objects its OpenAPI entry was generated from (route-schemas.test.ts probes each route with a
   * value its entry calls invalid).
   */
  readonly schemas: RouteSchemas;
}

export interface RouteSchemas {
  readonly query?: z.ZodType | undefined;
  readonly body?: z.ZodType | undefined;
  readonly params?: z.ZodType | undefined;
  readonly response?: z.ZodType | undefined;
}

/** A handler's answer that does not match the route's documented response schema: a bug. */
export class UndocumentedAnswer extends Error {
  constructor(route: string, error: z.ZodError) {
    super(
      `${route}: the answer does not match its documented response schema: ${error.issues
        .slice(0, 5)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}`,
    );
    this.name = 'UndocumentedAnswer';
  }
}

type AnyRouteSpec = RouteSpec<Schema | undefined, Schema | undefined, Schema | undefined>;

/**
 * A write a signed-in user sends: any method but GET, and the writes the spec sends as GET
 * (`isGetWrite`: deleteById, convertBy…, updateEffective, delete).
 */
function isWriteRoute(spec: AnyRouteSpec): boolean {
  return !('public' in spec.access) && (spec.method !== 'get' || isGetWrite(spec.path));
}

/**
 * The default of `RouteSpec.idempotency`: every write a signed-in user sends as JSON, the writes
 * the spec sends as GET included (`isGetWrite`: deleteById, convertBy…, updateEffective, delete),
 * which the route layer holds even when the handler passes the key on to its use case.
 */
function idempotencyModeOf(spec: AnyRouteSpec): IdempotencyMode {
  if (spec.method === 'get' && isWriteRoute(spec)) return 'route';
  if (spec.idempotency !== undefined) return spec.idempotency;
  if (spec.method === 'get' || 'public' in spec.access) return 'none';
  if (spec.multipart !== undefined || spec.produces !== undefined) return 'none';
  return 'route';
}

/** The caller of a public route: nobody, holding nothing. */
export const ANONYMOUS: Principal = Object.freeze<Principal>({
  sessionId: '',
  userId: 0,
  userName: '',
  deptId: null,
  roleId: 0,
  roleKey: '',
  roleName: '',
  permissions: [],
  isAdmin: false,
  scope: { kind: 'own', userId: 0 },
});

/** `/system/user/:userId` → `/system/user/{userId}`. */
export function toOpenApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

const genericEnvelope = z.object({ code: z.number(), msg: z.string() }).loose();

/**
 * RuoYi's UI POSTs its downloads form-encoded (its `download()`: `…/export`, `…/importTemplate`)
 * where our web GETs them. Every GET so named is therefore also served for that POST, with the
 * same query schema read from the form, registered here once rather than per route.
 */
const FORM_DOWNLOAD = /\/(?:export|importTemplate)$/;
const FORM = 'application/x-www-form-urlencoded';

/** The form of a POSTed download; another body (JSON, multipart) is a 415. */
const formOf = (req: Request): unknown => {
  const hasBody =
    req.headers['transfer-encoding'] !== undefined ||
    Number(req.headers['content-length'] ?? '0') > 0;
  if (hasBody && !req.is(FORM)) throw new HttpError(415);
  return req.body ?? {};
};

/**
 * Registers routes on an Express router and, in the same call, in the OpenAPI registry, with
 * their schemas and their permission. Nothing else may add a route to the API router, so the
 * document and the router cannot drift (see route-doc-agreement.test.ts).
 */
export class RouteBook {
  readonly registry = new OpenAPIRegistry();
  readonly records: RouteRecord[] = [];

  constructor(
    private readonly router: Router,
    /** Checks the caller's access and sets `res.locals.principal`; built from the container. */
    private readonly guard: (access: Access) => RequestHandler,
    /** Holds the Idempotency-Key of `route` writes; without it (a toolkit test) keys are ignored. */
    private readonly idempotent?: IdempotentRequests,
    /**
     * Logs every signed-in POST, PUT and DELETE and the writes sent as GET (操作日志), titled by the
     * route's tag; without it
     * (a toolkit test) nothing is logged.
     */
    readonly operLog?: OperLogRecorder,
  ) {
    this.registry.registerComponent('securitySchemes', 'bearer', {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
  }

  add<
    QS extends Schema | undefined = undefined,
    BS extends Schema | undefined = undefined,
    PS extends Schema | undefined = undefined,
  >(spec: RouteSpec<QS, BS, PS>): void {
    const openapiPath = toOpenApiPath(spec.path);
    // One set of schemas for both: the document is generated from these objects and the handler
    // below validates with (and answers through) the same objects.
    const schemas: RouteSchemas = {
      query: spec.query,
      params: spec.params,
      body: spec.body && !spec.multipart ? spec.body : undefined,
      response: spec.produces ? undefined : spec.response,
    };
    const request: RouteConfig['request'] = {};
    if (schemas.query) request.query = schemas.query as unknown as z.ZodObject;
    if (schemas.params) request.params = schemas.params as unknown as z.ZodObject;
    if (schemas.body) request.body = { content: { 'application/json': { schema: schemas.body } } };
    if (spec.multipart)
      request.body = {
        content: {
          'multipart/form-data': {
            schema: z.object({ [spec.multipart]: z.string() }),
          },
        },
      };
    const permission =
      'permission' in spec.access
        ? spec.access.permission
        : 'public' in spec.access
          ? 'public'
          : 'authenticated';
    const idempotency = idempotencyModeOf(spec);
    if (idempotency !== 'none')
      request.headers = z.object({
        [IDEMPOTENCY_HEADER]: z
          .string()
          .min(1)
          .max(100)
          .optional()
          .describe('同一操作的重试使用同一标识：重复的请求只执行一次，返回第一次的结果'),
      });
    const document = (
      method: Method,
      summary: string,
      input: RouteConfig['request'],
      mode: IdempotencyMode,
    ) =>
      this.registry.registerPath({
        method,
        path: openapiPath,
        summary,
        tags: [spec.tag],
        ...('public' in spec.access ? {} : { security: [{ bearer: [] }] }),
        'x-permission': permission,
        'x-idempotency': mode,
        request: input,
        responses: {
          200: spec.produces
            ? { description: spec.summary, content: { [spec.produces]: { schema: z.string() } } }
            : {
                description: spec.summary,
                content: { 'application/json': { schema: schemas.response ?? genericEnvelope } },
              },
          400: { description: '参数错误' },
          ...(mode === 'none'
            ? {}
            : {
                409: { description: '同一 Idempotency-Key 的请求正在处理或结果未确认' },
                422: { description: '同一 Idempotency-Key 已用于内容不同的请求' },
              }),
          ...('public' in spec.access
            ? {}
            : { 401: { description: '未登录或登录已过期' }, 403: { description: '没有权限' } }),
        },
      });
    document(spec.method, spec.summary, request, idempotency);
    this.records.push({
      method: spec.method,
      path: spec.path,
      openapiPath,
      access: spec.access,
      idempotency,
      tag: spec.tag,
      schemas,
    });
    const routeName = `${spec.method.toUpperCase()} ${spec.path}`;

    const runWith =
      (queryOf: (req: Request) => unknown): RequestHandler =>
      async (req, res, next) => {
        try {
          const query = schemas.query ? parseInput(schemas.query, queryOf(req)) : undefined;
          const params = schemas.params ? parseInput(schemas.params, req.params) : undefined;
          const body = schemas.body ? parseInput(schemas.body, req.body ?? {}) : undefined;
          const principal = (res.locals.principal as Principal | undefined) ?? ANONYMOUS;
          // The answer is built through the documented response schema, stored (for a repeat
          // under the same Idempotency-Key) and sent as that schema's output.
          const handle = async () => {
            const answer = await spec.handler({
              req,
              res,
              query,
              body,
              params,
              principal,
            } as HandlerContext<Out<QS>, Out<BS>, Out<PS>>);
            return schemas.response && answer !== undefined && !res.headersSent
              ? answerThrough(schemas.response, answer, spec.path, req)
              : answer;
          };
          if (idempotency === 'route' && this.idempotent) {
            await this.idempotent.run(req, res, principal.userId, routeName, handle);
            return;
          }
          const answer = await handle();
          if (answer !== undefined && !res.headersSent) res.json(answer);
        } catch (e) {
          next(e);
        }
      };
    // The one place that decides what 操作日志 records: never a public route (no operator).
    const logged = !('public' in spec.access) && (spec.logged ?? isWriteRoute(spec));
    const handlers: RequestHandler[] = [
      ...(logged && this.operLog
        ? [this.operLog.middleware({ method: spec.method, path: spec.path, tag: spec.tag })]
        : []),
      this.guard(spec.access),
      runWith((req) => req.query),
    ];
    this.router[spec.method](spec.path, ...handlers);

    if (spec.method === 'get' && FORM_DOWNLOAD.test(spec.path)) {
      const { query: _inQuery, ...rest } = request;
      document(
        'post',
        `${spec.summary}（表单提交：RuoYi 的下载方式，参数同 GET）`,
        {
          ...rest,
          ...(schemas.query ? { body: { content: { [FORM]: { schema: schemas.query } } } } : {}),
        },
        'none',
      );
      this.records.push({
        method: 'post',
        path: spec.path,
        openapiPath,
        access: spec.access,
        idempotency: 'none',
        tag: spec.tag,
        schemas: { params: schemas.params, response: schemas.response },
      });
      this.router.post(spec.path, this.guard(spec.access), runWith(formOf));
    }
  }
}

/**
 * Under the test runner a mismatch fails the request, so a test finds the bug. A running server
 * has already committed the write by now: it logs the mismatch and sends the answer as built, so
 * an odd stored row (imported data, say) never turns a done write into a 500 that invites a
 * second try.
 */
const STRICT_ANSWERS = process.env['VITEST'] !== undefined;

/** Builds an answer through its documented schema (unknown fields dropped). */
function answerThrough(schema: z.ZodType, answer: unknown, route: string, req: Request): unknown {
  const r = schema.safeParse(answer);
  if (r.success) return r.data;
  const mismatch = new UndocumentedAnswer(route, r.error);
  if (STRICT_ANSWERS) throw mismatch;
  req.log?.error({ err: mismatch }, 'answer does not match its documented schema');
  return answer;
}
