import { z } from 'zod';
import { SYSTEM_ORDER_MAX, type FieldMessages } from '@dpms/core';
import { nullAsAbsent } from './envelope.js';
import { numeric } from './primitives.js';

/**
 * The field schemas of a slice's forms, built from core's limits and messages for that slice, so
 * the API and the web's forms refuse a field in the same words ("部门名称不能为空").
 */
export function formFields<F extends string, K extends F>(
  M: FieldMessages<F>,
  limits: Readonly<Record<K, number>>,
) {
  return {
    /** Text the record cannot do without: trimmed, not blank, within core's limit. */
    requiredText: (f: K) =>
      z
        .string({ error: M.required(f) })
        .trim()
        .min(1, M.required(f))
        .max(limits[f], M.tooLong(f, limits[f])),
    /** Optional text within core's limit; null is absent, blank is a value (it clears the field). */
    optionalText: (f: K) =>
      z.preprocess(
        nullAsAbsent,
        z.string().trim().max(limits[f], M.tooLong(f, limits[f])).optional(),
      ),
    /** A 显示排序 of 0 to 9999; blank is absent. */
    order: (f: F) =>
      numeric(
        z
          .number({ error: M.outOfRange(f, 0, SYSTEM_ORDER_MAX) })
          .int(M.outOfRange(f, 0, SYSTEM_ORDER_MAX))
          .min(0, M.outOfRange(f, 0, SYSTEM_ORDER_MAX))
          .max(SYSTEM_ORDER_MAX, M.outOfRange(f, 0, SYSTEM_ORDER_MAX))
          .optional(),
      ),
    /** One of the values the field allows. */
    choice: <const T extends readonly [string, ...string[]]>(f: F, values: T) =>
      z.enum(values, { error: M.invalidValue(f) }),
  };
}
