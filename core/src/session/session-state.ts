import { DEFAULT_ROLE } from './permission.js';

/** A role the user holds, as the user info lists it. */
export interface SessionRole {
  readonly roleId: number;
  readonly roleKey: string;
  readonly roleName: string;
}

/** The parts of the user the shell keeps (000 §3). */
export interface SessionUserInfo {
  readonly userId: number;
  readonly nickName: string;
  readonly deptId: number | null;
  readonly avatar: string;
}

/** The answer of `POST /login`. */
export interface LoginAnswer {
  readonly code: number;
  readonly msg?: string;
  readonly token?: string;
}

/** The answer of `GET /getInfo` (DESIGN §3), already checked for code 200. */
export interface UserInfoAnswer {
  readonly user: {
    readonly userId: number;
    readonly userName: string;
    readonly nickName?: string | null;
    readonly deptId?: number | null;
    readonly avatar?: string | null;
    /** Every role the user holds, for the role switch. */
    readonly roles?: readonly SessionRole[] | null;
  };
  /** The keys of the roles in force for this session. */
  readonly roles?: readonly string[] | null;
  readonly permissions?: readonly string[] | null;
  readonly domainURL?: string | null;
}

export interface SessionState {
  readonly token: string | null;
  readonly userName: string;
  /** The avatar path as the server gave it; the web turns it into an address. */
  readonly avatar: string;
  /** Keys of the roles in force; empty means the user info is not loaded yet. */
  readonly roles: readonly string[];
  readonly permissions: readonly string[];
  readonly userInfo: SessionUserInfo | null;
  /** Every role the user holds (the role switch's choices). */
  readonly heldRoles: readonly SessionRole[];
  readonly domainUrl: string;
}

export const SESSION_INITIAL: SessionState = {
  token: null,
  userName: '',
  avatar: '',
  roles: [],
  permissions: [],
  userInfo: null,
  heldRoles: [],
  domainUrl: '',
};

export type SessionEvent =
  /** At start-up: the token found in storage, if any. */
  | { readonly type: 'tokenRestored'; readonly token: string | null }
  | { readonly type: 'loginAnswered'; readonly answer: LoginAnswer }
  | { readonly type: 'userInfoLoaded'; readonly answer: UserInfoAnswer }
  | { readonly type: 'loggedOut' }
  | { readonly type: 'roleChanged' }
  | { readonly type: 'forcedLogout' };

/**
 * The session's transitions (000 §4):
 * - a login answer with code 200 stores its token; any other answer changes nothing;
 * - the user info sets the roles (ROLE_DEFAULT when there are none), permissions and user;
 * - logout, role change and forced logout clear the token, roles and permissions. Why they clear
 *   the rest too: nothing of the previous identity should be shown until the next getInfo, and
 *   the page reloads right after anyway.
 */
export function sessionReducer(state: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case 'tokenRestored':
      return { ...SESSION_INITIAL, token: nonEmpty(event.token) };
    case 'loginAnswered': {
      const token = nonEmpty(event.answer.token);
      if (event.answer.code !== 200 || token === null) return state;
      // A new token is a new identity: the user info must be loaded again.
      return { ...SESSION_INITIAL, token };
    }
    case 'userInfoLoaded':
      return withUserInfo(state, event.answer);
    case 'loggedOut':
    case 'roleChanged':
    case 'forcedLogout':
      return SESSION_INITIAL;
  }
}

function withUserInfo(state: SessionState, answer: UserInfoAnswer): SessionState {
  const { user } = answer;
  const roles = (answer.roles ?? []).filter((r) => r !== '');
  return {
    ...state,
    userName: user.userName,
    avatar: user.avatar ?? '',
    roles: roles.length > 0 ? roles : [DEFAULT_ROLE],
    permissions: answer.permissions ?? [],
    userInfo: {
      userId: user.userId,
      nickName: user.nickName ?? user.userName,
      deptId: user.deptId ?? null,
      avatar: user.avatar ?? '',
    },
    heldRoles: user.roles ?? [],
    domainUrl: answer.domainURL ?? '',
  };
}

function nonEmpty(token: string | null | undefined): string | null {
  return token === undefined || token === null || token === '' ? null : token;
}

/** Whether the user info has been loaded for the current token. */
export function isSessionLoaded(state: SessionState): boolean {
  return state.roles.length > 0;
}

/** The holding role whose key is in force, if the user info names it. */
export function currentRole(state: SessionState): SessionRole | undefined {
  return state.heldRoles.find((role) => state.roles.includes(role.roleKey));
}

/**
 * The user menu's label: the user name and the current role name in brackets (000 §2).
 * Why full-width brackets: the label sits in Chinese text.
 */
export function userMenuLabel(state: SessionState): string {
  const role = currentRole(state);
  return role === undefined ? state.userName : `${state.userName}（${role.roleName}）`;
}

/** Session-storage keys of the identity (000 §3: role list, user id, user name, dept id, domain URL). */
export const IDENTITY_SESSION_KEYS = {
  roleList: 'roleList',
  userId: 'userId',
  userName: 'userName',
  deptId: 'deptId',
  domainUrl: 'domainURL',
} as const;

/**
 * What the shell writes to session storage once the user info is loaded; the role list as JSON.
 * Empty until then.
 */
export function identitySessionEntries(state: SessionState): { key: string; value: string }[] {
  if (state.userInfo === null) return [];
  return [
    { key: IDENTITY_SESSION_KEYS.roleList, value: JSON.stringify(state.heldRoles) },
    { key: IDENTITY_SESSION_KEYS.userId, value: String(state.userInfo.userId) },
    { key: IDENTITY_SESSION_KEYS.userName, value: state.userName },
    {
      key: IDENTITY_SESSION_KEYS.deptId,
      value: state.userInfo.deptId === null ? '' : String(state.userInfo.deptId),
    },
    { key: IDENTITY_SESSION_KEYS.domainUrl, value: state.domainUrl },
  ];
}
