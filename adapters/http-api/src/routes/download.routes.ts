import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { isPreviewable, UPLOAD_MESSAGES, type FileRecord } from '@dpms/core';
import { HttpError } from '../http/http-error.js';
import { AUTHENTICATED } from '../http/route.js';
import type { Principal } from '../identity/principal.js';
import type { RouteModule } from './route-module.js';
import type { FileService } from './upload.service.js';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  txt: 'text/plain; charset=utf-8',
  zip: 'application/zip',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/**
 * `attachment; filename="ascii fallback"; filename*=UTF-8''percent-encoded` (RFC 6266 / 5987):
 * every browser since IE 9 reads the UTF-8 form, old ones the fallback.
 */
export function contentDisposition(name: string, inline: boolean): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${inline ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

const truthy = z
  .union([z.literal('true'), z.literal('1'), z.literal('false'), z.literal('0')])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/**
 * Sends a stored file: one byte range (206) when asked, inline for previewable types when
 * `preview` is set, as an attachment otherwise, with its UTF-8 name.
 */
async function sendFile(
  files: FileService,
  file: FileRecord,
  req: Request,
  res: Response,
  preview: boolean,
): Promise<void> {
  const inline = preview && isPreviewable(file.originalName);
  res.set({
    'Content-Type': CONTENT_TYPES[file.fileType] ?? 'application/octet-stream',
    'Content-Disposition': contentDisposition(file.originalName, inline),
    'Accept-Ranges': 'bytes',
    ETag: `"${file.contentHash}"`,
    'Cache-Control': 'private, no-store',
    'Access-Control-Expose-Headers': 'Content-Disposition',
  });
  let range: { start: number; end: number } | undefined;
  if (req.headers.range && file.size > 0) {
    const ranges = req.range(file.size, { combine: true });
    if (ranges === -1) {
      throw new HttpError(416, UPLOAD_MESSAGES.rangeNotSatisfiable, undefined, {
        'Content-Range': `bytes */${file.size}`,
      });
    }
    // A malformed header or several ranges: the whole file, as RFC 9110 allows.
    if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1 && ranges[0]) {
      range = { start: ranges[0].start, end: ranges[0].end };
    }
  }
  // HEAD answers the headers without opening the bytes.
  const body = req.method === 'HEAD' ? null : await files.store.get(file.storageKey, range);
  if (!body && req.method !== 'HEAD') throw new HttpError(404, UPLOAD_MESSAGES.fileNotFound);
  if (range) {
    res.status(206);
    res.set('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
    res.set('Content-Length', String(range.end - range.start + 1));
  } else {
    res.set('Content-Length', String(file.size));
  }
  if (!body) {
    res.end();
    return;
  }
  try {
    await pipeline(Readable.from(body), res);
  } catch (e) {
    // The client went away mid-download: nothing to answer, and nothing is wrong on our side.
    if (res.headersSent) {
      res.destroy();
      return;
    }
    throw e;
  }
}

async function download(
  files: FileService,
  id: string,
  principal: Principal,
  req: Request,
  res: Response,
  options: { preview: boolean; deleteAfter: boolean },
): Promise<undefined> {
  const file = await files.readableFile(id, principal);
  // Refuse a delete the caller may not do before sending anything.
  if (options.deleteAfter && file.ownerUserId !== principal.userId && !principal.isAdmin) {
    throw new HttpError(403, UPLOAD_MESSAGES.deleteForbidden);
  }
  if (!options.deleteAfter) {
    await sendFile(files, file, req, res, options.preview);
    return undefined;
  }
  // The record goes first, so no later call finds the file; the bytes go once they are sent.
  await files.files.deleteFile(file.fileId);
  try {
    await sendFile(files, file, req, res, false);
  } finally {
    await files.store.delete(file.storageKey).catch(() => undefined);
  }
  return undefined;
}

/**
 * The download calls of the spec (000 §7), addressing only files the server issued, by id:
 * - GET /common/download/resource?resource=<fileId>[&preview=true]
 * - GET /common/download?fileName=<fileId>[&delete=true] (the older call; delete is the owner's)
 * A path, a name, anything but 32 hex digits is refused before the store is touched. Who may
 * read: the owner, role admin, or holders of common:file:read (see FILE_READ_PERMISSION).
 */
export function downloadRoutes(files: FileService): RouteModule {
  return {
    name: 'download',
    register(book) {
      book.add({
        method: 'get',
        path: '/common/download/resource',
        summary: '下载或预览文件',
        tag: '文件',
        access: AUTHENTICATED,
        produces: 'application/octet-stream',
        query: z.object({ resource: z.string().max(300), preview: truthy, inline: truthy }),
        handler: ({ query, principal, req, res }) =>
          download(files, query.resource, principal, req, res, {
            preview: query.preview || query.inline,
            deleteAfter: false,
          }),
      });
      book.add({
        method: 'get',
        path: '/common/download',
        summary: '下载文件（旧接口）',
        tag: '文件',
        access: AUTHENTICATED,
        produces: 'application/octet-stream',
        query: z.object({ fileName: z.string().max(300), delete: truthy }),
        handler: ({ query, principal, req, res }) =>
          download(files, query.fileName, principal, req, res, {
            preview: false,
            deleteAfter: query.delete,
          }),
      });
    },
  };
}
