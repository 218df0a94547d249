// Duplicated-code guard: jscpd over the source, compared with a committed baseline that may only shrink.
//
//   node scripts/duplication-check.mjs                   fail on a clone the baseline does not know
//   node scripts/duplication-check.mjs --update          drop clones that are gone from the baseline (never adds)
//   node scripts/duplication-check.mjs --update --accept also add today's new clones: a reviewed exception,
//                                                        to be named and justified in the commit body
//
// A clone's fingerprint is a hash of its two files' paths and its duplicated text with each line trimmed
// and blank lines dropped, so moving or re-indenting the code around it keeps the fingerprint.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const say = (line) => process.stdout.write(`${line}\n`);
const root = fileURLToPath(new URL('..', import.meta.url));
const baselinePath = join(root, 'scripts', 'duplication-baseline.json');
const args = new Set(process.argv.slice(2));
const update = args.has('--update');
const accept = args.has('--accept');

/** The source: every package; never built output, dependencies, generated data, JSON or lockfiles. */
const ignored = [
  '**/dist/**',
  '**/node_modules/**',
  '**/data/**',
  '**/coverage/**',
  '**/*.generated.ts',
  '**/*.json',
  '**/package-lock.json',
  'docs/**',
  'scripts/**',
  'eslint/**',
  'eslint.config.js',
];

function scan() {
  const out = mkdtempSync(join(tmpdir(), 'dpms-jscpd-'));
  try {
    const bin = join(root, 'node_modules', '.bin', 'jscpd');
    const run = spawnSync(
      bin,
      [
        '.',
        '-f',
        'typescript,tsx,javascript',
        '-i',
        ignored.join(','),
        '-r',
        'json',
        '-o',
        out,
        '--exit-code',
        '0',
      ],
      { cwd: root, encoding: 'utf8' },
    );
    if (run.status !== 0) {
      throw new Error(
        `jscpd failed (${run.status ?? run.signal}): ${run.error?.message ?? run.stderr}`,
      );
    }
    return JSON.parse(readFileSync(join(out, 'jscpd-report.json'), 'utf8'));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

function normalize(fragment) {
  return fragment
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');
}

/** One entry per clone found today, with its fingerprint. */
function clonesOf(report) {
  return report.duplicates.map((d) => {
    const files = [d.firstFile.name, d.secondFile.name].sort();
    const fingerprint = createHash('sha256')
      .update(`${files[0]}\n${files[1]}\n${normalize(d.fragment)}`)
      .digest('hex')
      .slice(0, 20);
    return {
      fingerprint,
      files,
      lines: d.lines,
      where: [
        `${d.firstFile.name}:${d.firstFile.start}-${d.firstFile.end}`,
        `${d.secondFile.name}:${d.secondFile.start}-${d.secondFile.end}`,
      ],
    };
  });
}

function readBaseline() {
  if (!existsSync(baselinePath)) return {};
  return JSON.parse(readFileSync(baselinePath, 'utf8')).clones;
}

/** The same fragment may be copied more than once between two files, so the baseline counts each fingerprint. */
function counted(clones) {
  const byPrint = {};
  for (const c of clones) {
    const entry = (byPrint[c.fingerprint] ??= { files: c.files, lines: c.lines, count: 0 });
    entry.count += 1;
  }
  return byPrint;
}

function writeBaseline(entries) {
  const sorted = Object.fromEntries(Object.entries(entries).sort(([a], [b]) => a.localeCompare(b)));
  const values = Object.values(sorted);
  const body = {
    about:
      'Clones of duplicated code known on the day the guard came in: may only shrink (npm run duplicates:update). See scripts/duplication-check.mjs.',
    cloneCount: values.reduce((n, e) => n + e.count, 0),
    duplicatedLines: values.reduce((n, e) => n + e.count * e.lines, 0),
    clones: sorted,
  };
  writeFileSync(baselinePath, `${JSON.stringify(body, null, 2)}\n`);
  return body;
}

const report = scan();
const clones = clonesOf(report);
const current = counted(clones);
const baseline = readBaseline();

// Clones beyond what the baseline allows for their fingerprint are new.
const seen = {};
const fresh = clones.filter((c) => {
  seen[c.fingerprint] = (seen[c.fingerprint] ?? 0) + 1;
  return seen[c.fingerprint] > (baseline[c.fingerprint]?.count ?? 0);
});
const goneCount = Object.entries(baseline).reduce(
  (n, [print, e]) => n + Math.max(0, e.count - (current[print]?.count ?? 0)),
  0,
);
const total = report.statistics.total;

if (update) {
  if (fresh.length > 0 && !accept) {
    console.error(
      `duplicates: ${fresh.length} new clone(s); the baseline only shrinks. Remove them, or add --accept.`,
    );
    for (const c of fresh) console.error(`  ${c.where[0]}  ==  ${c.where[1]}  (${c.lines} lines)`);
    process.exit(1);
  }
  const next = {};
  for (const [print, e] of Object.entries(current)) {
    const allowed = accept ? e.count : Math.min(e.count, baseline[print]?.count ?? 0);
    if (allowed > 0) next[print] = { ...e, count: allowed };
  }
  const body = writeBaseline(next);
  say(
    `duplicates: baseline written: ${body.cloneCount} clones, ${body.duplicatedLines} duplicated lines` +
      ` (${goneCount} gone${accept ? `, ${fresh.length} accepted` : ''}).`,
  );
  process.exit(0);
}

if (fresh.length > 0) {
  console.error(
    `duplicates: ${fresh.length} new clone(s) of duplicated code, not in scripts/duplication-baseline.json:`,
  );
  for (const c of fresh) console.error(`  ${c.lines} lines: ${c.where[0]}  ==  ${c.where[1]}`);
  console.error(
    [
      'Fix: move the shared code into one function or module both places import (a test helper in test-support/,',
      'a rule in core, a widget in web/src/components/), then run the check again: npm run duplicates.',
      'Only for a reviewed, intended copy: npm run duplicates:update -- --accept, and say why in the commit body.',
    ].join('\n'),
  );
  process.exit(1);
}
say(
  `duplicates: no new clones (${total.clones} clones, ${total.duplicatedLines} duplicated lines, ${total.percentage.toFixed(2)}% of ${total.lines} lines).`,
);
if (goneCount > 0) {
  say(
    `duplicates: ${goneCount} baseline clone(s) are gone: shrink the baseline with npm run duplicates:update.`,
  );
}
