import { SYSTEM_TEXT_LIMITS } from './system-fields.js';

/**
 * The login form (000 §7 "Login and session": username, password, role, code, uuid). The account
 * and its password are always required; the captcha only while the institute has it switched on
 * (sys.account.captchaEnabled), so the list depends on it. The role may stay blank: the user's
 * default role is taken.
 */
export type SignInField = 'username' | 'password' | 'role' | 'code';

export function requiredSignInFields(options: { readonly captcha: boolean }): SignInField[] {
  return options.captcha ? ['username', 'password', 'code'] : ['username', 'password'];
}

/** The lengths the login form and the server accept (a captcha answer is a few characters). */
export const SIGN_IN_LIMITS = {
  username: SYSTEM_TEXT_LIMITS.userName,
  password: SYSTEM_TEXT_LIMITS.password,
  code: 10,
  uuid: 64,
} as const;
