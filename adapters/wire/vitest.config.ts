import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { withWorkspaceDeps } from '../../scripts/vitest-workspace-deps.mjs';

export default withWorkspaceDeps(
  defineConfig({
    test: {
      include: ['src/**/*.test.ts'],
      environment: 'node',
    },
  }),
  defaultServerConditions,
);
