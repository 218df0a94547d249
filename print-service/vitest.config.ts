import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { withWorkspaceDeps } from '../scripts/vitest-workspace-deps.mjs';

export default withWorkspaceDeps(
  defineConfig({
    test: {
      include: ['src/**/*.test.ts'],
      environment: 'node',
      // Each file runs its own Chromium: two at a time is what two cores carry.
      maxWorkers: 2,
      // Harness limits for a loaded two-core machine, not time limits of the behaviour under test.
      testTimeout: 120_000,
      hookTimeout: 120_000,
    },
  }),
  defaultServerConditions,
);
