// Loads a TypeScript module of this package in a plain Node child process through Vite's SSR
// loader and calls its main(...argv), if it exports one (src/main.ts starts itself). The workspace packages (@dpms/*) are transformed from their
// sources with the `source` condition the tests use, so the child runs the code under test and a
// fresh clone needs no build first.
import { createServer } from 'vite';

const conditions = ['source', 'node', 'import', 'default'];
const [modulePath, ...args] = process.argv.slice(2);
const vite = await createServer({
  configFile: false,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
  resolve: { conditions },
  ssr: { noExternal: [/^@dpms\//], resolve: { conditions, externalConditions: ['source'] } },
});
const module = await vite.ssrLoadModule(modulePath);
if (typeof module.main === 'function') await module.main(...args);
