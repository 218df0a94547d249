import { SESSION_MESSAGES, SIGN_IN_LIMITS } from '@dpms/core';
import { z } from 'zod';
import { PG_INT_MAX, numeric, optionalId } from './primitives.js';
import { roleOption, userRecord } from './system-records.js';

/*
 * Sign-in and the session (000 §7 "Login and session"): what the login page sends and what the
 * API answers, one schema each, read by the routes and by the http-client's AuthGateway.
 */

const envelope = { code: z.literal(200), msg: z.string() };

const signInText = {
  username: z
    .string({ error: () => SESSION_MESSAGES.usernameRequired })
    .trim()
    .min(1, { error: () => SESSION_MESSAGES.usernameRequired })
    .max(SIGN_IN_LIMITS.username),
  // Never trimmed: spaces may be part of a password.
  password: z
    .string({ error: () => SESSION_MESSAGES.loginPasswordRequired })
    .min(1, { error: () => SESSION_MESSAGES.loginPasswordRequired })
    .max(SIGN_IN_LIMITS.password),
  code: z.string().trim().max(SIGN_IN_LIMITS.code).optional(),
  uuid: z.string().trim().max(SIGN_IN_LIMITS.uuid).optional(),
};

/**
 * What /login reads. The captcha is optional here: whether it is needed is the institute's
 * setting, checked by the server (answering core's 请输入验证码 on `code`); the login form checks
 * with `loginFormBody`, which knows whether the captcha is on.
 */
export const loginBody = z.object({
  ...signInText,
  /** The role to sign in as; the user's default role when absent. */
  role: optionalId(),
});

/** The login form's check: `loginBody`, with the captcha answer required while it is on. */
export const loginFormBody = (captcha: boolean) =>
  captcha
    ? loginBody.extend({
        code: z
          .string({ error: () => SESSION_MESSAGES.captchaRequired })
          .trim()
          .min(1, { error: () => SESSION_MESSAGES.captchaRequired })
          .max(SIGN_IN_LIMITS.code),
      })
    : loginBody;

/** The sign-in fields a form marks with `*` (core's list). */
export { requiredSignInFields } from '@dpms/core';

export const rolesWithPasswordBody = z.object(signInText);

/**
 * 切换角色 (000 §4, §5): core's rules and words (`validateRoleSwitchForm`): a role must be chosen,
 * the password filled (spaces only count as blank, but it is never trimmed).
 */
export const changeRoleBody = z.object({
  roleId: numeric(
    z
      .number({ error: () => SESSION_MESSAGES.roleRequired })
      .int()
      .positive()
      .max(PG_INT_MAX),
  ),
  password: z
    .string({ error: () => SESSION_MESSAGES.passwordRequired })
    .max(SIGN_IN_LIMITS.password)
    .refine((p) => p.trim() !== '', { error: () => SESSION_MESSAGES.passwordRequired }),
  userId: optionalId(),
  userName: z.string().max(SIGN_IN_LIMITS.username).optional(),
});
export type LoginBody = z.input<typeof loginBody>;
export type ChangeRoleBody = z.input<typeof changeRoleBody>;

export const captchaAnswer = z.object({
  ...envelope,
  captchaEnabled: z.boolean(),
  uuid: z.string().optional(),
  img: z.string().optional(),
});
export const loginAnswer = z.object({ ...envelope, token: z.string() });

/** A role the user holds: `flag` marks the session's, `isDefault` the one login picks. */
export const heldRole = roleOption
  .extend({ flag: z.boolean().optional(), isDefault: z.boolean().optional() })
  .meta({ id: 'HeldRole' });
export type HeldRole = z.output<typeof heldRole>;
export const rolesAnswer = z.object({ ...envelope, data: z.array(heldRole) });

/** The signed-in user, their roles and the session's permissions. */
export const sessionUser = userRecord
  .extend({ roles: z.array(heldRole), admin: z.boolean() })
  .meta({ id: 'SessionUser' });
export const getInfoAnswer = z.object({
  ...envelope,
  user: sessionUser,
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  currentRole: z.object({ roleId: z.number().int(), roleKey: z.string(), roleName: z.string() }),
  domainURL: z.string(),
});
export type SessionUser = z.output<typeof sessionUser>;
export type GetInfoAnswer = z.output<typeof getInfoAnswer>;

/** A node of RuoYi's router tree as /getRouters answers it. */
export interface RouterNodeRecord {
  name?: string | undefined;
  path: string;
  hidden?: boolean | undefined;
  redirect?: string | undefined;
  component?: string | undefined;
  query?: string | undefined;
  alwaysShow?: boolean | undefined;
  meta?:
    | {
        title?: string | undefined;
        icon?: string | undefined;
        noCache?: boolean | undefined;
        link?: string | null | undefined;
        affix?: boolean | undefined;
      }
    | null
    | undefined;
  children?: RouterNodeRecord[] | undefined;
}
export const routerNode: z.ZodType<RouterNodeRecord> = z
  .lazy(() =>
    z.object({
      name: z.string().optional(),
      path: z.string(),
      hidden: z.boolean().optional(),
      redirect: z.string().optional(),
      component: z.string().optional(),
      query: z.string().optional(),
      alwaysShow: z.boolean().optional(),
      meta: z
        .object({
          title: z.string().optional(),
          icon: z.string().optional(),
          noCache: z.boolean().optional(),
          link: z.string().nullable().optional(),
          affix: z.boolean().optional(),
        })
        .nullable()
        .optional(),
      children: z.array(routerNode).optional(),
    }),
  )
  .meta({ id: 'RouterNode' });
export const routersAnswer = z.object({ ...envelope, data: z.array(routerNode) });
