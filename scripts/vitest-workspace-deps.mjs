/**
 * How a package's tests load the workspace packages it imports (@dpms/core, @dpms/sql, …).
 *
 * Run by hand (`npx vitest` in a package), from their sources through the `source` export
 * condition, so a change to core is tested without building core first.
 *
 * The root `npm test` sets DPMS_TEST_DEPS=dist for the turbo run (turbo.json passes it to the test
 * tasks): turbo has built those packages before the tests (`test` depends on `^build`), so they
 * load as that built JavaScript through Node's own loader instead of being compiled again for
 * every test file by the test runner (importing cost the http-api suite a third of its time in
 * CI). A package's own `npm test` leaves it unset, so it never runs against a stale build.
 */
import { defaultServerConditions } from 'vite';
import { mergeConfig } from 'vitest/config';

/** The built output of a workspace package: core/dist/…, adapters/<name>/dist/…, print-service/dist/…. */
const WORKSPACE_DIST = /\/(core|print-service|adapters\/[a-z-]+)\/dist\//;

/**
 * `config` with the resolve conditions and externals for the workspace packages: `conditions`
 * are the package's own (vite's server or client defaults). `ssr: false` for the web's tests,
 * whose dependencies outside the workspace load as Node loads them: some publish their
 * TypeScript sources under a `source` condition too, which Node cannot run.
 * @param {import('vitest/config').ViteUserConfig} config
 * @param {readonly string[]} conditions
 * @param {{ ssr?: boolean }} [options]
 */
export function withWorkspaceDeps(config, conditions, { ssr = true } = {}) {
  const fromDist = process.env['DPMS_TEST_DEPS'] === 'dist';
  const resolved = fromDist ? [...conditions] : ['source', ...conditions];
  return mergeConfig(config, {
    resolve: { conditions: resolved },
    ...(ssr ? { ssr: { resolve: { conditions: resolved } } } : {}),
    test: fromDist ? { server: { deps: { external: [WORKSPACE_DIST] } } } : {},
  });
}

/** The config of a package whose tests are plain Node unit tests, every `.test.ts` under src. */
export function nodeUnitTests() {
  return withWorkspaceDeps(
    { test: { include: ['src/**/*.test.ts'], environment: 'node' } },
    defaultServerConditions,
  );
}
