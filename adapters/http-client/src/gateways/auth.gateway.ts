import {
  captchaAnswer,
  getInfoAnswer,
  loginAnswer,
  rolesAnswer,
  routersAnswer,
  systemDoneAnswer,
  type ChangeRoleBody,
  type GetInfoAnswer,
  type LoginBody,
  type HeldRole,
  type RouterNodeRecord,
  type SessionUser,
} from '@dpms/wire';
import type { HttpClient } from '../client.js';
import { answerOf } from './answer.js';

/*
 * The answers are @dpms/wire's schemas, the ones the API answers through (`answerOf`): a
 * malformed answer fails here naming the call, never reaches the session half-read.
 */
export type Role = HeldRole;
export type UserInfo = SessionUser;
export type SessionInfo = Omit<GetInfoAnswer, 'code' | 'msg'>;
/** A node of RuoYi's router tree as /getRouters answers it. */
export type RouterNode = RouterNodeRecord;
export interface Captcha {
  captchaEnabled: boolean;
  uuid?: string | undefined;
  img?: string | undefined;
}

/** What the login page sends: the role id it signs in as, the captcha when it is on. */
export type LoginForm = LoginBody;
export type ChangeRoleForm = ChangeRoleBody;

/** Sign-in, the session's user and routes, and role switching (000 §7 "Login and session"). */
export class AuthGateway {
  constructor(private readonly http: HttpClient) {}

  async captcha(): Promise<Captcha> {
    const res = await this.http.get('/captchaImage', { anonymous: true, noReloginPrompt: true });
    const { code: _c, msg: _m, ...captcha } = answerOf(captchaAnswer, res, '/captchaImage');
    // The server sends the base64 of a PNG, as RuoYi's login reads it; the page shows an address.
    return captcha.img === undefined || captcha.img.startsWith('data:')
      ? captcha
      : { ...captcha, img: `data:image/png;base64,${captcha.img}` };
  }

  async login(form: LoginForm): Promise<string> {
    const res = await this.http.post('/login', form, { anonymous: true, noReloginPrompt: true });
    return answerOf(loginAnswer, res, '/login').token;
  }

  async getInfo(): Promise<SessionInfo> {
    const {
      code: _c,
      msg: _m,
      ...info
    } = answerOf(getInfoAnswer, await this.http.get('/getInfo'), '/getInfo');
    return info;
  }

  async getRouters(): Promise<RouterNode[]> {
    return answerOf(routersAnswer, await this.http.get('/getRouters'), '/getRouters').data;
  }

  /** Every role one may sign in with (the login page's picker; no user's roles are exposed). */
  async signInRoles(): Promise<Role[]> {
    const res = await this.http.get('/getUserRoles', { anonymous: true, noReloginPrompt: true });
    return answerOf(rolesAnswer, res, '/getUserRoles').data;
  }

  /** The roles the signed-in user holds. */
  async getUserRoles(): Promise<Role[]> {
    return answerOf(rolesAnswer, await this.http.get('/getUserRoles'), '/getUserRoles').data;
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
    return answerOf(rolesAnswer, res, '/getUserRoleList').data;
  }

  /** The change-role action; the caller then signs in again with the new role. */
  async changeRole(form: ChangeRoleForm): Promise<void> {
    answerOf(systemDoneAnswer, await this.http.post('/changeRole', form), '/changeRole');
  }

  async logout(): Promise<void> {
    const res = await this.http.post('/logout', undefined, { quiet: true, noReloginPrompt: true });
    answerOf(systemDoneAnswer, res, '/logout');
  }
}
