import { z } from 'zod';
import type { HttpClient } from '../client.js';

const roleSchema = z.looseObject({
  roleId: z.coerce.number(),
  roleKey: z.string(),
  roleName: z.string(),
});
export type Role = z.infer<typeof roleSchema>;

const userSchema = z.looseObject({
  userId: z.coerce.number(),
  userName: z.string(),
  nickName: z.string().nullish(),
  deptId: z.coerce.number().nullish(),
  avatar: z.string().nullish(),
  email: z.string().nullish(),
  phonenumber: z.string().nullish(),
  sex: z.string().nullish(),
  roles: z.array(roleSchema).nullish(),
  dept: z.looseObject({ deptName: z.string().nullish() }).nullish(),
});
export type UserInfo = z.infer<typeof userSchema>;

const infoSchema = z.object({
  user: userSchema,
  roles: z.array(z.string()).default([]),
  permissions: z.array(z.string()).default([]),
  domainURL: z.string().nullish(),
});
export type SessionInfo = z.infer<typeof infoSchema>;

/** A node of RuoYi's router tree as /getRouters answers it. */
export interface RouterNode {
  name?: string;
  path: string;
  hidden?: boolean;
  redirect?: string;
  component?: string;
  query?: string;
  alwaysShow?: boolean;
  meta?: {
    title?: string;
    icon?: string;
    noCache?: boolean;
    link?: string | null;
    affix?: boolean;
  } | null;
  children?: RouterNode[];
}
const routerNodeSchema: z.ZodType<RouterNode> = z.lazy(() =>
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
    children: z.array(routerNodeSchema).optional(),
  }),
);

const captchaSchema = z.object({
  captchaEnabled: z.boolean().default(true),
  uuid: z.string().optional(),
  img: z.string().optional(),
});
export type Captcha = z.infer<typeof captchaSchema>;

export interface LoginForm {
  username: string;
  password: string;
  /** The role id the user signs in as. */
  role: string | number;
  code?: string;
  uuid?: string;
}

export interface ChangeRoleForm {
  userId: number;
  userName: string;
  roleId: number;
  password: string;
}

/** Sign-in, the session's user and routes, and role switching (000 §7 "Login and session"). */
export class AuthGateway {
  constructor(private readonly http: HttpClient) {}

  async captcha(): Promise<Captcha> {
    const res = await this.http.get('/captchaImage', { anonymous: true, noReloginPrompt: true });
    return captchaSchema.parse(res);
  }

  async login(form: LoginForm): Promise<string> {
    const res = await this.http.post('/login', form, { anonymous: true, noReloginPrompt: true });
    return z.object({ token: z.string() }).parse(res).token;
  }

  async getInfo(): Promise<SessionInfo> {
    return infoSchema.parse(await this.http.get('/getInfo'));
  }

  async getRouters(): Promise<RouterNode[]> {
    const res = await this.http.get('/getRouters');
    return z.array(routerNodeSchema).parse(res['data'] ?? []);
  }

  /** Every role one may sign in with (the login page's picker; no user's roles are exposed). */
  async signInRoles(): Promise<Role[]> {
    const res = await this.http.get('/getUserRoles', { anonymous: true, noReloginPrompt: true });
    return z.array(roleSchema).parse(res['data'] ?? []);
  }

  /** The roles the signed-in user holds. */
  async getUserRoles(): Promise<Role[]> {
    const res = await this.http.get('/getUserRoles');
    return z.array(roleSchema).parse(res['data'] ?? []);
  }

  /**
   * The roles of a user, once the password checks out (POST /getUserRoleList). With the captcha
   * on, the server asks for one here as for the login, and consumes it: pass a fresh one.
   */
  async rolesWithPassword(
    username: string,
    password: string,
    captcha?: { readonly code: string; readonly uuid: string },
  ): Promise<Role[]> {
    const res = await this.http.post(
      '/getUserRoleList',
      { username, password, ...(captcha ?? {}) },
      { anonymous: true, noReloginPrompt: true },
    );
    return z.array(roleSchema).parse(res['data'] ?? []);
  }

  /** The change-role action; the caller then signs in again with the new role. */
  async changeRole(form: ChangeRoleForm): Promise<void> {
    await this.http.post('/changeRole', form);
  }

  async logout(): Promise<void> {
    await this.http.post('/logout', undefined, { quiet: true, noReloginPrompt: true });
  }
}
