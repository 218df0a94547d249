import type { z } from 'zod';
import { HttpError } from './http-error.js';
import { MSG } from './messages.js';

type Issue = z.core.$ZodRawIssue;

function fieldOf(path: readonly PropertyKey[] | undefined): string {
  if (!path || path.length === 0) return '请求内容';
  return path
    .map((p) => (typeof p === 'number' ? `[${p}]` : String(p)))
    .join('.')
    .replace(/\.\[/g, '[');
}

const TYPE_ZH: Readonly<Record<string, string>> = {
  string: '文本',
  number: '数字',
  int: '整数',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
  date: '日期',
  bigint: '整数',
};

/**
 * The zod 4 error map of the API: a Chinese message that names the field, e.g.
 * '参数 userName 不能为空'. Passed to every parse (not installed globally) so the web's own zod
 * messages stay untouched.
 */
export function zhErrorMap(issue: Issue): string {
  const field = fieldOf(issue.path);
  const p = `参数 ${field} `;
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || issue.input === null) return `${p}不能为空`;
      return `${p}必须是${TYPE_ZH[issue.expected] ?? issue.expected}`;
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string')
        return min <= 1 ? `${p}不能为空` : `${p}长度不能少于 ${min} 个字符`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${p}至少需要 ${min} 项`;
      return `${p}不能小于 ${min}`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `${p}长度不能超过 ${max} 个字符`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${p}不能超过 ${max} 项`;
      return `${p}不能大于 ${max}`;
    }
    case 'invalid_value':
      return `${p}必须是 ${issue.values.map((v) => String(v)).join('、')} 之一`;
    case 'invalid_format':
      if (issue.format === 'regex') return `${p}格式不正确`;
      if (issue.format === 'email') return `${p}不是有效的邮箱地址`;
      return `${p}格式不正确`;
    case 'unrecognized_keys':
      return `不允许的参数 ${issue.keys.join('、')}`;
    case 'not_multiple_of':
      return `${p}必须是 ${String(issue.divisor)} 的倍数`;
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
    default:
      return `${p}不正确`;
  }
}

/**
 * What a failed validation answers: 400, the first message in `msg` and its field in `field` (as a
 * refusal by core's rules answers), every field in `errors`.
 */
export function validationError(error: z.ZodError): HttpError {
  const errors = error.issues.map((i) => ({ field: fieldOf(i.path), message: i.message }));
  const first = errors[0];
  return new HttpError(400, first?.message ?? MSG.badRequest, {
    ...(first ? { field: first.field } : {}),
    errors,
  });
}

/** Parses input with the Chinese error map, or throws a 400 naming the field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input, { error: zhErrorMap });
  if (!r.success) throw validationError(r.error);
  return r.data;
}
