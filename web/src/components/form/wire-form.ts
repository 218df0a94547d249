import { fieldErrorsOf } from '@dpms/http-client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import {
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

/** A schema, or a function that picks it when the form checks (the button pressed, the stage). */
export type SchemaSource = z.ZodType | (() => z.ZodType);

export interface WireCheck<V extends FieldValues> {
  /**
   * The body the call sends, from the form's typed values (the values themselves when absent):
   * the record's id, a parent id, amounts as the wire writes them.
   */
  readonly bodyOf?: ((values: V) => unknown) | undefined;
  /** The form field a body field is typed in, where their names differ (majorIds → majorNames). */
  readonly alias?: Readonly<Record<string, string>> | undefined;
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
    const body = check.bodyOf ? check.bodyOf(values) : values;
    const checked = await zodResolver(
      schemaOf(schema) as never,
      (check.error ? { error: check.error } : undefined) as never,
      { raw: true },
    )(body as never, context, options as never);
    if (Object.keys(checked.errors).length === 0) return { values, errors: {} };
    const alias = check.alias ?? {};
    const errors = Object.fromEntries(
      Object.entries(checked.errors).map(([k, e]) => [alias[k] ?? k, e]),
    );
    return { values: {}, errors: errors as unknown as FieldErrors<V> };
  };
}

/**
 * A form checked with a @dpms/wire body (see `wireResolver`), with the `ActionKeys` its saves
 * share: each save keeps its Idempotency-Key while its answer is outstanding, so a double click or
 * a retry after a lost answer is applied once.
 */
export function useWireForm<V extends FieldValues>(
  schema: SchemaSource,
  defaultValues: V,
  check: WireCheck<V> & Pick<UseFormProps<V>, 'values' | 'mode'> = {},
) {
  const keys = useRef<ActionKeys | null>(null);
  keys.current ??= new ActionKeys();
  const { values, mode, ...rest } = check;
  const form = useForm<V>({
    defaultValues: defaultValues as DefaultValues<V>,
    ...(values === undefined ? {} : { values }),
    ...(mode === undefined ? {} : { mode }),
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
  alias: Readonly<Record<string, string>> = {},
): boolean {
  const shows = showsOf(fields);
  const landed = new Set<string>();
  for (const p of problems) {
    if (p.field === undefined || p.field === '') continue;
    const path = alias[p.field] ?? formPathOf(p.field);
    if (!shows(path) || landed.has(path)) continue;
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
  alias: Readonly<Record<string, string>> = {},
): boolean {
  return landProblems(fieldErrorsOf(error), fields, setError, alias);
}
