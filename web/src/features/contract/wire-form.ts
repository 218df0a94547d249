import { fieldErrorsOf } from '@dpms/http-client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormSetError,
} from 'react-hook-form';
import type { z } from 'zod';
import { ActionKeys } from '../../components/crud/action-keys';

/**
 * A form that checks with the @dpms/wire body its call sends, as ContractFormDialog does
 * (react-hook-form's zodResolver): every field's problem shows at once beside its field, in core's
 * words, before anything is sent. `extra` adds what the body carries beyond the typed fields (the
 * record's id, the sub-contract a pay item belongs to).
 */
export function useWireForm<V extends FieldValues>(
  schema: () => z.ZodType,
  defaultValues: V,
  extra: () => Record<string, unknown> = () => ({}),
) {
  const keys = useRef(new ActionKeys());
  const form = useForm<V>({
    defaultValues: defaultValues as DefaultValues<V> | undefined,
    resolver: (values, context, options) =>
      zodResolver(schema() as never, undefined, { raw: true })(
        { ...values, ...extra() } as never,
        context,
        options as never,
      ),
  });
  return { form, keys: keys.current };
}

/**
 * The server's refusal: each field of the form it names gets its message beside the field; true
 * when any landed (otherwise the caller shows the message as a toast).
 */
export function landRefusal<V extends FieldValues>(
  error: unknown,
  fields: readonly string[],
  setError: UseFormSetError<V>,
): boolean {
  const onFields = fieldErrorsOf(error).filter((e) => fields.includes(e.field));
  for (const e of onFields) setError(e.field as Path<V>, { type: 'server', message: e.message });
  return onFields.length > 0;
}
