#!/usr/bin/env node
// Every citation of the specification or the design in the code ("000 §7", "001 §4",
// "DESIGN §5b", "DESIGN.md §3") names a section that the repository carries: the two
// specification documents live in docs/spec/ and the design in docs/DESIGN.md (see
// docs/spec/README.md). A citation of a section that is not there fails `npm run lint`.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The documents a citation may name, by the name it uses. */
const documents = {
  '000': 'docs/spec/000_bbf7c9955f06872e.txt',
  '001': 'docs/spec/001_691a59d70f15da39.txt',
  DESIGN: 'docs/DESIGN.md',
};

/** `## 5b. The approval engine` → `5b`: the sections a document has. */
const sectionsOf = (file) =>
  new Set(
    [...readFileSync(path.join(root, file), 'utf8').matchAll(/^## (\d+[a-z]?)\./gm)].map(
      (m) => m[1],
    ),
  );
const sections = Object.fromEntries(
  Object.entries(documents).map(([name, file]) => [name, sectionsOf(file)]),
);

// A document's name right before a §, and any §: "001 §4 … §7" cites sections 4 and 7 of 001, a
// bare § within a short distance after a citation cites the same document. Other § (an RFC's,
// this repository's own pages) are not citations of these documents.
const TOKEN = /\b(000|001|DESIGN)(?:\.md)?(?= ?§)|§ ?(\d+[a-z]?)/g;
const REACH = 80;

const tracked = execFileSync(
  'git',
  [
    'ls-files',
    '-z',
    '--',
    '*.ts',
    '*.tsx',
    '*.js',
    '*.mjs',
    '*.md',
    ':!docs/spec',
    ':!docs/DESIGN.md',
  ],
  { cwd: root, encoding: 'utf8' },
)
  .split('\0')
  .filter(Boolean);

const problems = [];
let cited = 0;
for (const file of tracked) {
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
  // A citation wrapped onto the next line ("001 §4 …\n * §7 …") keeps its document: the
  // distance runs on from the end of the line before.
  let doc;
  let at = -Infinity;
  lines.forEach((line, i) => {
    if (i > 0) at -= lines[i - 1].length + 1;
    for (const m of line.matchAll(TOKEN)) {
      if (m[1]) {
        doc = m[1];
        at = m.index;
        continue;
      }
      if (doc === undefined || m.index - at > REACH) continue;
      at = m.index;
      cited += 1;
      if (!sections[doc].has(m[2]))
        problems.push(`${file}:${i + 1}: ${doc} §${m[2]} is not a section of ${documents[doc]}`);
    }
  });
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} citation(s) name a section the repository does not carry.`);
  process.exit(1);
}
console.warn(`citations: ${cited} section citations, all found in docs/spec and docs/DESIGN.md`);
