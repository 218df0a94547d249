/** The error catalogue of spec 000 §8, as the user reads it. One place, so it can be translated. */
export const MESSAGES = {
  sessionExpired: '登录状态已过期，您可以继续留在该页面，或者重新登录',
  sessionExpiredTitle: '系统提示',
  relogin: '重新登录',
  cancel: '取消',
  invalidSession: '无效的会话，或者会话已过期，请重新登录。',
  networkError: '后端接口连接异常',
  timeout: '系统接口请求超时',
  statusError: (status: string) => `系统接口${status}异常`,
  unknown: '系统未知错误，请反馈给管理员',
  fallback: '网络异常，请稍后重试',
  /** The default table whose use the spec does not show; used when a response carries no msg. */
  byStatus: {
    401: '认证失败，无法访问系统资源',
    403: '当前操作没有权限',
    404: '访问资源不存在',
  } as Record<number, string>,
} as const;

/** Transport error text → catalogue message (RuoYi's request.js mapping). */
export function transportMessage(raw: string | undefined): string {
  const message = raw ?? '';
  if (message === 'Network Error') return MESSAGES.networkError;
  if (message.includes('timeout')) return MESSAGES.timeout;
  const match = /Request failed with status code (\d{3})/.exec(message);
  if (match?.[1]) return MESSAGES.statusError(match[1]);
  return message === '' ? MESSAGES.fallback : message;
}
