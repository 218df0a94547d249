import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source', ...defaultServerConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // One PGlite template and one throwaway PostgreSQL 15 server per run (the SQL adapter's harness).
    globalSetup: ['./src/test-support/global-setup.ts'],
    // PGlite runs on the calling thread: two files at a time is what two cores carry.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
