// The SQL adapter's harness: a throwaway embedded PostgreSQL 17 and a PostgreSQL 15 server per run.
// Vitest loads globalSetup files outside the `source` export condition, so the package name does
// not resolve to TypeScript here; the harness's own file is named instead.
export { setup, teardown } from '../../../sql/src/testing/global-setup.js';
