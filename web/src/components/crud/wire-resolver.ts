import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver that checks the body a form sends (`bodyOf` its values) with the
 * @dpms/wire schema of the call: the errors land on the body's paths (the form's fields of the
 * same names); when there are none the form's own values go on to the submit handler.
 */
export function wireResolver<V extends FieldValues>(
  schema: () => z.ZodType,
  bodyOf: (values: V) => unknown,
): Resolver<V> {
  return async (values, context, options) => {
    const r = await zodResolver(schema() as never, undefined, { raw: true })(
      bodyOf(values) as never,
      context,
      options as never,
    );
    return Object.keys(r.errors).length === 0
      ? { values, errors: {} }
      : { values: {}, errors: r.errors as FieldErrors<V> };
  };
}
