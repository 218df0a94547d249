import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** One chunk of Vite's build manifest (.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface InitialJs {
  /** The files a first load fetches before the entry runs: the entry and its static imports. */
  readonly files: string[];
  readonly bytes: number;
  readonly gzipBytes: number;
}

/**
 * The initial JavaScript of an HTML entry: its chunk and every chunk reachable through static
 * `imports` (what Vite preloads), never the `dynamicImports` that load on demand.
 */
export function initialJs(manifest: Manifest, outDir: string, entry = 'index.html'): InitialJs {
  const start = manifest[entry];
  if (!start?.isEntry) throw new Error(`${entry} is not an entry of the manifest`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  visit(entry);
  const files = [...seen].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  let bytes = 0;
  let gzipBytes = 0;
  for (const f of files) {
    const content = readFileSync(path.join(outDir, f));
    bytes += content.length;
    gzipBytes += gzipSync(content, { level: 9 }).length;
  }
  return { files, bytes, gzipBytes };
}

export const readManifest = (outDir: string): Manifest =>
  JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
