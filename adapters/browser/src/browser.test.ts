import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { EventBus } from './event-bus.js';
import { MemoryStorage, SessionStore, TokenStorage } from './session-store.js';
import { BrowserTimerScheduler } from './timer-scheduler.js';

describe('SessionStore', () => {
  it('round-trips JSON values through the schema', () => {
    const store = new SessionStore(new MemoryStorage());
    store.write('roles', [{ roleId: 1, roleName: '管理员' }]);
    expect(
      store.read('roles', z.array(z.object({ roleId: z.number(), roleName: z.string() }))),
    ).toEqual([{ roleId: 1, roleName: '管理员' }]);
  });

  it('reads a value of the wrong shape as absent', () => {
    const storage = new MemoryStorage();
    storage.setItem('userId', '{"not":"a number"}');
    expect(new SessionStore(storage).read('userId', z.number())).toBeUndefined();
    storage.setItem('broken', '{');
    expect(new SessionStore(storage).read('broken', z.array(z.string()))).toBeUndefined();
  });

  it('keeps plain strings as they are', () => {
    const store = new SessionStore(new MemoryStorage());
    store.write('contractType', 'unSign');
    expect(store.read('contractType', z.string())).toBe('unSign');
    store.remove('contractType');
    expect(store.read('contractType', z.string())).toBeUndefined();
  });
});

describe('SessionStore strings', () => {
  it('reads a stored flag like true as the string it was written as', () => {
    const store = new SessionStore(new MemoryStorage());
    store.write('hideNotify', 'true');
    expect(store.read('hideNotify', z.string())).toBe('true');
    expect(store.read('hideNotify', z.boolean())).toBe(true);
  });
});

describe('TokenStorage', () => {
  it('stores, reads and clears the token', () => {
    const tokens = new TokenStorage(new MemoryStorage());
    expect(tokens.get()).toBeUndefined();
    tokens.set('abc');
    expect(tokens.get()).toBe('abc');
    tokens.clear();
    expect(tokens.get()).toBeUndefined();
  });
});

describe('BrowserTimerScheduler', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs after the delay unless cancelled', () => {
    const scheduler = new BrowserTimerScheduler();
    const ran = vi.fn();
    const cancelled = vi.fn();
    scheduler.after(60000, ran);
    const cancel = scheduler.after(60000, cancelled);
    cancel();
    vi.advanceTimersByTime(59999);
    expect(ran).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(ran).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('cancels everything on cancelAll', () => {
    const scheduler = new BrowserTimerScheduler();
    const ran = vi.fn();
    scheduler.after(10, ran);
    scheduler.after(20, ran);
    scheduler.cancelAll();
    vi.advanceTimersByTime(100);
    expect(ran).not.toHaveBeenCalled();
  });
});

describe('EventBus', () => {
  it('delivers getNotify to subscribers until they leave', () => {
    const bus = new EventBus();
    const handler = vi.fn();
    const off = bus.on('getNotify', handler);
    bus.emit('getNotify');
    off();
    bus.emit('getNotify');
    expect(handler).toHaveBeenCalledTimes(1);
  });
});

describe('BrowserTimerScheduler as the core port', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('clears a handle it handed out', () => {
    const scheduler = new BrowserTimerScheduler();
    const ran = vi.fn();
    const handle = scheduler.setTimeout(ran, 300);
    scheduler.clearTimeout(handle);
    vi.advanceTimersByTime(300);
    expect(ran).not.toHaveBeenCalled();
  });
});
