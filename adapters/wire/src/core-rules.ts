import { z } from 'zod';

/** A problem core's rules report: its field (absent for the whole record) and its message. */
export interface CoreProblem {
  readonly field?: string | undefined;
  readonly message: string;
}

/** The fields core reads that are not text, with the type it reads each as. */
export type NotText = Readonly<Record<string, (v: unknown) => boolean>>;

/** What core can read of a parsed-or-refused object: a value of the wrong type is absent. */
export function readable(value: object, notText: NotText): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => {
      const fits = notText[k] ?? ((x: unknown) => typeof x === 'string');
      return [k, fits(v) ? v : undefined];
    }),
  );
}

/**
 * Core's rules of a record as one check over the whole object (the pattern of the contract
 * slice's `coreRules`): each problem lands on its field unless the shape already refused that
 * field, so every field's problem is reported at once, one message per field, in core's words.
 * It runs after the shape's own refusals too; core sees a wrongly typed value as absent.
 */
export function coreChecks<T extends object>(
  problems: (input: Record<string, unknown>) => readonly CoreProblem[],
  notText: NotText = {},
) {
  return z.superRefine<T>(
    (value, ctx) => {
      for (const p of problems(readable(value, notText))) {
        if (ctx.issues.some((i) => i.path?.[0] === p.field)) continue;
        ctx.addIssue({
          code: 'custom',
          path: p.field === undefined ? [] : [p.field],
          message: p.message,
        });
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
}

export const isNumber = (v: unknown): boolean => typeof v === 'number';
export const isNumberOrNull = (v: unknown): boolean => v === null || typeof v === 'number';
export const isArray = (v: unknown): boolean => Array.isArray(v);
