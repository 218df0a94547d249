import { toFileEntry, type FileEntry } from '@dpms/core';
import type { StoredFile } from '@dpms/http-client';

/**
 * A file held by a form field: core's FileEntry (fileName is the original name, filePath the
 * download path, fileType, isPdf, hasView, isUpload) plus the server's id and the size.
 */
export interface UploadedFileRecord extends FileEntry {
  readonly fileId: string;
  readonly size?: number;
}

/** The record of a file the server has just stored. */
export const toUploadedFileRecord = (stored: StoredFile): UploadedFileRecord => ({
  ...toFileEntry({ fileName: stored.originalFilename, filePath: stored.url, isUpload: true }),
  fileId: stored.fileId,
  size: stored.size,
});

/** 1536 → '1.5 KB': sizes in the file lists. */
export function formatSize(bytes: number | undefined): string {
  if (bytes === undefined || !Number.isFinite(bytes)) return '';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit] ?? 'B'}`;
}
