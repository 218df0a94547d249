import { z } from 'zod';

/** A problem as core reports it: the field it names (none: the whole form) and its message. */
export interface CoreProblem {
  readonly field?: string | undefined;
  readonly message: string;
}

/** A field as core names it, as a path: `lines[0].amount` is ['lines', 0, 'amount']. */
const pathOf = (field: string): (string | number)[] =>
  field
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((s) => s !== '')
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
const startsWith = (path: readonly PropertyKey[], prefix: readonly PropertyKey[]): boolean =>
  prefix.every((p, i) => path[i] === p);

/**
 * Core's rules for a slice as one check over the whole object (the contract slice's `coreRules`,
 * for any slice): each problem lands on its field, unless the shape already refused that field
 * (one message per field); a field inside a list (`lines[0].amount`) lands on its path. It runs after the shape's own refusals too, so every field's problem
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
        const path = p.field === undefined ? [] : pathOf(p.field);
        if (options.onlyPresent && path.length > 0 && v[path[0] as string] === undefined) continue;
        if (ctx.issues.some((i) => path.length > 0 && startsWith(i.path ?? [], path))) continue;
        ctx.addIssue({ code: 'custom', path, message: p.message });
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
}
