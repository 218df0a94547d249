import { canonicalJson } from '@dpms/wire';
/** The header a write's key travels in (adapters/http-api README "Idempotency-Key"). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

const hex = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * A fresh key for one user action: a random UUID. `crypto.randomUUID` exists only on secure
 * pages (HTTPS, localhost), and the institute serves the web over plain HTTP on its LAN, so
 * elsewhere the same 122 random bits come from `crypto.getRandomValues`, which every page has.
 */
export function newIdempotencyKey(): string {
  const c = (globalThis as { crypto?: Crypto }).crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const b = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(b);
  else for (let i = 0; i < b.length; i += 1) b[i] = Math.floor(Math.random() * 256);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = hex(b);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** How many unanswered writes are remembered; the oldest is forgotten beyond it. */
const LOST_WRITES_KEPT = 100;

/**
 * The keys of writes still waiting for their answer or whose answer was lost (a timeout, the
 * network), by request: sending the same request again meanwhile (a double click, the retry of
 * the lost write) carries the same key, so the server applies it once (answering the second
 * while the first runs, or replaying the first answer). Any answer ends the write: the next same
 * request is a new action with a new key. A form body (a file) is not remembered: uploads are
 * safe to resend as they are (a re-sent chunk replaces the first).
 */
export class LostWrites {
  private readonly keys = new Map<string, string>();
  /** Writes on their way, with how many sends of the same request share them. */
  private readonly sending = new Map<string, { key: string; count: number }>();

  /** What identifies a write for its retry, or undefined when it is not remembered. */
  static requestOf(
    method: string,
    url: string,
    params: unknown,
    data: unknown,
  ): string | undefined {
    if (typeof FormData !== 'undefined' && data instanceof FormData) return undefined;
    if (typeof Blob !== 'undefined' && data instanceof Blob) return undefined;
    return canonicalJson([method.toUpperCase(), url, params ?? null, data ?? null]);
  }

  /** The key a write is sent with; every call is ended by `lost` or `answered`. */
  keyFor(request: string | undefined): string {
    if (request === undefined) return newIdempotencyKey();
    const on = this.sending.get(request);
    if (on) {
      on.count += 1;
      return on.key;
    }
    const key = this.keys.get(request) ?? newIdempotencyKey();
    this.sending.set(request, { key, count: 1 });
    return key;
  }

  private done(request: string): void {
    const on = this.sending.get(request);
    if (on && --on.count <= 0) this.sending.delete(request);
  }

  lost(request: string | undefined, key: string): void {
    if (request === undefined) return;
    this.done(request);
    this.keys.delete(request);
    this.keys.set(request, key);
    if (this.keys.size > LOST_WRITES_KEPT) {
      const oldest = this.keys.keys().next();
      if (!oldest.done) this.keys.delete(oldest.value);
    }
  }

  answered(request: string | undefined): void {
    if (request === undefined) return;
    this.done(request);
    this.keys.delete(request);
  }
}
