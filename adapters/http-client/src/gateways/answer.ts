import type { z } from 'zod';
import { ApiError } from '../api-error.js';
import type { Envelope } from '../client.js';
import { MESSAGES } from '../messages.js';

/**
 * An answer parsed with its @dpms/wire schema (the one the API answers through). A malformed
 * answer is a clear error here, naming the call and the field, never `undefined` on screen.
 */
export function answerOf<S extends z.ZodType>(schema: S, res: Envelope, call: string): z.output<S> {
  const r = schema.safeParse(res);
  if (r.success) return r.data;
  const where = r.error.issues
    .slice(0, 3)
    .map((i) => i.path.join('.'))
    .join('、');
  throw new ApiError('HTTP.MALFORMED_ANSWER', MESSAGES.malformedAnswer(call, where), 200);
}
