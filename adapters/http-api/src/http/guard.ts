import type { RequestHandler } from 'express';
import { hasPermission } from '@dpms/core';
import type { Authenticator } from '../identity/authenticator.js';
import { HttpError } from './http-error.js';
import type { Access } from './route.js';

/** The bearer token of a request: `Authorization: Bearer <jwt>`. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return m?.[1];
}

/**
 * Checks the caller against a route's access rule on the server: a session for every non-public
 * route, and the route's permission string (role `admin` and `*:*:*` pass).
 */
export function guardFactory(authenticator: Authenticator): (access: Access) => RequestHandler {
  return (access) => async (req, res, next) => {
    if ('public' in access) return next();
    try {
      const principal = await authenticator.authenticate(bearerToken(req.headers.authorization));
      res.locals.principal = principal;
      req.log?.setBindings?.({ userId: principal.userId });
      if (
        'permission' in access &&
        !principal.isAdmin &&
        !hasPermission(principal.permissions, [access.permission])
      ) {
        throw new HttpError(403);
      }
      next();
    } catch (e) {
      next(e);
    }
  };
}
