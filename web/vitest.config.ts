import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { withWorkspaceDeps } from '../scripts/vitest-workspace-deps.mjs';

/** Component tests: React in jsdom, the services from a test container. */
export default withWorkspaceDeps(
  defineConfig({
    plugins: [react()],
    test: {
      include: ['src/**/*.test.{ts,tsx}'],
      environment: 'jsdom',
      setupFiles: ['src/test/setup.ts'],
      // Rendering a whole form in jsdom takes seconds while turbo runs the database suites beside
      // it on two cores; the default 5 s would fail a correct test on a busy machine.
      testTimeout: 30_000,
    },
  }),
  defaultClientConditions,
  { ssr: false },
);
