/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, so these files see the DOM types.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Page, Request, Route } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { signIn } from '../support/shell.js';

const MiB = 1024 * 1024;
const dir = mkdtempSync(path.join(tmpdir(), 'dpms-upload-e2e-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A file on disk, so the browser's File has the disk's modification time on every pick. */
function writeFile(name: string, bytes: Buffer): string {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

/** A PDF header (what the server's content check reads) followed by random bytes. */
const largePdfBytes = (size: number): Buffer =>
  Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size - 9)]);

/** A one-page PDF with a correct cross-reference table. */
function onePagePdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const stream = 'BT /F1 24 Tf 40 100 Td (upload e2e) Tj ET';
  objects[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A 16 × 16 PNG of one colour. */
function smallPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, sum]);
  };
  const size = 16;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, 0x33)]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The chunk index a multipart chunk request carries (the long field naming). */
function chunkIndexOf(request: Request): number | undefined {
  const body = request.postDataBuffer()?.toString('latin1') ?? '';
  const match = /name="chunkIndex"\r\n\r\n(\d+)\r\n/.exec(body);
  return match ? Number(match[1]) : undefined;
}

async function openUploadPage(page: Page): Promise<void> {
  await signIn(page, 'admin');
  await page.goto('/file/upload');
  await page.getByTestId('big-upload').waitFor();
}

