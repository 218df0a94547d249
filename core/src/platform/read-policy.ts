import { hasPermission } from '../session/permission.js';
import { INSTITUTE_TIME_ZONE_CONFIG_KEY } from './institute-clock.js';
import type { UserOption } from './user.js';

/**
 * What a signed-in employee may read without an administrator's permission, written
 * once. Everything not named here needs the permission of its admin screen.
 */

/** The reader as the rules see them: the current role's permissions, and whether it is `admin`. */
export interface Reader {
  readonly permissions: readonly string[];
  readonly isAdmin: boolean;
}

/** Reading a config value whose key is not in CONFIG_KEYS_FOR_EVERY_USER. */
export const CONFIG_READ_PERMISSION = 'system:config:query';

/**
 * The config keys every signed-in user reads through `GET /system/config/configKey/{key}`, each
 * with the screen that needs it (000 §7, 001 §7). Any other key — one an administrator adds,
 * a mail password, `task.warn.days` — answers 403 without `system:config:query`, whether it exists
 * or not, so the answer does not tell which keys exist. The captcha and registration switches are
 * here because the login flow shows them anyway (`/captchaImage` answers `captchaEnabled`).
 */
export const CONFIG_KEYS_FOR_EVERY_USER: Readonly<Record<string, string>> = {
  platformName: '侧边栏与登录页的平台名称',
  fund_plan_switch: '资金支付页面（001 §7）',
  subPhone: '合同文书的甲方信息（001 §7）',
  subAddress: '合同文书的甲方信息（001 §7）',
  subOpenBank: '合同文书的甲方信息（001 §7）',
  subOpenBankNum: '合同文书的甲方信息（001 §7）',
  subTaxpayerNum: '合同文书的甲方信息（001 §7）',
  signBySub: '合同文书的甲方信息（001 §7）',
  'sys.account.captchaEnabled': '登录页（验证码开关）',
  'sys.account.registerUser': '登录页（注册开关）',
  [INSTITUTE_TIME_ZONE_CONFIG_KEY]: '每个页面、导出与打印的时间（院所时区）',
};

/** Whether `reader` may read the value of config `key`. */
export function mayReadConfig(key: string, reader: Reader): boolean {
  if (Object.hasOwn(CONFIG_KEYS_FOR_EVERY_USER, key)) return true;
  return reader.isAdmin || hasPermission(reader.permissions, [CONFIG_READ_PERMISSION]);
}

/** Reading another user's login name (and the full record: phone, e-mail, roles) in pickers. */
export const USER_READ_PERMISSION = 'system:user:query';

/** Another user as a picker shows them to any signed-in user: who, and in which department. */
export interface PickedUser {
  readonly userId: number;
  readonly nickName: string;
  readonly deptId: number | null;
  /** The login name: half of a credential, only for holders of `system:user:query`. */
  readonly userName?: string;
}

/**
 * A user as the pickers answer them (`optionselect`, `getUserIdByRoleId`, `serviceManagerList`,
 * `listByPostId`): every signed-in user may see who works where and holds which role, since
 * drafting an approval means choosing people by name; the login name only with
 * `system:user:query`; phone, e-mail and login history never (they are on `/system/user/{id}`,
 * under `system:user:query` and the data scope).
 */
export function pickedUser(u: UserOption, reader: Reader): PickedUser {
  const withLogin = reader.isAdmin || hasPermission(reader.permissions, [USER_READ_PERMISSION]);
  return {
    userId: u.userId,
    nickName: u.nickName,
    deptId: u.deptId,
    ...(withLogin ? { userName: u.userName } : {}),
  };
}
