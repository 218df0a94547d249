import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';
import { HOME_PATH } from './access-guard.js';
import { SESSION_MESSAGES } from './session-messages.js';
import type { SessionRole, SessionState } from './session-state.js';

/** A switch needs somewhere to go: at least two roles (000 §4). */
export const MIN_ROLES_TO_SWITCH = 2;

export const NO_SWITCHABLE_ROLE: DomainError = domainError(
  'SESSION.NO_SWITCHABLE_ROLE',
  SESSION_MESSAGES.noRoleToSwitch,
);
export const SWITCH_ROLE_REQUIRED: DomainError = domainError(
  'VALIDATION.REQUIRED',
  SESSION_MESSAGES.roleRequired,
  'roleId',
);
export const SWITCH_PASSWORD_REQUIRED: DomainError = domainError(
  'VALIDATION.REQUIRED',
  SESSION_MESSAGES.passwordRequired,
  'password',
);
export const SWITCH_SAME_ROLE: DomainError = domainError(
  'SESSION.SWITCH_SAME_ROLE',
  SESSION_MESSAGES.sameRole,
  'roleId',
);
export const SWITCH_ROLE_FAILED: DomainError = domainError(
  'SESSION.SWITCH_ROLE_FAILED',
  SESSION_MESSAGES.switchRoleFailed,
);

/** Whether the switch-role dialog may open; the notice when it may not. */
export function canSwitchRole(heldRoles: readonly SessionRole[]): Result<true> {
  return heldRoles.length < MIN_ROLES_TO_SWITCH ? err(NO_SWITCHABLE_ROLE) : ok(true);
}

export interface RoleChoice extends SessionRole {
  /** The role in force; it shows disabled. */
  readonly disabled: boolean;
}

/**
 * The role picker's options: every role the user holds, the one in force disabled. Why only that
 * one: the spec says the picker "disables roles the user already holds", but the picker lists
 * the user's own roles, so disabling them all would leave nothing to pick; the role the user is
 * already acting in is the one it makes no sense to switch to.
 */
export function roleSwitchChoices(
  heldRoles: readonly SessionRole[],
  currentRoleKeys: readonly string[],
): RoleChoice[] {
  return heldRoles.map((role) => ({ ...role, disabled: currentRoleKeys.includes(role.roleKey) }));
}

/** The role switch form (000 §3). */
export interface RoleSwitchForm {
  readonly userId: number;
  readonly userName: string;
  readonly roleId: number | null;
  readonly password: string;
}

/** The fields the switch-role dialog marks required: a role to go to and the password. */
export const REQUIRED_ROLE_SWITCH_FIELDS = ['roleId', 'password'] as const;

/**
 * The form's errors, one per field, in field order; empty when valid. Why a blank password is
 * refused while the password itself is never trimmed: spaces can be part of a password, but a
 * password of spaces only is a slip.
 */
export function validateRoleSwitchForm(
  form: Pick<RoleSwitchForm, 'roleId' | 'password'>,
  currentRoleIds: readonly number[] = [],
): DomainError[] {
  const errors: DomainError[] = [];
  if (form.roleId === null || !Number.isFinite(form.roleId)) errors.push(SWITCH_ROLE_REQUIRED);
  else if (currentRoleIds.includes(form.roleId)) errors.push(SWITCH_SAME_ROLE);
  if (form.password.trim() === '') errors.push(SWITCH_PASSWORD_REQUIRED);
  return errors;
}

/** The role ids in force, from the session. */
export function currentRoleIds(state: Pick<SessionState, 'heldRoles' | 'roles'>): number[] {
  return state.heldRoles.filter((r) => state.roles.includes(r.roleKey)).map((r) => r.roleId);
}

/** The dialog: 450 px wide (widgets' DIALOG_WIDTH_ROLE_SWITCH_PX), not closed by clicking outside. */
export const ROLE_SWITCH_DIALOG = {
  title: SESSION_MESSAGES.switchRoleTitle,
  closeOnClickOutside: false,
} as const;

/** On a failed switch: this confirm; confirming logs out and returns to the root (000 §8). */
export const SWITCH_ROLE_FAILURE_CONFIRM = {
  message: SESSION_MESSAGES.switchRoleFailed,
  title: SESSION_MESSAGES.confirmTitle,
  onConfirm: 'logout',
  thenGoTo: HOME_PATH,
} as const;

/** Log-out asks first (000 §4, §8); after logging out the page goes to the root. */
export const LOGOUT_CONFIRM = {
  message: SESSION_MESSAGES.logoutConfirm,
  title: SESSION_MESSAGES.confirmTitle,
  thenGoTo: HOME_PATH,
} as const;

/** The user menu's entries (000 §2). */
export const USER_MENU_ENTRIES = [
  { key: 'profile', label: SESSION_MESSAGES.menuProfile, to: '/user/profile' },
  { key: 'switchRole', label: SESSION_MESSAGES.menuSwitchRole },
  { key: 'logout', label: SESSION_MESSAGES.menuLogout },
] as const;
