import type { ServiceIdentifier } from 'inversify';
import type { Logger } from 'pino';
import type { Authenticator } from '../identity/authenticator.js';
import type { ServerConfig } from './server-config.js';
import type { RouteModule } from '../routes/route-module.js';

/** The typed service identifiers of the server's composition root; one place, one name each. */
export const TOKENS = {
  Config: Symbol.for('dpms.Config') as ServiceIdentifier<ServerConfig>,
  Logger: Symbol.for('dpms.Logger') as ServiceIdentifier<Logger>,
  Authenticator: Symbol.for('dpms.Authenticator') as ServiceIdentifier<Authenticator>,
  /** Every route family registered on the API router (auth, users, departments ... later domains). */
  RouteModules: Symbol.for('dpms.RouteModules') as ServiceIdentifier<readonly RouteModule[]>,
} as const;
