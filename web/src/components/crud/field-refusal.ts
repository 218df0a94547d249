import { fieldErrorsOf } from '@dpms/http-client';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/**
 * A field as the server names it (`lines[1].amount`) as react-hook-form's path (`lines.1.amount`).
 */
export const formPathOf = (field: string): string => field.replace(/\[(\d+)\]/g, '.$1');

/**
 * The server's refusal on a react-hook-form form: each field it names that the form shows (`shows`
 * decides, by the form's path) gets its message beside it. True when any landed; otherwise the
 * caller shows the message apart.
 */
export function landFieldRefusal<V extends FieldValues>(
  error: unknown,
  shows: (path: string) => boolean,
  setError: UseFormSetError<V>,
): boolean {
  const onFields = fieldErrorsOf(error)
    .map((e) => ({ path: formPathOf(e.field), message: e.message }))
    .filter((e) => shows(e.path));
  for (const e of onFields) setError(e.path as Path<V>, { type: 'server', message: e.message });
  return onFields.length > 0;
}
