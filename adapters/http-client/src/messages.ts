import {
  describeTransportError,
  httpStatusMessage,
  SESSION_EXPIRED_CONFIRM,
  TRANSPORT_ERROR_DISPLAY_MS,
} from '@dpms/core';

/**
 * The error catalogue of spec 000 §8 as the client applies it. The words and the mapping rules
 * are core's (widgets/transport-error-messages); this file only names what the client needs.
 */
export const MESSAGES = {
  sessionExpired: SESSION_EXPIRED_CONFIRM.message,
  sessionExpiredTitle: SESSION_EXPIRED_CONFIRM.title,
  relogin: SESSION_EXPIRED_CONFIRM.confirmText,
  cancel: SESSION_EXPIRED_CONFIRM.cancelText,
  /** What a call rejected by an expired session rejects with (RuoYi's text). */
  invalidSession: '无效的会话，或者会话已过期，请重新登录。',
  /** An answer that does not match the call's wire schema (a server and a web out of step). */
  malformedAnswer: (call: string, fields: string): string =>
    `服务器返回的数据格式不正确（${call}${fields === '' ? '' : `：${fields}`}），请刷新页面后重试或联系管理员`,
} as const;

export { httpStatusMessage, TRANSPORT_ERROR_DISPLAY_MS };

/** Transport error text → catalogue message ('Network Error', timeout, status NNN). */
export const transportMessage = (raw: string | undefined): string => describeTransportError(raw);
