import { fieldErrorsOf } from '@dpms/http-client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import {
  get,
  set,
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormProps,
  type UseFormSetError,
} from 'react-hook-form';
import type { z } from 'zod';
import { ActionKeys } from '../crud/action-keys';

/*
 * The one glue between a @dpms/wire schema and a react-hook-form form (DESIGN §3 "One wire
 * contract"): the form checks with the very body its call sends, so every field's problem shows
 * at once beside its field, in core's words, before anything is sent; and the server's refusal of
 * a field (a 400's `errors[]`, or a domain error naming its field) lands on that field too.
 */

/**
 * Where a body field lands on the form: a renaming of top fields, or a function of its path in
 * the body (and the body checked, the form's values) answering the form's path (`amounts.l12`),
 * or null for none.
 */
export type Alias =
  | Readonly<Record<string, string>>
  | ((path: readonly string[], body?: unknown, values?: unknown) => string | null);

/** A schema, or a function that picks it when the form checks (the button pressed, the stage). */
export type SchemaSource = z.ZodType | (() => z.ZodType);

export interface WireCheck<V extends FieldValues> {
  /**
   * The body the call sends, from the form's typed values (the values themselves when absent):
   * the record's id, a parent id, amounts as the wire writes them.
   */
  readonly bodyOf?: ((values: V) => unknown) | undefined;
  /** What the body carries beyond the typed fields (the record's id, its parent), when no bodyOf. */
  readonly extra?: (() => Record<string, unknown>) | undefined;
  /**
   * The form field a body field is typed in, where their names differ (majorIds → majorNames):
   * by name, or by the problem's path in the body (a list's item lands on the list's field).
   */
  readonly alias?: Alias | undefined;
  /** zod's error map for this check (FormDialog's labelled messages); core's words otherwise. */
  readonly error?: z.core.$ZodErrorMap | undefined;
}

const schemaOf = (source: SchemaSource): z.ZodType =>
  typeof source === 'function' ? source() : source;

/** A field as the server names it (`lines[1].amount`) as react-hook-form's path (`lines.1.amount`). */
export const formPathOf = (field: string): string => field.replace(/\[(\d+)\]/g, '.$1');

/**
 * A react-hook-form resolver over the @dpms/wire schema of the call: it checks the body the form
 * sends; the errors land on the body's paths (renamed by `alias`); when there are none the form's
 * own typed values go on to the submit handler, which builds its body from them again.
 */
export function wireResolver<V extends FieldValues>(
  schema: SchemaSource,
  check: WireCheck<V> = {},
): Resolver<V> {
  return async (values, context, options) => {
    const body = check.bodyOf
      ? check.bodyOf(values)
      : check.extra
        ? { ...values, ...check.extra() }
        : values;
    const checked = await zodResolver(
      schemaOf(schema) as never,
      (check.error ? { error: check.error } : undefined) as never,
      { raw: true },
    )(body as never, context, options as never);
    if (Object.keys(checked.errors).length === 0) return { values, errors: {} };
    const alias = check.alias ?? {};
    if (typeof alias === 'function') {
      // Each problem on the field its path names, the first per field.
      const errors: Record<string, unknown> = {};
      for (const [path, message] of leaves(checked.errors, [])) {
        const at = alias(path, body, values);
        if (at === null || at === '' || get(errors, at) !== undefined) continue;
        set(errors, at, { type: 'wire', message });
      }
      // Problems no field shows are the server's to answer (it checks the same body).
      if (Object.keys(errors).length === 0) return { values, errors: {} };
      return { values: {}, errors: errors as FieldErrors<V> };
    }
    const errors = Object.fromEntries(
      Object.entries(checked.errors).map(([k, e]) => [alias[k] ?? k, e]),
    );
    return { values: {}, errors: errors as unknown as FieldErrors<V> };
  };
}

/**
 * Each message of a nested error with its path (a condition's field, a list's item); a list's
 * own problem (`root`) is on the list's path.
 */
function leaves(node: unknown, path: readonly string[]): [readonly string[], string][] {
  if (typeof node !== 'object' || node === null) return [];
  const n = node as { message?: unknown; type?: unknown };
  const own: [readonly string[], string][] =
    typeof n.message === 'string' && typeof n.type === 'string' ? [[path, n.message]] : [];
  return [
    ...own,
    ...Object.entries(node).flatMap(([k, child]) =>
      k === 'ref' || k === 'message' || k === 'type' || k === 'types'
        ? []
        : leaves(child, k === 'root' ? path : [...path, k]),
    ),
  ];
}

/**
 * A form checked with a @dpms/wire body (see `wireResolver`), with the `ActionKeys` its saves
 * share: each save keeps its Idempotency-Key while its answer is outstanding, so a double click or
 * a retry after a lost answer is applied once.
 */
export function useWireForm<V extends FieldValues>(
  schema: SchemaSource,
  defaultValues: V,
  check: WireCheck<V> & Pick<UseFormProps<V>, 'values' | 'mode' | 'resetOptions'> = {},
) {
  const keys = useRef<ActionKeys | null>(null);
  keys.current ??= new ActionKeys();
  const { values, mode, resetOptions, ...rest } = check;
  const form = useForm<V>({
    defaultValues: defaultValues as DefaultValues<V>,
    // `values`: the form mirrors values kept elsewhere (core's state of a document).
    ...(values === undefined ? {} : { values }),
    ...(mode === undefined ? {} : { mode }),
    ...(resetOptions === undefined ? {} : { resetOptions }),
    resolver: wireResolver(schema, rest),
  });
  return { form, keys: keys.current };
}

/** Which form paths a refusal may land on: their names, or a test of the path. */
export type ShownFields = readonly string[] | ReadonlySet<string> | ((path: string) => boolean);

const showsOf = (fields: ShownFields): ((path: string) => boolean) =>
  typeof fields === 'function'
    ? fields
    : Array.isArray(fields)
      ? (p) => (fields as readonly string[]).includes(p)
      : (p) => (fields as ReadonlySet<string>).has(p);

/** A problem a rule or the server found, naming its field (as the wire names it) or none. */
export interface FieldProblem {
  readonly field?: string | undefined;
  readonly message: string;
}

/**
 * Problems on a react-hook-form form: each naming a field the form shows (renamed by `alias`,
 * `lines[1].amount` read as `lines.1.amount`) gets its message beside it, the first per field.
 * True when any landed; otherwise the caller shows the message apart.
 */
export function landProblems<V extends FieldValues>(
  problems: readonly FieldProblem[],
  fields: ShownFields,
  setError: UseFormSetError<V>,
  alias: Alias = {},
): boolean {
  const shows = showsOf(fields);
  const landed = new Set<string>();
  for (const p of problems) {
    if (p.field === undefined || p.field === '') continue;
    const path =
      typeof alias === 'function'
        ? alias(formPathOf(p.field).split('.'))
        : (alias[p.field] ?? formPathOf(p.field));
    if (path === null || !shows(path) || landed.has(path)) continue;
    landed.add(path);
    setError(path as Path<V>, { type: 'server', message: p.message });
  }
  return landed.size > 0;
}

/**
 * The server's refusal on a react-hook-form form (a 400's `errors[]`, or a domain error naming its
 * field): each field it names that the form shows gets its message beside it. True when any
 * landed; otherwise the caller shows the message apart (a toast, a line above the buttons).
 */
export function landRefusal<V extends FieldValues>(
  error: unknown,
  fields: ShownFields,
  setError: UseFormSetError<V>,
  alias: Alias = {},
): boolean {
  return landProblems(fieldErrorsOf(error), fields, setError, alias);
}
