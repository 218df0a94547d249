import { z } from 'zod';

/**
 * A text field of a form (an amount, a day, a month or free text as typed): a string or absent
 * (null reads as absent), else `message`, the slice's own words for a value of the wrong type.
 */
export const wireText = (message: string) =>
  z.preprocess((v) => (v === null ? undefined : v), z.string({ error: message }).optional());
