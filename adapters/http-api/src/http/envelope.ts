import { MSG } from './messages.js';

/** `{code, msg, data}`: the envelope of every JSON answer (DESIGN.md §3). */
export interface Envelope<T = unknown> {
  readonly code: number;
  readonly msg: string;
  readonly data?: T;
}

export const ok = <T>(data?: T, msg: string = MSG.ok) =>
  data === undefined ? { code: 200, msg } : { code: 200, msg, data };

/** `{code, msg, total, rows}`: a page of a list. */
export const page = <T>(total: number, rows: readonly T[]) => ({
  code: 200,
  msg: MSG.queryOk,
  total,
  rows,
});

/** An answer whose value is in `msg` (config reads, 000 §7). */
export const msgOnly = (msg: string) => ({ code: 200, msg });

/** Merges extra top-level fields into a success envelope (getInfo, captchaImage ...). */
export const okWith = <T extends Record<string, unknown>>(fields: T, msg: string = MSG.ok) => ({
  code: 200,
  msg,
  ...fields,
});
