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

/**
 * Fetches `GET /getRouters` and installs the generated routes in the router. The server answers
 * for the session's role in force, so the routes need nothing from the user info.
 */
export interface RouteInstaller {
  installRoutes(): Promise<void>;
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
      // Both at once: neither call needs the other's answer, and sign-in waits for the slower.
      // Settled, not raced: a failed getInfo still waits for getRouters, so no routes of this
      // attempt are installed after it was decided (over a later sign-in's).
      const [info, routes] = await Promise.allSettled([
        this.gateway.getInfo(),
        this.routes.installRoutes(),
      ]);
      if (info.status === 'rejected') throw info.reason;
      if (routes.status === 'rejected') throw routes.reason;
      const answer = info.value;
      const loaded = sessionReducer(state, { type: 'userInfoLoaded', answer });
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
