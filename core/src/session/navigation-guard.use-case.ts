import {
  afterSessionLoad,
  guardNavigation,
  type GuardDecision,
  type SessionLoadDecision,
} from './access-guard.js';
import { sessionReducer, type SessionState, type UserInfoAnswer } from './session-state.js';

/** The calls the guard needs (000 §7). */
export interface SessionInfoGateway {
  /** `GET /getInfo`; rejects on a transport error or a code other than 200. */
  getInfo(): Promise<UserInfoAnswer>;
  /** Ends the session on the server; errors are ignored by the guard. */
  logout(): Promise<void>;
}

/** Fetches `GET /getRouters` and installs the generated routes in the router. */
export interface RouteInstaller {
  installRoutes(roles: readonly string[]): Promise<void>;
}

export type NavigationDecision =
  Exclude<GuardDecision, { kind: 'loadSession' }> | SessionLoadDecision;

export interface GuardedNavigation {
  readonly state: SessionState;
  readonly decision: NavigationDecision;
}

/**
 * The router's guard as a use case: decides, and when the session needs loading fetches the
 * user info, installs the routes and says to retry; on any failure logs out and says to show
 * the route-load message and go to the root.
 */
export class NavigationGuard {
  constructor(
    private readonly gateway: SessionInfoGateway,
    private readonly routes: RouteInstaller,
  ) {}

  async navigate(state: SessionState, location: string): Promise<GuardedNavigation> {
    const decision = guardNavigation(state, location);
    if (decision.kind !== 'loadSession') return { state, decision };
    try {
      const answer = await this.gateway.getInfo();
      const loaded = sessionReducer(state, { type: 'userInfoLoaded', answer });
      await this.routes.installRoutes(loaded.roles);
      return { state: loaded, decision: afterSessionLoad(location, true) };
    } catch {
      // Why the server logout may fail silently: the local session is cleared regardless.
      await this.gateway.logout().catch(() => undefined);
      return {
        state: sessionReducer(state, { type: 'loggedOut' }),
        decision: afterSessionLoad(location, false),
      };
    }
  }
}
