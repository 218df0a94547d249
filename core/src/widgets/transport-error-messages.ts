/**
 * The http error catalogue of 000 §8, as pure rules the axios adapter applies. Every string here
 * is the spec's own Chinese.
 */
export const HTTP_ERROR_MESSAGES = {
  /** Response code 401: the confirm's text. */
  sessionExpired: '登录状态已过期，您可以继续留在该页面，或者重新登录',
  sessionExpiredTitle: '系统提示',
  relogin: '重新登录',
  cancel: '取消',
  /** axios's 'Network Error'. */
  networkError: '后端接口连接异常',
  /** An axios timeout ('timeout of 300000ms exceeded'). */
  timeout: '系统接口请求超时',
  /** A download the browser cannot perform. */
  downloadUnsupported: '该浏览器内核不支持下载此文件，推荐使用谷歌浏览器访问本平台',
} as const;

/** The default message table by status code (000 §8); `default` covers every other code. */
export const HTTP_STATUS_MESSAGES = {
  401: '认证失败，无法访问系统资源',
  403: '当前操作没有权限',
  404: '访问资源不存在',
  default: '系统未知错误，请反馈给管理员',
} as const;

/** The message of the default table for `code`. */
export function httpStatusMessage(code: number | string): string {
  switch (String(code)) {
    case '401':
      return HTTP_STATUS_MESSAGES[401];
    case '403':
      return HTTP_STATUS_MESSAGES[403];
    case '404':
      return HTTP_STATUS_MESSAGES[404];
    default:
      return HTTP_STATUS_MESSAGES.default;
  }
}

/** '系统接口NNN异常' for a failed status. */
export function statusFailureMessage(status: string | number): string {
  return `系统接口${status}异常`;
}

const STATUS_FAILURE = /Request failed with status code (\d+)/;

/**
 * What the user reads for a transport error, from the error's message (000 §8):
 * 'Network Error' → '后端接口连接异常'; a timeout → '系统接口请求超时';
 * 'Request failed with status code NNN' → '系统接口NNN异常'. Any other message is shown as it is,
 * as the original did; an empty one falls back to the default table's text so the user is never
 * shown a blank red box.
 */
export function describeTransportError(message: string | null | undefined): string {
  const text = message?.trim() ?? '';
  if (text === '') return HTTP_STATUS_MESSAGES.default;
  if (text === 'Network Error') return HTTP_ERROR_MESSAGES.networkError;
  if (text.includes('timeout')) return HTTP_ERROR_MESSAGES.timeout;
  const status = STATUS_FAILURE.exec(text);
  if (status?.[1] !== undefined) return statusFailureMessage(status[1]);
  return text;
}

/** How long the red transport-error message stays (000 §8: 5 s). */
export const TRANSPORT_ERROR_DISPLAY_MS = 5_000;

export interface TransportErrorOutcome {
  readonly message: string;
  readonly displayMs: number;
  /** After the message: log out and go to the login page (000 §8). */
  readonly then: 'logoutToLogin';
}

export function transportErrorOutcome(message: string | null | undefined): TransportErrorOutcome {
  return {
    message: describeTransportError(message),
    displayMs: TRANSPORT_ERROR_DISPLAY_MS,
    then: 'logoutToLogin',
  };
}

/** The 401 confirm: re-login logs out and goes to login; cancel stays on the page. */
export const SESSION_EXPIRED_CONFIRM = {
  message: HTTP_ERROR_MESSAGES.sessionExpired,
  title: HTTP_ERROR_MESSAGES.sessionExpiredTitle,
  confirmText: HTTP_ERROR_MESSAGES.relogin,
  cancelText: HTTP_ERROR_MESSAGES.cancel,
  onConfirm: 'logoutToLogin',
} as const;
