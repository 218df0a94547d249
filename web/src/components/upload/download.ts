import { errorMessage, type FileGateway } from '@dpms/http-client';
import type { Feedback } from '../ui/feedback';
import { UPLOAD_UI_MESSAGES } from './messages';

/** Links that leave the application: opened as they are, in a new window (000 §7). */
export const isExternalUrl = (url: string): boolean => /^https?:\/\//i.test(url);

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
 * Downloads a stored file (000 §7): an http(s) address opens in a new window; anything else (a
 * file id, `/prod-api/common/download/resource?...`, an API path) is fetched with the session's
 * token and saved under `fileName`, else the name of the answer's Content-Disposition, else
 * the URL's last segment. A browser that cannot save files gets the spec's message. Failures are
 * shown as a message and resolve false; success resolves true.
 */
export async function downloadFile(url: string, fileName?: string): Promise<boolean> {
  if (isExternalUrl(url)) {
    window.open(url, '_blank', 'noopener');
    return true;
  }
  if (!services) throw new Error('downloadFile: configureFileDownloads was not called');
  const feedback = services.feedback();
  if (!canSaveFiles()) {
    feedback.error(UPLOAD_UI_MESSAGES.downloadUnsupported);
    return false;
  }
  try {
    const file = await services.files().download(url);
    saveBlob(file.blob, fileName ?? file.fileName ?? lastSegment(url));
    return true;
  } catch (error) {
    feedback.error(errorMessage(error, UPLOAD_UI_MESSAGES.downloadFailed));
    return false;
  }
}
