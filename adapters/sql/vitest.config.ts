import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { withWorkspaceDeps } from '../../scripts/vitest-workspace-deps.mjs';

export default withWorkspaceDeps(
  defineConfig({
    test: {
      include: ['src/**/*.test.ts'],
      environment: 'node',
      // One throwaway embedded PostgreSQL 17 server and one Debian PostgreSQL 15 server per run,
      // each with a template database that every test file clones.
      globalSetup: ['./src/testing/global-setup.ts'],
      // Two files at a time is what the two cores carry (the servers take the rest).
      maxWorkers: 2,
      testTimeout: 60_000,
      hookTimeout: 120_000,
    },
  }),
  defaultServerConditions,
);
