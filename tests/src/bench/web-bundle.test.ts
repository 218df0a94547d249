import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { initialJs, type Manifest } from './web-bundle.js';

describe('initialJs', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dpms-manifest-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(path.join(dir, 'assets'));
  const files: Record<string, string> = {
    'assets/main.js': 'import "./react.js";'.repeat(20),
    'assets/react.js': 'export const react = 1;'.repeat(50),
    'assets/shared.js': 'export const shared = 2;'.repeat(10),
    'assets/lazy.js': 'export const lazy = 3;'.repeat(400),
    'assets/main.css': 'body{}',
  };
  for (const [f, text] of Object.entries(files)) writeFileSync(path.join(dir, f), text);
  const manifest: Manifest = {
    'index.html': {
      file: 'assets/main.js',
      isEntry: true,
      imports: ['_react.js', '_shared.js'],
      dynamicImports: ['src/Lazy.tsx'],
      css: ['assets/main.css'],
    },
    '_react.js': { file: 'assets/react.js' },
    '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
    'src/Lazy.tsx': { file: 'assets/lazy.js', imports: ['_shared.js'] },
  };

  it('counts the entry and its static imports once each, never the lazy chunks', () => {
    const r = initialJs(manifest, dir);
    expect(r.files.sort()).toEqual(['assets/main.js', 'assets/react.js', 'assets/shared.js']);
    const wanted = ['assets/main.js', 'assets/react.js', 'assets/shared.js'];
    expect(r.bytes).toBe(wanted.reduce((n, f) => n + files[f]!.length, 0));
    expect(r.gzipBytes).toBe(
      wanted.reduce((n, f) => n + gzipSync(Buffer.from(files[f]!), { level: 9 }).length, 0),
    );
  });

  it('refuses a key that is not an entry', () => {
    expect(() => initialJs(manifest, dir, '_react.js')).toThrow(/not an entry/);
  });
});
