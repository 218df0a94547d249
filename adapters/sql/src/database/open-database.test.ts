import { describe, expect, it, vi } from 'vitest';
import { databaseConfigFromEnv, registerShutdownHandlers } from './open-database.js';

describe('databaseConfigFromEnv', () => {
  it('reads DATABASE_URL and DATA_DIR, ignoring empty values', () => {
    expect(databaseConfigFromEnv({})).toEqual({});
    expect(
      databaseConfigFromEnv({ DATABASE_URL: '', DATA_DIR: '', DATABASE_POOL_SIZE: 'x' }),
    ).toEqual({});
    expect(databaseConfigFromEnv({ DATABASE_POOL_SIZE: '4' })).toEqual({ poolSize: 4 });
    expect(databaseConfigFromEnv({ DATABASE_URL: 'postgres://h/db', DATA_DIR: '/srv/a' })).toEqual({
      databaseUrl: 'postgres://h/db',
      dataDir: '/srv/a',
    });
  });
});

describe('registerShutdownHandlers', () => {
  it('runs the closers in order on the signal, then exits; a failing closer gives exit code 1', async () => {
    const order: string[] = [];
    const exit = vi.fn<(code: number) => void>();
    const off = registerShutdownHandlers(
      [
        () => {
          order.push('http');
        },
        () => {
          order.push('db');
          return Promise.reject(new Error('x'));
        },
      ],
      { exit, signals: ['SIGUSR2'] },
    );
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    process.emit('SIGUSR2', 'SIGUSR2');
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(1));
    expect(order).toEqual(['http', 'db']);
    off();
    spy.mockRestore();
    expect(process.listenerCount('SIGUSR2')).toBe(0);
  });
});
