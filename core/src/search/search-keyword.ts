import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';

/** The longest keyword the top bar's search answers, in characters (code points). */
export const SEARCH_KEYWORD_MAX = 50;
/** Hits per kind when the caller names no limit, and the most it may ask for. */
export const SEARCH_LIMIT_DEFAULT = 5;
export const SEARCH_LIMIT_MAX = 20;

export const SEARCH_MESSAGES = {
  required: '搜索关键字不能为空',
  tooLong: `搜索关键字长度不能超过 ${SEARCH_KEYWORD_MAX} 个字符`,
  control: '搜索关键字不能包含控制字符',
  /** The box's accessible name and its icon's on a phone. */
  label: '全局搜索',
  placeholder: '搜索合同、立项、分包、任务、审批',
  searching: '搜索中…',
} as const;

// C0, DEL and C1: never typed, only pasted or forged; a keyword with one is refused, not cleaned,
// so what is searched is always what was sent.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u;

const refuse = (code: string, message: string): Result<never, DomainError> =>
  err(domainError(code, message, 'keyword'));

/**
 * The keyword as searched: control characters refused, surrounding white space (full-width too)
 * trimmed, every inner run of white space one space; then 1 to 50 characters. Applied by the
 * web before it asks and, authoritatively, by the server.
 */
export function normaliseSearchKeyword(raw: string): Result<string, DomainError> {
  if (CONTROL.test(raw)) return refuse('SEARCH.CONTROL_CHAR', SEARCH_MESSAGES.control);
  const text = raw.trim().replace(/\s+/gu, ' ');
  if (text === '') return refuse('SEARCH.REQUIRED', SEARCH_MESSAGES.required);
  if ([...text].length > SEARCH_KEYWORD_MAX)
    return refuse('SEARCH.TOO_LONG', SEARCH_MESSAGES.tooLong);
  return ok(text);
}

/** The hits per kind a caller asked for, within 1..20; the default when absent. */
export const searchLimitOf = (asked: number | undefined): number =>
  asked === undefined
    ? SEARCH_LIMIT_DEFAULT
    : Math.min(SEARCH_LIMIT_MAX, Math.max(1, Math.trunc(asked)));
