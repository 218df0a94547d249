// Loads a TypeScript module of this package in a plain Node child process (through Vite's module
// runner, the same resolution the tests use) and calls its main(...argv).
import { runnerImport } from 'vite';

const [modulePath, ...args] = process.argv.slice(2);
const { module } = await runnerImport(modulePath, {
  configFile: false,
  logLevel: 'error',
  resolve: { conditions: ['source', 'node', 'import', 'default'] },
  ssr: {
    resolve: {
      conditions: ['source', 'node', 'import', 'default'],
      externalConditions: ['source'],
    },
  },
});
await module.main(...args);
