import type { z } from 'zod';

/** The part of the Web Storage API the stores use (sessionStorage, localStorage or a fake). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * Values kept for the browser session (000 §3, §7): every read is checked against a zod schema,
 * so a value tampered with or left by an older version reads as absent instead of breaking a page.
 */
export class SessionStore {
  constructor(private readonly storage: KeyValueStorage) {}

  read<S extends z.ZodType>(key: string, schema: S): z.infer<S> | undefined {
    const raw = this.storage.getItem(key);
    if (raw === null) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = raw;
    }
    const result = schema.safeParse(parsed);
    if (result.success) return result.data;
    // A plain string that happens to read as JSON ('true', '42') is still that string.
    const asText = schema.safeParse(raw);
    return asText.success ? asText.data : undefined;
  }

  write(key: string, value: unknown): void {
    this.storage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  }

  remove(key: string): void {
    this.storage.removeItem(key);
  }
}

/** The bearer token, kept in localStorage so a new tab of the same browser stays signed in. */
export class TokenStorage {
  static readonly KEY = 'Admin-Token';
  constructor(private readonly storage: KeyValueStorage) {}

  get(): string | undefined {
    const value = this.storage.getItem(TokenStorage.KEY);
    return value === null || value === '' ? undefined : value;
  }

  set(token: string): void {
    this.storage.setItem(TokenStorage.KEY, token);
  }

  clear(): void {
    this.storage.removeItem(TokenStorage.KEY);
  }
}

/** An in-memory storage for tests and for browsers that refuse Web Storage. */
export class MemoryStorage implements KeyValueStorage {
  private readonly map = new Map<string, string>();
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.map.set(key, value);
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
}
