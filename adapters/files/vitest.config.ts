import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Without 'module': the AWS SDK's `module` builds (dist-es) use extensionless imports Node cannot
// load; plain Node picks their `node` (CommonJS) builds, and so do the tests.
const conditions = ['source', ...defaultServerConditions.filter((c) => c !== 'module')];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
