import { domainError, type DomainError } from '../shared/result.js';
import { HOME_PATH } from './access-guard.js';
import { SWITCH_ROLE_FAILED, validateRoleSwitchForm, type RoleSwitchForm } from './role-switch.js';
import { sessionReducer, type LoginAnswer, type SessionState } from './session-state.js';

/** The calls of a role switch (000 §7). */
export interface RoleSwitchGateway {
  /**
   * The change-role action; answers `{code, msg}`, and `errors` when it refused fields of the
   * form (a 400 naming them: nothing changed, the session is intact).
   */
  changeRole(form: RoleSwitchForm & { roleId: number }): Promise<{
    readonly code: number;
    readonly msg?: string;
    readonly errors?: readonly { readonly field: string; readonly message: string }[];
  }>;
  /** `POST /login` again with username, password and the new role's id. */
  login(command: { username: string; password: string; role: number }): Promise<LoginAnswer>;
}

export interface RoleSwitched {
  /** The session with the new token (roles load again on the next navigation). */
  readonly state: SessionState;
  /** The root reloads (000 §4). */
  readonly reload: string;
}

export type SwitchRoleResult =
  | { readonly ok: true; readonly value: RoleSwitched }
  | { readonly ok: false; readonly failure: SwitchRoleFailure };

export type SwitchRoleFailure =
  /** The form is invalid: show each error under its field. */
  | { readonly kind: 'invalid'; readonly errors: readonly DomainError[] }
  /** The server refused: show SWITCH_ROLE_FAILURE_CONFIRM; confirming logs out. */
  | { readonly kind: 'failed'; readonly error: DomainError };

/**
 * Switches role (000 §4): validate, call change-role, log in again with the new role, then the
 * root reloads. Any answer other than 200, or a transport error, is the spec's failure.
 */
export class SwitchRole {
  constructor(private readonly gateway: RoleSwitchGateway) {}

  async execute(
    state: SessionState,
    form: RoleSwitchForm,
    currentRoleIds: readonly number[] = [],
  ): Promise<SwitchRoleResult> {
    const errors = validateRoleSwitchForm(form, currentRoleIds);
    if (errors.length > 0 || form.roleId === null)
      return { ok: false, failure: { kind: 'invalid', errors } };
    const roleId = form.roleId;
    try {
      const changed = await this.gateway.changeRole({ ...form, roleId });
      // A refusal of the form's fields changed nothing: the person corrects them in the dialog.
      // Any other refusal is the spec's failure (000 §8: sign in again).
      if (changed.code !== 200 && changed.errors !== undefined && changed.errors.length > 0) {
        const errors = changed.errors.map((e) =>
          domainError('VALIDATION.FAILED', e.message, e.field),
        );
        return { ok: false, failure: { kind: 'invalid', errors } };
      }
      if (changed.code !== 200) return failed();
      const answer = await this.gateway.login({
        username: form.userName,
        password: form.password,
        role: roleId,
      });
      if (answer.code !== 200 || !answer.token) return failed();
      const cleared = sessionReducer(state, { type: 'roleChanged' });
      const switched = sessionReducer(cleared, { type: 'loginAnswered', answer });
      return { ok: true, value: { state: switched, reload: HOME_PATH } };
    } catch {
      return failed();
    }
  }
}

function failed(): SwitchRoleResult {
  return { ok: false, failure: { kind: 'failed', error: SWITCH_ROLE_FAILED } };
}
