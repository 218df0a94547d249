/**
 * The message catalogue of the session slice (000 §4, §5, §8). Spec Chinese is used verbatim;
 * where the spec gives English only, the Chinese is ours (see CHOICES.md).
 */
export const SESSION_MESSAGES = {
  /**
   * Route load failure. The spec quotes the original's English, typo included ("Failed to get
   * route information, plase login again"); the UI speaks Chinese, so we show its translation.
   */
  routeLoadFailed: '获取路由信息失败，请重新登录',
  /** Role switch with fewer than two roles. */
  noRoleToSwitch: '您没有可切换的角色',
  /** The login form's blanks (the original's words; also the server's refusal of them). */
  usernameRequired: '请输入您的账号',
  loginPasswordRequired: '请输入您的密码',
  captchaRequired: '请输入验证码',
  roleRequired: '请选择角色',
  passwordRequired: '请输入密码',
  /** Choosing the role already in use (the picker disables it; the server check needs words). */
  sameRole: '当前已是该角色，请选择其他角色',
  /** Role switch failure (code not 200); confirm logs out and returns to the root. */
  switchRoleFailed: '切换角色失败，请返回登录页重新登录',
  logoutConfirm: '确定注销并退出系统吗？',
  /** Title of the confirms above (Element's usual `提示`). */
  confirmTitle: '提示',
  switchRoleTitle: '切换角色',
  currentRoleLabel: '当前角色',
  targetRoleLabel: '切换角色',
  passwordLabel: '密码',
  /** The role and permission directives with an empty value (000 §5). */
  emptyRoleValue: '请设置角色权限标签值',
  emptyPermissionValue: '请设置操作权限标签值',
  /** User menu entries (000 §2). */
  menuProfile: '个人中心',
  menuSwitchRole: '切换角色',
  menuLogout: '退出登录',
} as const;

export type SessionMessageKey = keyof typeof SESSION_MESSAGES;
