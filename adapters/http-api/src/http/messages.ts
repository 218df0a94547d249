/**
 * The Chinese message catalogue of the HTTP adapter. Every user-facing text the server writes
 * itself lives here, so it can be read, reviewed and translated in one place. Texts the spec gives
 * (000 §8) are used as written.
 */
export const MSG = {
  ok: '操作成功',
  queryOk: '查询成功',
  loginOk: '登录成功',
  logoutOk: '退出成功',
  badRequest: '请求参数错误',
  badJson: '请求内容不是有效的 JSON',
  badPathEncoding: '请求路径不是有效的百分号编码',
  unauthorized: '认证失败，无法访问系统资源',
  sessionExpired: '登录状态已过期，请重新登录',
  forbidden: '当前操作没有权限',
  notFound: '访问资源不存在',
  routeNotFound: '请求的接口不存在',
  conflict: '数据已被修改或已存在，请刷新后重试',
  payloadTooLarge: '请求内容过大，不能超过 1MB',
  headersTooLarge: '请求地址或请求头过长',
  unsupportedMediaType: '不支持的请求内容类型，请使用 application/json',
  unprocessable: '请求无法处理',
  tooManyRequests: '请求过于频繁，请稍后再试',
  internal: '系统未知错误，请反馈给管理员',
  unavailable: '服务暂不可用，请稍后再试',
  // identity
  captchaExpired: '验证码已失效',
  captchaWrong: '验证码错误',
  loginFailed: '用户不存在或密码错误',
  loginThrottled: (seconds: number) => `登录失败次数过多，请 ${seconds} 秒后再试`,
  userDisabled: '对不起，您的账号已停用',
  // RuoYi's 锁屏解锁 (SysIndexController.unlockScreen).
  unlockPasswordBlank: '密码不能为空',
  unlockPasswordWrong: '密码错误，请重新输入',
  unlockOk: '解锁成功',
  roleNotHeld: '您没有该角色，不能以该角色登录',
  roleSwitchNotHeld: '您没有该角色，不能切换',
  noRoleToSwitch: '您没有可切换的角色',
  passwordWrong: '密码错误',
  oldPasswordWrong: '修改密码失败，旧密码错误',
  newPasswordSame: '新密码不能与旧密码相同',
  // platform
  cannotDeleteSelf: '当前用户不能删除',
  cannotChangeAdmin: '不允许操作超级管理员用户',
  deptHasChildren: '存在下级部门，不允许删除',
  deptHasUsers: '部门存在用户，不允许删除',
  deptParentSelf: '上级部门不能是自己',
  avatarRequired: '请上传头像图片',
  avatarType: '头像只能是 jpg、jpeg、png 格式的图片',
  // multipart forms (every upload)
  formBoundaryMissing: '上传的表单缺少有效的分隔符（boundary），请重新上传',
  formMalformed: '上传的表单不完整或格式有误，请重新上传',
  formAborted: '上传已中断，请重新上传',
  formTooManyFiles: '一次只能上传一个文件',
  formTooManyFields: '上传的表单字段过多',
  formFieldTooLong: (name: string) => `上传的表单字段“${name.slice(0, 50)}”过长`,
} as const;

/** The spec's default texts per HTTP status (000 §8), used when an error carries no message. */
export const STATUS_MSG: Readonly<Record<number, string>> = {
  400: MSG.badRequest,
  401: MSG.unauthorized,
  403: MSG.forbidden,
  404: MSG.notFound,
  409: MSG.conflict,
  413: MSG.payloadTooLarge,
  415: MSG.unsupportedMediaType,
  431: MSG.headersTooLarge,
  422: MSG.unprocessable,
  429: MSG.tooManyRequests,
  500: MSG.internal,
  503: MSG.unavailable,
};
