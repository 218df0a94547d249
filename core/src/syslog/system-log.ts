import type { TimeRange } from '../platform/list-query.js';

/** A log row's outcome (RuoYi's sys_common_status): 0 成功, 1 失败. */
export const LOG_STATUS = { success: '0', failure: '1' } as const;
export type LogStatus = (typeof LOG_STATUS)[keyof typeof LOG_STATUS];
export const LOG_STATUS_LABELS: Readonly<Record<LogStatus, string>> = { '0': '成功', '1': '失败' };

/** One sign-in attempt or sign-out (登录日志, RuoYi's sys_logininfor). */
export interface LoginInfo {
  readonly infoId: number;
  readonly userName: string;
  readonly ipaddr: string;
  readonly loginLocation: string;
  readonly browser: string;
  readonly os: string;
  readonly status: LogStatus;
  readonly msg: string;
  readonly loginTime: Date;
}
export type NewLoginInfo = Omit<LoginInfo, 'infoId'>;

export interface LoginInfoFilter {
  readonly ipaddr?: string;
  readonly userName?: string;
  readonly status?: LogStatus;
  readonly loginTime?: TimeRange;
}
export const LOGIN_INFO_SORT_COLUMNS = ['infoId', 'loginTime', 'userName'] as const;
export type LoginInfoSortColumn = (typeof LOGIN_INFO_SORT_COLUMNS)[number];

/**
 * RuoYi's business types (sys_oper_type): what a write did, derived from its method and path so
 * no route needs an annotation.
 */
export const BUSINESS_TYPE = {
  other: 0,
  insert: 1,
  update: 2,
  delete: 3,
  grant: 4,
  export: 5,
  import: 6,
  force: 7,
  gencode: 8,
  clean: 9,
} as const;
export type BusinessType = (typeof BUSINESS_TYPE)[keyof typeof BUSINESS_TYPE];
export const BUSINESS_TYPE_LABELS: Readonly<Record<BusinessType, string>> = {
  0: '其它',
  1: '新增',
  2: '修改',
  3: '删除',
  4: '授权',
  5: '导出',
  6: '导入',
  7: '强退',
  8: '生成代码',
  9: '清空',
};

/**
 * The business type of a write from its method and route path: the path's last named segment
 * wins (clean, export, import, authRole, forceLogout, deleteById), else the method (POST 新增,
 * PUT 修改, DELETE 删除).
 */
export function businessTypeOf(method: string, path: string): BusinessType {
  const segments = path.split('/').filter((s) => s && !s.startsWith(':') && !/^\d/.test(s));
  const last = (segments[segments.length - 1] ?? '').toLowerCase();
  if (last === 'clean') return BUSINESS_TYPE.clean;
  if (last.endsWith('export')) return BUSINESS_TYPE.export;
  if (last.startsWith('import')) return BUSINESS_TYPE.import;
  if (last.startsWith('auth') || last.includes('grant') || last.endsWith('datascope'))
    return BUSINESS_TYPE.grant;
  if (last === 'online' || last.includes('forcelogout')) return BUSINESS_TYPE.force;
  // The writes the spec sends as GET name their action: deleteById, remove …
  if (last.startsWith('delete') || last.startsWith('remove')) return BUSINESS_TYPE.delete;
  switch (method.toUpperCase()) {
    case 'POST':
      return BUSINESS_TYPE.insert;
    case 'PUT':
      return BUSINESS_TYPE.update;
    case 'DELETE':
      return BUSINESS_TYPE.delete;
    default:
      return BUSINESS_TYPE.other;
  }
}

/** RuoYi's operator types: 0 其它, 1 后台用户, 2 手机端用户. Every write here is a back-office user's. */
export const OPERATOR_TYPE = { other: 0, manage: 1, mobile: 2 } as const;

