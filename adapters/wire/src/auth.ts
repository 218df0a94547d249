import { z } from 'zod';
import { PG_INT_MAX, numeric, optionalId } from './primitives.js';
import { roleOption, userRecord } from './system-records.js';

/*
 * Sign-in and the session (000 §7 "Login and session"): what the login page sends and what the
 * API answers, one schema each, read by the routes and by the http-client's AuthGateway.
 */

const envelope = { code: z.literal(200), msg: z.string() };

export const loginBody = z.object({
  username: z.string().trim().min(1).max(30),
  password: z.string().min(1).max(64),
  /** The role to sign in as; the user's default role when absent. */
  role: optionalId(),
  code: z.string().trim().max(10).optional(),
  uuid: z.string().trim().max(64).optional(),
});
export const rolesWithPasswordBody = z.object({
  username: z.string().trim().min(1).max(30),
  password: z.string().min(1).max(64),
  code: z.string().trim().max(10).optional(),
  uuid: z.string().trim().max(64).optional(),
});
export const changeRoleBody = z.object({
  roleId: numeric(
    z
      .number({ error: () => '请选择角色' })
      .int()
      .positive()
      .max(PG_INT_MAX),
  ),
  password: z
    .string({ error: () => '请输入密码' })
    .min(1, { error: () => '请输入密码' })
    .max(64),
  userId: optionalId(),
  userName: z.string().max(30).optional(),
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
