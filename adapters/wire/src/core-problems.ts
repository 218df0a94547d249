import { z } from 'zod';

/** A problem as core reports it: the field it names (none: the whole form) and its message. */
export interface CoreProblem {
  readonly field?: string | undefined;
  readonly message: string;
}

/**
 * Core's rules for a slice as one check over the whole object (the contract slice's `coreRules`,
 * for any slice): each problem lands on its field, unless the shape already refused that field
 * (one message per field). It runs after the shape's own refusals too, so every field's problem
 * is reported at once. `onlyPresent` reports only fields the object carries: an update keeps a
 * field it leaves out, so a missing one is no problem there.
 */
export function coreProblems<T extends object>(
  problems: (value: Record<string, unknown>) => readonly CoreProblem[],
  options: { readonly onlyPresent?: boolean } = {},
) {
  return z.superRefine<T>(
    (value, ctx) => {
      const v = value as Record<string, unknown>;
      for (const p of problems(v)) {
        if (options.onlyPresent && p.field !== undefined && v[p.field] === undefined) continue;
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
