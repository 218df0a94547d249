import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { withWorkspaceDeps } from '../../scripts/vitest-workspace-deps.mjs';

// Without 'module': the AWS SDK's `module` builds (dist-es) use extensionless imports Node cannot
// load; plain Node picks their `node` (CommonJS) builds, and so do the tests.
const conditions = defaultServerConditions.filter((c) => c !== 'module');

export default withWorkspaceDeps(
  defineConfig({
    test: {
      include: ['src/**/*.test.ts'],
      environment: 'node',
      testTimeout: 60_000,
    },
  }),
  conditions,
);
