import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/** Browser tests: Debian Chromium via playwright-core against the real server (DESIGN.md §11). */
export default defineConfig({
  resolve: { conditions: ['source', ...defaultServerConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['src/e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['src/e2e/global-setup.ts'],
    // One server, one browser per file; files run one after another to keep the two cores calm.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
