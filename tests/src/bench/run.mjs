// Loads a TypeScript bench of this package in plain Node through Vite's SSR loader and calls its
// main(). The workspace packages (@dpms/*) are transformed from their sources (the `source`
// condition the tests use), so the bench needs no build of its own.
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
try {
  const module = await vite.ssrLoadModule(modulePath);
  await module.main(...args);
} finally {
  await vite.close();
}
