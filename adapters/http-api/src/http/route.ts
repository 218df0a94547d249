import type { Request, Response, Router, RequestHandler } from 'express';
import { OpenAPIRegistry, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { parseInput } from './validation.js';
import type { Principal } from '../identity/principal.js';

/** Who may call a route: anyone, any signed-in user, or holders of a permission string. */
export type Access =
  { readonly public: true } | { readonly authenticated: true } | { readonly permission: string };
export const PUBLIC: Access = { public: true };
export const AUTHENTICATED: Access = { authenticated: true };
export const perm = (permission: string): Access => ({ permission });

export type Method = 'get' | 'post' | 'put' | 'delete';

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
  /** The success answer, for the OpenAPI document. */
  readonly response?: z.ZodType;
  /** Non-JSON answers (a spreadsheet, an image). */
  readonly produces?: string;
  /**
   * A `multipart/form-data` body the route reads itself (through http/multipart.ts), named by its
   * file field (`file`, `avatarfile`, `signaturefile`) for the OpenAPI document.
   */
  readonly multipart?: string;
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
    const request: RouteConfig['request'] = {};
    if (spec.query) request.query = spec.query as unknown as z.ZodObject;
    if (spec.params) request.params = spec.params as unknown as z.ZodObject;
    if (spec.body && !spec.multipart)
      request.body = { content: { 'application/json': { schema: spec.body } } };
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
    this.registry.registerPath({
      method: spec.method,
      path: openapiPath,
      summary: spec.summary,
      tags: [spec.tag],
      ...('public' in spec.access ? {} : { security: [{ bearer: [] }] }),
      'x-permission': permission,
      request,
      responses: {
        200: spec.produces
          ? { description: spec.summary, content: { [spec.produces]: { schema: z.string() } } }
          : {
              description: spec.summary,
              content: { 'application/json': { schema: spec.response ?? genericEnvelope } },
            },
        400: { description: '参数错误' },
        ...('public' in spec.access
          ? {}
          : { 401: { description: '未登录或登录已过期' }, 403: { description: '没有权限' } }),
      },
    });
    this.records.push({ method: spec.method, path: spec.path, openapiPath, access: spec.access });

    const run: RequestHandler = async (req, res, next) => {
      try {
        const query = spec.query ? parseInput(spec.query, req.query) : undefined;
        const params = spec.params ? parseInput(spec.params, req.params) : undefined;
        const body =
          spec.body && !spec.multipart ? parseInput(spec.body, req.body ?? {}) : undefined;
        const principal = (res.locals.principal as Principal | undefined) ?? ANONYMOUS;
        const answer = await spec.handler({
          req,
          res,
          query,
          body,
          params,
          principal,
        } as HandlerContext<Out<QS>, Out<BS>, Out<PS>>);
        if (answer !== undefined && !res.headersSent) res.json(answer);
      } catch (e) {
        next(e);
      }
    };
    this.router[spec.method](spec.path, this.guard(spec.access), run);
  }
}
