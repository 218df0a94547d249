/**
 * The writes the spec sends as GET (001's call table: `deleteById`, `convertByStaySign`,
 * `updateEffective`, the fund plan and perform `delete` ...). They change state like a POST, so
 * they carry an Idempotency-Key like one: the client sends the key, and the server's route layer
 * claims it (adapters/http-api README "Idempotency-Key"). One rule on both sides, by the call's
 * last path segment: a GET read never ends in one of these verbs.
 */
const GET_WRITE_VERB =
  /^(deleteById|delete|delUnEffectiveContract|updateEffective|convertBy[A-Z]\w*)$/;

/** True for a GET call (path, without query) that changes state. */
export function isGetWrite(path: string): boolean {
  const bare = path.split('?')[0] ?? '';
  const last = bare.slice(bare.lastIndexOf('/') + 1);
  return GET_WRITE_VERB.test(last);
}
