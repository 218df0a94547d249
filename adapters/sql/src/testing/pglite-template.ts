import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPGlite } from '../database/open-database.js';
import { prepareDatabase } from '../database/prepare-database.js';

const here = dirname(fileURLToPath(import.meta.url));

function* sourceFiles(dir: string): Generator<string> {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|js|mjs)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) yield full;
  }
}

/**
 * A fingerprint of everything that can shape the template: this package's and core's sources
 * (migrations, seeds and whatever they import) and the PGlite version. Any change builds a new
 * template; an unchanged tree reuses it across test runs (creating a PGlite data directory costs
 * ~9 s, copying one well under 1 s).
 */
export function templateFingerprint(): string {
  const h = createHash('sha256');
  for (const root of [resolve(here, '..'), resolve(here, '../../../../core/src')]) {
    for (const f of sourceFiles(root)) h.update(f.slice(root.length)).update(readFileSync(f));
  }
  try {
    const pkg = resolve(here, '../../../../node_modules/@electric-sql/pglite/package.json');
    h.update(readFileSync(pkg));
  } catch {
    // A different layout: the source hash alone decides.
  }
  return h.digest('hex').slice(0, 16);
}

/** Where templates are cached between runs: DPMS_TEST_CACHE, else node_modules/.cache, else tmp. */
function cacheRoot(): string {
  const explicit = process.env['DPMS_TEST_CACHE'];
  if (explicit) return explicit;
  const nm = resolve(here, '../../../../node_modules');
  return existsSync(nm) ? join(nm, '.cache', 'dpms-sql') : join(tmpdir(), 'dpms-sql-cache');
}

/**
 * Returns the directory of a migrated and demo-seeded PGlite data directory, building it when the
 * cache has none for the current fingerprint. Safe when two test runs build it at once: each
 * builds in its own directory and the first rename wins.
 */
export async function ensurePGliteTemplate(): Promise<string> {
  const root = cacheRoot();
  const target = join(root, `pglite-template-${templateFingerprint()}`);
  if (existsSync(join(target, 'PG_VERSION'))) return target;
  mkdirSync(root, { recursive: true });
  const work = mkdtempSync(join(root, 'build-'));
  const dataDir = join(work, 'db');
  const handle = await openPGlite(dataDir);
  try {
    await prepareDatabase(handle, { mode: 'demo' });
  } finally {
    await handle.close();
  }
  try {
    renameSync(dataDir, target);
  } catch (e) {
    if (!existsSync(join(target, 'PG_VERSION'))) throw e;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  // Old fingerprints are dead weight, but a run started on an older tree may still be copying
  // its template: only templates untouched for an hour go.
  const staleBefore = Date.now() - 60 * 60 * 1000;
  for (const f of readdirSync(root)) {
    const dir = join(root, f);
    if (f.startsWith('pglite-template-') && dir !== target && statSync(dir).mtimeMs < staleBefore)
      rmSync(dir, { recursive: true, force: true });
  }
  return target;
}

/** Copies the template into a fresh temporary directory and answers its path. */
export function clonePGliteTemplate(template: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'dpms-pglite-'));
  const dataDir = join(dir, 'db');
  cpSync(template, dataDir, { recursive: true });
  return dataDir;
}