describe('file upload, preview and download', () => {
  const session = useBrowser();

  it('uploads a multi-chunk file with progress, resumes it after a reload, and downloads it with its Chinese name', async () => {
    const { page } = session();
    const name = '综合楼施工图（第一版）.pdf';
    const bytes = largePdfBytes(6 * MiB + 12_345); // 7 chunks of 1 MiB in the shell profile
    const file = writeFile(name, bytes);
    await openUploadPage(page);

    // Hold chunk 5: the other six arrive, the file stays mid-way until the page is reloaded.
    // 'block' refuses what the page sends while it goes away; 'pass' records what follows.
    let mode: 'hold' | 'block' | 'pass' = 'hold';
    let held: Route | undefined;
    const chunksAfterReload: number[] = [];
    const heldSeen = new Promise<void>((resolve) => {
      void page.route('**/prod-api/common/maxfile/upload', async (route) => {
        const index = chunkIndexOf(route.request());
        if (mode === 'hold' && index === 5) {
          held = route;
          resolve();
          return;
        }
        if (mode === 'block') {
          await route.abort();
          return;
        }
        if (mode === 'pass' && index !== undefined) chunksAfterReload.push(index);
        await route.continue();
      });
    });
    await page.getByRole('button', { name: '上传文件' }).click();
    const dialog = page.getByTestId('big-upload-dialog');
    await dialog.waitFor();
    await page.getByTestId('big-upload-input').setInputFiles(file);
    await heldSeen;

    const entry = dialog.getByTestId('big-upload-entry');
    expect(await entry.getAttribute('data-chunk-total')).toBe('7');
    await page.waitForFunction(
      () =>
        document
          .querySelector('[data-testid="big-upload-entry"]')
          ?.getAttribute('data-chunks-done') === '6',
    );
    const bar = entry.getByTestId('big-upload-progress');
    expect(await bar.isVisible()).toBe(true);
    const percent = Number(await bar.getAttribute('aria-valuenow'));
    expect(percent).toBeGreaterThanOrEqual(80);
    expect(percent).toBeLessThan(100);
    expect(await dialog.getByTestId('big-upload-overall').isVisible()).toBe(true);
    expect(await entry.getAttribute('data-phase')).toBe('upload');

    // The dialog cannot close while the file uploads.
    await dialog.getByRole('button', { name: '关闭' }).click();
    await page.getByText('文件正在上传中，请等待上传完成后再操作').first().waitFor();
    expect(await dialog.isVisible()).toBe(true);

    // Reload mid-way: the held chunk never reaches the server.
    mode = 'block';
    await held?.abort();
    await page.reload();
    mode = 'pass';
    const notice = page.getByTestId('big-upload-pending');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(name);

    await notice.getByRole('button', { name: '继续上传' }).click();
    const resumed = page.getByTestId('big-upload-dialog').getByTestId('big-upload-entry');
    expect(await resumed.getAttribute('data-phase')).toBe('needsFile');
    const chooser = page.waitForEvent('filechooser');
    await resumed.getByRole('button', { name: '重新选择文件' }).click();
    await (await chooser).setFiles(file);
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="big-upload-entry"]')?.getAttribute('data-phase') ===
        'success',
    );
    // Only the chunk the server did not list was sent again.
    expect(chunksAfterReload).toEqual([5]);
    await page.getByTestId('big-upload-dialog').getByRole('button', { name: '确定' }).click();
    const row = page
      .getByTestId('big-upload')
      .locator(`[data-testid="file-row"][data-file="${name}"]`);
    await row.waitFor();

    // Download: the name comes from the server's Content-Disposition, the bytes are the same.
    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: '下载' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe(name);
    const savedPath = await saved.path();
    expect(readFileSync(savedPath).equals(bytes)).toBe(true);

    // Another browser (fresh storage) signed in as the same person lists it under 我的文件.
    const { browser, baseURL } = session();
    const other = await browser.newContext({ baseURL, locale: 'zh-CN' });
    try {
      const elsewhere = await other.newPage();
      await openUploadPage(elsewhere);
      const mine = elsewhere.getByTestId('own-files');
      await mine.getByText(name).waitFor();
      expect(await mine.getByText('未关联').count()).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });

  it('pauses a chunked upload, may close while paused, and resumes with the chunk it aborted', async () => {
    const { page } = session();
    const name = '暂停续传.zip';
    const bytes = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(3 * MiB)]);
    const file = writeFile(name, bytes);
    await openUploadPage(page);
    let mode: 'hold' | 'pass' = 'hold';
    let held: Route | undefined;
    const afterResume: number[] = [];
    const heldSeen = new Promise<void>((resolve) => {
      void page.route('**/prod-api/common/maxfile/upload', async (route) => {
        const index = chunkIndexOf(route.request());
        if (mode === 'hold' && index === 1) {
          held = route;
          resolve();
          return;
        }
        if (mode === 'pass' && index !== undefined) afterResume.push(index);
        await route.continue();
      });
    });
    await page.getByRole('button', { name: '上传文件' }).click();
    const dialog = page.getByTestId('big-upload-dialog');
    await page.getByTestId('big-upload-input').setInputFiles(file);
    await heldSeen;
    await page.waitForFunction(
      () =>
        document
          .querySelector('[data-testid="big-upload-entry"]')
          ?.getAttribute('data-chunks-done') === '3',
    );
    const entry = dialog.getByTestId('big-upload-entry');
    expect(await dialog.getByRole('button', { name: '确定' }).isDisabled()).toBe(true);

    await entry.getByRole('button', { name: '暂停' }).click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="big-upload-entry"]')?.getAttribute('data-phase') ===
        'paused',
    );
    expect(await entry.getByTestId('big-upload-status').textContent()).toBe('已暂停');
    // Nothing is uploading while paused: the dialog may be confirmed.
    expect(await dialog.getByRole('button', { name: '确定' }).isDisabled()).toBe(false);
    mode = 'pass';
    await held?.abort().catch(() => undefined);

    await entry.getByRole('button', { name: '继续' }).click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="big-upload-entry"]')?.getAttribute('data-phase') ===
        'success',
    );
    expect(afterResume).toEqual([1]);
  });

  it('previews an uploaded image and a PDF', async () => {
    const { page } = session();
    await openUploadPage(page);
    const png = writeFile('现场照片.png', smallPng());
    const pdf = writeFile('设计说明.pdf', onePagePdf());
    const form = page.getByTestId('form-upload');
    await page.getByTestId('form-upload-input').setInputFiles([png, pdf]);
    const pngRow = form.locator('[data-testid="file-row"][data-file="现场照片.png"]');
    const pdfRow = form.locator('[data-testid="file-row"][data-file="设计说明.pdf"]');
    await pngRow.waitFor();
    await pdfRow.waitFor();

    await pngRow.getByRole('button', { name: '预览' }).click();
    const preview = page.getByTestId('preview-dialog');
    await preview.waitFor();
    expect(await preview.evaluate((el) => el.style.width)).toBe('500px');
    const image = preview.locator('img');
    await image.waitFor();
    await page.waitForFunction(
      () =>
        document.querySelector<HTMLImageElement>('[data-testid="preview-dialog"] img')
          ?.naturalWidth === 16,
    );
    await preview.getByRole('button', { name: '关闭' }).click();
    await preview.waitFor({ state: 'detached' });

    await pdfRow.getByRole('button', { name: '预览' }).click();
    await preview.waitFor();
    expect(await preview.evaluate((el) => el.style.width)).toBe('800px');
    const viewer = preview.getByTestId('pdf-viewer');
    await viewer.waitFor();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="pdf-viewer"]')?.getAttribute('data-rendered') ===
        '1:0',
    );
    expect(await viewer.getAttribute('data-pages')).toBe('1');
  });

  it('refuses a file of another type with the message naming it', async () => {
    const { page } = session();
    await openUploadPage(page);
    const exe = writeFile('安装程序.exe', Buffer.from('MZ'));
    await page.getByTestId('form-upload-input').setInputFiles(exe);
    await page
      .getByText(
        '文件“安装程序.exe”的格式exe不正确，请上传xls/xlsx/txt/doc/docx/ppt/pptx/jpg/jpeg/png/pdf/zip格式文件',
      )
      .first()
      .waitFor();
    expect(await page.getByTestId('form-upload-records').count()).toBe(0);
  });
});
