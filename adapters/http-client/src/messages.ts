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
} as const;

export { httpStatusMessage, TRANSPORT_ERROR_DISPLAY_MS };

/** Transport error text → catalogue message ('Network Error', timeout, status NNN). */
export const transportMessage = (raw: string | undefined): string => describeTransportError(raw);
