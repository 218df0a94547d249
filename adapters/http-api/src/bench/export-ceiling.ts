/**
 * The export figure: a 100,000-row .xlsx export through the API against exceljs streaming the
 * same rows from memory. The API's export is streamed to a file (its time and the process's
 * memory sampled meanwhile); the file is read back into memory, and the same rows (the same cell
 * values, header and style options) are written by a bare exceljs WorkbookWriter into a stream
 * that only counts bytes. Goal: at least half the bare writer's rate, and memory flat, which the
 * bench takes as the process's peak RSS growing less than 100 MB while the export streams (the
 * bar the upload figure uses too).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { type ExportRun, exportLine, fmt, measureMemory, streamExport } from './bench-harness.js';
import type { Extra } from './endpoints.js';

type Cell = string | number | boolean | Date | null;

const MEMORY_FLAT_MB = 100;

/** The header and the rows of the first sheet of an .xlsx file. */
async function readRows(file: string): Promise<{ header: Cell[]; rows: Cell[][] }> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {});
  let header: Cell[] = [];
  const rows: Cell[][] = [];
  for await (const sheet of reader) {
    for await (const row of sheet) {
      // Row.values is 1-based (index 0 empty).
      const values = (row.values as Cell[]).slice(1);
      if (row.number === 1) header = values;
      else rows.push(values);
    }
    break;
  }
  return { header, rows };
}

/** Bare exceljs: the rows, from memory, through a WorkbookWriter into a byte counter. */
async function writeFromMemory(header: Cell[], rows: Cell[][]): Promise<ExportRun> {
  return measureMemory(async () => {
    let bytes = 0;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done();
      },
    });
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: sink,
      useStyles: true,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet('sheet');
    sheet.columns = header.map((h, i) => ({ header: String(h ?? ''), key: `c${i}`, width: 16 }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for (const row of rows) sheet.addRow(row).commit();
    sheet.commit();
    await workbook.commit();
    return bytes;
  });
}

/** Measures `GET url` (an .xlsx export of `rows` rows) against bare exceljs on the same rows. */
export async function exportAgainstCeiling(
  url: string,
  headers: Record<string, string>,
  label: string,
  order: number,
): Promise<Extra> {
  const dir = mkdtempSync(path.join(tmpdir(), 'dpms-export-bench-'));
  try {
    const file = path.join(dir, 'export.xlsx');
    const api = await streamExport(url, headers, file);
    const { header, rows } = await readRows(file);
    const bare = await writeFromMemory(header, rows);
    const ratio = bare.ms / api.ms;
    const flat = api.peakRssGrowthMb < MEMORY_FLAT_MB;
    const perSecond = (run: ExportRun) => `${Math.round(rows.length / (run.ms / 1000))} rows/s`;
    return {
      figures: [
        {
          order,
          figure: `export of ${rows.length.toLocaleString('en-US')} ${label} to .xlsx`,
          measured: `${fmt(api.ms / 1000)} s, ${perSecond(api)}`,
          ceiling: `exceljs streaming the same rows from memory: ${fmt(bare.ms / 1000)} s, ${perSecond(bare)}`,
          ratio,
          goal: `≥ 0.5, memory flat (RSS growth < ${MEMORY_FLAT_MB} MB)`,
          met: ratio >= 0.5 && flat,
          note: `RSS +${fmt(api.peakRssGrowthMb)} MB`,
        },
      ],
      md: [
        `## ${url.replace(/^https?:\/\/[^/]+/, '')} (${rows.length} rows, ${header.length} columns, streamed .xlsx)`,
        '',
        `API: ${exportLine(api)}`,
        '',
        `exceljs from memory, same rows: ${exportLine(bare)}`,
      ].join('\n'),
      report: { export: { rows: rows.length, columns: header.length, api, bareExceljs: bare } },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
