import { z } from 'zod';

/**
 * The envelopes of DESIGN §3 around a payload schema: `{code, msg, data}` for one record and
 * `{code, msg, total, rows}` for a page of a list. A route documents its answer with these and
 * the client parses the answer with the same schema.
 */
export const okEnvelope = <S extends z.ZodType>(data: S) =>
  z.object({ code: z.literal(200), msg: z.string(), data });

export const pageEnvelope = <S extends z.ZodType>(row: S) =>
  z.object({
    code: z.literal(200),
    msg: z.string(),
    total: z.number().int().min(0),
    rows: z.array(row),
  });

/** `null` and `''` read as absent: RuoYi's forms send a cleared field either way. */
export const blankAsAbsent = (v: unknown): unknown => (v === null || v === '' ? undefined : v);

/** `null` reads as absent (a cleared text field); `''` stays, since blank text is a value. */
export const nullAsAbsent = (v: unknown): unknown => (v === null ? undefined : v);

/** An ISO 8601 timestamp on the wire (DESIGN §3). */
export const timestamp = () => z.string().meta({ format: 'date-time' });

/**
 * The request header by which a client says it reads real HTTP statuses (DESIGN §3, README
 * "Wire"): with `X-DPMS-Status: http` an error answers its own status (401, 404, 409 ...) with
 * the same number in `code`; without it, HTTP 200 with `{code, msg}`, as RuoYi's UI reads errors.
 */
export const STATUS_HEADER = 'X-DPMS-Status';
export const REAL_STATUSES = 'http';
