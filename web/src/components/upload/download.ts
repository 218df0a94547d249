import { EXPORT_JOB_MESSAGES, UPLOAD_MESSAGES, fileIdOfReference } from '@dpms/core';
import {
  errorMessage,
  type DownloadedFile,
  type ExportJob,
  type FileGateway,
} from '@dpms/http-client';
import type { Feedback, ProgressHandle } from '../ui/feedback';
import { UPLOAD_UI_MESSAGES } from './messages';

/** Whether this browser can save a Blob under a name (an `a[download]` and object URLs). */
export function canSaveFiles(): boolean {
  return (
    typeof document !== 'undefined' &&
    typeof URL !== 'undefined' &&
    typeof URL.createObjectURL === 'function' &&
    'download' in document.createElement('a')
  );
}

/** Thrown when the browser cannot save files; its message is the spec's (000 §8). */
export class DownloadUnsupportedError extends Error {
  override readonly name = 'DownloadUnsupportedError';
  constructor() {
    super(UPLOAD_UI_MESSAGES.downloadUnsupported);
  }
}

/** Saves a Blob as `fileName` through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  if (!canSaveFiles()) throw new DownloadUnsupportedError();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has handed the blob to the download by then.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

/** The last path segment of a URL, the name of last resort. */
const lastSegment = (url: string): string => {
  const path = url.split(/[?#]/)[0] ?? '';
  const segment = path.split('/').filter(Boolean).pop() ?? 'download';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

interface DownloadServices {
  files: () => FileGateway;
  feedback: () => Feedback;
}

let services: DownloadServices | undefined;

/** Called once by the composition root, so `downloadFile` works from any handler. */
export function configureFileDownloads(files: () => FileGateway, feedback: () => Feedback): void {
  services = { files, feedback };
}

/**
 * Downloads a stored file (000 §7) by its id or the download address the server built for it,
 * saved under `fileName`, else the name of the answer's Content-Disposition, else the id.
 *
 * Anything else is refused with a message and never fetched: a stored address could
 * name any API route (a GET that deletes), another origin or a script, and the fetch carries the
 * viewer's token. 000 §7 opened `http…` paths in a new window; the server now stores and answers
 * only its own ids, so such a path can only be planted, and is refused like the rest.
 * A browser that cannot save files gets the spec's message. Resolves true on success.
 */
export async function downloadFile(reference: string, fileName?: string): Promise<boolean> {
  if (!services) throw new Error('downloadFile: configureFileDownloads was not called');
  const id = fileIdOfReference(reference);
  if (id === null) {
    services.feedback().error(UPLOAD_MESSAGES.downloadAddressInvalid);
    return false;
  }
  const files = services.files();
  return save(() => files.download(id), fileName, id);
}

/**
 * Downloads what the application's own code addresses: an export with its filters, a printed
 * PDF (an API path such as `/v4/lixiang/export?…`). Never give it a stored value: stored files go
 * through {@link downloadFile}.
 */
export async function downloadExport(apiPath: string, fileName?: string): Promise<boolean> {
  if (!services) throw new Error('downloadExport: configureFileDownloads was not called');
  const files = services.files();
  const feedback = services.feedback();
  // A large export is made in the background: its progress shows until the file is saved.
  let note: ProgressHandle | undefined;
  let background: ExportJob | undefined;
  const saved = await save(
    () =>
      files.downloadExport(apiPath, {
        onProgress: (job) => {
          background = job;
          note ??= feedback.progress(`导出 ${job.fileName}`);
          note.update(job.message, job.percent);
        },
      }),
    fileName,
    lastSegment(apiPath),
  );
  note?.close();
  if (saved && background) feedback.success(EXPORT_JOB_MESSAGES.done(background.fileName));
  return saved;
}

async function save(
  fetchFile: () => Promise<DownloadedFile>,
  fileName: string | undefined,
  fallback: string,
): Promise<boolean> {
  const feedback = services?.feedback();
  if (!canSaveFiles()) {
    feedback?.error(UPLOAD_UI_MESSAGES.downloadUnsupported);
    return false;
  }
  try {
    const file = await fetchFile();
    saveBlob(file.blob, fileName ?? file.fileName ?? fallback);
    return true;
  } catch (error) {
    feedback?.error(errorMessage(error, UPLOAD_UI_MESSAGES.downloadFailed));
    return false;
  }
}
