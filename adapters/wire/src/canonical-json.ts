/**
 * JSON with every object's keys sorted and undefined members left out, so the same value always
 * reads the same whatever its key order: what makes two requests "the same" for an
 * Idempotency-Key, on the server (the stored fingerprint) and in the client (which write a retry
 * repeats).
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
