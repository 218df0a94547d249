import type { RequestHandler } from 'express';
import { HttpError } from './http-error.js';

/**
 * What a text the server accepts may not contain, decided once for every route:
 *  - NUL: PostgreSQL cannot store it in text (it answered 500).
 *  - the other C0 controls and DEL, except tab, LF and CR: nobody types them, they break the
 *    XLSX exports (XML 1.0 forbids them) and the logs, and no field of the spec carries them.
 *  - lone UTF-16 surrogates: not text at all; PostgreSQL refuses them and Node would silently
 *    turn them into U+FFFD on the way out.
 * C1 controls (U+0080–U+009F) and the rest of Unicode pass: PostgreSQL stores them and they can
 * come from pasted text.
 */
// eslint-disable-next-line no-control-regex -- the control characters are the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// eslint-disable-next-line no-control-regex -- shown escaped in messages
const UNPRINTABLE = /[\u0000-\u001F\u007F-\u009F\uD800-\uDFFF]/g;

export type TextFault = 'control' | 'surrogate';

/** Why a string is not acceptable text, or undefined when it is. */
export function textFault(s: string): TextFault | undefined {
  if (CONTROL.test(s)) return 'control';
  if (LONE_SURROGATE.test(s)) return 'surrogate';
  return undefined;
}

/** A name fit to print in a message: controls and surrogates escaped, at most 60 characters. */
function printable(s: string): string {
  const shown = s.replace(
    UNPRINTABLE,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return shown.length > 60 ? `${shown.slice(0, 60)}…` : shown;
}

/** `['items', 0, 'name']` → `items[0].name`, as validation errors name a field. */
function fieldName(path: readonly (string | number)[]): string {
  if (path.length === 0) return '请求内容';
  return path
    .map((p) => (typeof p === 'number' ? `[${p}]` : printable(p)))
    .join('.')
    .replace(/\.\[/g, '[');
}

export interface TextFinding {
  readonly path: readonly (string | number)[];
  readonly fault: TextFault;
}

/** A step from the root to a value; a linked list, so walking a deep body copies no paths. */
interface Trail {
  readonly step: string | number;
  readonly up: Trail | undefined;
}

const pathOf = (trail: Trail | undefined): (string | number)[] => {
  const path: (string | number)[] = [];
  for (let t = trail; t; t = t.up) path.push(t.step);
  return path.reverse();
};

/**
 * The first string (value or object key) of a parsed JSON or query value that is not text, in
 * document order. Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findBadText(value: unknown): TextFinding | undefined {
  const stack: { value: unknown; trail: Trail | undefined }[] = [{ value, trail: undefined }];
  while (stack.length > 0) {
    const { value: v, trail } = stack.pop()!;
    if (typeof v === 'string') {
      const fault = textFault(v);
      if (fault) return { path: pathOf(trail), fault };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i -= 1)
        stack.push({ value: v[i], trail: { step: i, up: trail } });
    } else if (typeof v === 'object' && v !== null) {
      const entries = Object.entries(v as Record<string, unknown>);
      // Keys first, in order: a bad key is named by its (escaped) self.
      for (const [k] of entries) {
        const fault = textFault(k);
        if (fault) return { path: pathOf({ step: k, up: trail }), fault };
      }
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [k, child] = entries[i]!;
        stack.push({ value: child, trail: { step: k, up: trail } });
      }
    }
  }
  return undefined;
}

const faultMessage = (field: string, fault: TextFault): string =>
  fault === 'control' ? `参数 ${field} 不能包含控制字符` : `参数 ${field} 包含无效的 Unicode 字符`;

function refuse(field: string, message: string): HttpError {
  return new HttpError(400, message, { errors: [{ field, message }] });
}

/** The raw path's fault: a segment that does not percent-decode, or decodes to a non-text. */
export function pathFault(rawPath: string): string | undefined {
  for (const segment of rawPath.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return `请求路径中的 ${printable(segment)} 不是有效的百分号编码`;
    }
    const fault = textFault(decoded);
    if (fault === 'control') return `请求路径中的 ${printable(segment)} 不能包含控制字符`;
    if (fault === 'surrogate') return `请求路径中的 ${printable(segment)} 包含无效的 Unicode 字符`;
  }
  return undefined;
}

/**
 * One check in front of every route (mounted after the body parsers): the path decodes and is
 * text, and every string of the query and the JSON or form body (keys included, at any depth) is
 * text. A refusal is a 400 naming the field as validation errors do (`errors: [{field, message}]`,
 * the field `path` for the path). Header values need no check here: Node's HTTP parser refuses
 * control characters in them, and the one header written to the database (Idempotency-Key) is
 * held to visible ASCII where it is read (http/idempotency.ts).
 */
export const textGuard: RequestHandler = (req, _res, next) => {
  const rawPath = req.originalUrl.split('?', 1)[0] ?? '';
  const inPath = pathFault(rawPath);
  if (inPath) {
    next(refuse('path', inPath));
    return;
  }
  for (const source of [req.query as unknown, req.body as unknown]) {
    const found = findBadText(source);
    if (found) {
      const field = fieldName(found.path);
      next(refuse(field, faultMessage(field, found.fault)));
      return;
    }
  }
  next();
};
