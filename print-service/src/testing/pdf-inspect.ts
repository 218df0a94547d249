import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const run = (cmd: string, args: readonly string[]): Promise<string> =>
  new Promise((resolve, reject) => {
    execFile(cmd, args, { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${cmd} failed: ${stderr || error.message}`));
      else resolve(stdout);
    });
  });

export interface PdfFont {
  readonly name: string;
  readonly type: string;
  readonly embedded: boolean;
  readonly subset: boolean;
}

export interface PdfReading {
  /** pdftotext's text, whitespace removed (CJK has no spaces; layouts break lines anywhere). */
  readonly compactText: string;
  readonly text: string;
  readonly fonts: readonly PdfFont[];
  readonly pageSize: string;
  readonly pages: number;
}

/**
 * Parses `pdffonts` output. Its columns are fixed-width under a dashed rule; the type can contain
 * spaces ("CID TrueType"), so the columns are cut at the rule's gaps.
 */
export function parsePdfFonts(output: string): PdfFont[] {
  const lines = output.split('\n');
  const ruleIndex = lines.findIndex((l) => /^-+( -+)+$/.test(l.trim()));
  if (ruleIndex < 0) return [];
  const rule = lines[ruleIndex]!;
  const cols: [number, number][] = [];
  const re = /-+/g;
  for (let m = re.exec(rule); m; m = re.exec(rule)) cols.push([m.index, m.index + m[0].length]);
  return lines
    .slice(ruleIndex + 1)
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const cell = (i: number) => {
        const [start, end] = cols[i]!;
        return l.slice(start, i === cols.length - 1 ? undefined : end + 1).trim();
      };
      return {
        name: cell(0),
        type: cell(1),
        embedded: cell(3) === 'yes',
        subset: cell(4) === 'yes',
      };
    });
}

/** Reads a PDF back with poppler: its text, its fonts, its page size and count. */
export async function readPdf(pdf: Uint8Array): Promise<PdfReading> {
  const dir = await mkdtemp(path.join(tmpdir(), 'dpms-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    await writeFile(file, pdf);
    const [text, fonts, info] = await Promise.all([
      run('pdftotext', ['-enc', 'UTF-8', file, '-']),
      run('pdffonts', [file]),
      run('pdfinfo', [file]),
    ]);
    const pageSize = /Page size:\s*(.+)/.exec(info)?.[1]?.trim() ?? '';
    const pages = Number(/Pages:\s*(\d+)/.exec(info)?.[1] ?? 0);
    return {
      text,
      compactText: text.replace(/\s+/g, ''),
      fonts: parsePdfFonts(fonts),
      pageSize,
      pages,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The first page as a PNG (pdftoppm), for people to look at. */
export async function firstPageToPng(pdf: Uint8Array, pngFile: string, dpi = 80): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'dpms-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    await writeFile(file, pdf);
    await run('pdftoppm', [
      '-png',
      '-r',
      String(dpi),
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      file,
      pngFile.replace(/\.png$/, ''),
    ]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Process ids in a process group (a detached Chromium leads its own). */
export async function processesInGroup(pgid: number): Promise<number[]> {
  const out = await run('ps', ['-eo', 'pid=,pgid=,stat=']);
  return out
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .filter(([, g, stat]) => Number(g) === pgid && !stat?.startsWith('Z'))
    .map(([p]) => Number(p));
}
