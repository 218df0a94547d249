// The last step of `npm run bench`: gathers the figures every bench wrote under `figures` in its
// bench-results/<name>.json (adapters/*, print-service, tests) and prints the issue's table,
// figure | measured | ceiling | ratio | goal | met, in the table's order. Also writes it to
// bench-results/summary.{md,json} at the root. A bench that did not run leaves its rows out,
// and the summary names which benches it found.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const packages = ['print-service', 'tests', 'web', 'core'];
for (const dir of readdirSync(path.join(ROOT, 'adapters'))) packages.push(`adapters/${dir}`);

const figures = [];
const sources = [];
for (const pkg of packages) {
  const dir = path.join(ROOT, pkg, 'bench-results');
  if (!existsSync(dir)) continue;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const full = path.join(dir, file);
    let report;
    try {
      report = JSON.parse(readFileSync(full, 'utf8'));
    } catch {
      continue;
    }
    if (!Array.isArray(report.figures)) continue;
    sources.push(`${pkg}/bench-results/${file} (${statSync(full).mtime.toISOString()})`);
    figures.push(...report.figures);
  }
}
figures.sort((a, b) => a.order - b.order);

const md = [
  '| figure | measured | ceiling | ratio | goal | met |',
  '|---|---|---|---|---|---|',
  ...figures.map(
    (f) =>
      `| ${f.figure} | ${f.measured}${f.note ? `; ${f.note}` : ''} | ${f.ceiling} | ${Number(f.ratio).toFixed(2)} | ${f.goal} | ${f.met ? 'yes' : '**no**'} |`,
  ),
  '',
  `${figures.filter((f) => f.met).length} of ${figures.length} figures meet their goal. From:`,
  '',
  ...sources.map((s) => `- ${s}`),
  '',
].join('\n');
const out = path.join(ROOT, 'bench-results');
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, 'summary.md'), md);
writeFileSync(path.join(out, 'summary.json'), `${JSON.stringify({ figures, sources }, null, 2)}\n`);
process.stdout.write(`\n# npm run bench: every figure against its ceiling\n\n${md}`);