/** One write through the API (操作日志, RuoYi's sys_oper_log). */
export interface OperLog {
  readonly operId: number;
  readonly title: string;
  readonly businessType: BusinessType;
  /** The route that handled it, `PUT /system/user` (RuoYi: the Java method). */
  readonly method: string;
  readonly requestMethod: string;
  readonly operatorType: number;
  readonly operName: string;
  readonly deptName: string;
  readonly operUrl: string;
  readonly operIp: string;
  readonly operLocation: string;
  readonly operParam: string;
  readonly jsonResult: string;
  readonly status: LogStatus;
  readonly errorMsg: string;
  readonly operTime: Date;
  /** Milliseconds from the request's arrival to its answer. */
  readonly costTime: number;
}
/**
 * An operation to log: the operator's department by id, its name read where the entry is
 * written (so a write costs no department look-up of its own).
 */
export type NewOperLog = Omit<OperLog, 'operId' | 'deptName'> & { readonly deptId: number | null };

export interface OperLogFilter {
  readonly title?: string;
  readonly operName?: string;
  readonly operIp?: string;
  readonly businessType?: BusinessType;
  readonly status?: LogStatus;
  readonly operTime?: TimeRange;
}
export const OPER_LOG_SORT_COLUMNS = ['operId', 'operTime', 'operName', 'costTime'] as const;
export type OperLogSortColumn = (typeof OPER_LOG_SORT_COLUMNS)[number];

/** RuoYi keeps 2000 characters of a request's parameters and of its answer. */
export const OPER_TEXT_MAX_LENGTH = 2000;

/** Field names whose values never reach the log: passwords (old, new, confirm), tokens, secrets. */
const SECRET_FIELD = /password|passwd|pwd|token|secret|credential|authorization/i;
export const MASK = '******';

/** A copy of a request body or answer with every secret-named field's value masked, at any depth. */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (depth > 20) return '…';
  if (Array.isArray(value)) return value.map((v) => maskSecrets(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>))
      out[k] = SECRET_FIELD.test(k) ? MASK : maskSecrets(v, depth + 1);
    return out;
  }
  return value;
}

const ANY_SURROGATE = /[\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The text with every half of a surrogate pair that stands alone (an emoji cut in two, or sent
 * so) replaced by U+FFFD: PostgreSQL's json refuses one, which would lose a whole batch of log
 * entries with it.
 */
export const wellFormedText = (text: string): string =>
  // Most text holds no surrogate at all: one cheap scan spares it the look-behind pattern.
  ANY_SURROGATE.test(text) ? text.replace(LONE_SURROGATE, '\uFFFD') : text;

/**
 * A text cut to at most `max` characters, ending in `end` when cut, never inside a surrogate
 * pair, and well formed (wellFormedText).
 */
export function cutText(text: string, max: number, end = ''): string {
  if (text.length <= max) return wellFormedText(text);
  let at = max - end.length;
  const last = text.charCodeAt(at - 1);
  if (last >= 0xd800 && last <= 0xdbff) at -= 1;
  return `${wellFormedText(text.slice(0, at))}${end}`;
}

/** The logged text of a value: secrets masked, JSON, cut to the column's length. */
export function logText(value: unknown, max = OPER_TEXT_MAX_LENGTH): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return cutText(value, max, '…');
  let text: string;
  try {
    // One pass, no copy: every write is logged, so this runs on each (bench/oper-log.bench.ts).
    text = JSON.stringify(value, maskSecretField);
  } catch {
    // Nested past the stack's depth (a hostile body): the bounded copy cuts it at depth 20.
    text = JSON.stringify(maskSecrets(value));
  }
  return cutText(text, max, '…');
}

/** JSON.stringify's replacer of maskSecrets: a secret-named field's value is masked. */
function maskSecretField(key: string, value: unknown): unknown {
  return key !== '' && SECRET_FIELD.test(key) ? MASK : value;
}

/**
 * Where an address is: the institute runs on its own network and looks nothing up outside, so
 * private and loopback addresses read 内网IP (as RuoYi writes them) and others 未知.
 */
export function loginLocationOf(ip: string): string {
  const v4 = ip.replace(/^::ffff:/i, '');
  if (
    v4 === '::1' ||
    /^127\./.test(v4) ||
    /^10\./.test(v4) ||
    /^192\.168\./.test(v4) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(v4) ||
    /^(fc|fd|fe80)/i.test(v4)
  )
    return '内网IP';
  return '未知';
}
