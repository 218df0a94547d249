import { domainError, err, ok, type Result } from '../shared/result.js';
import { chunkAt } from './chunk-plan.js';
import type { UploadPart, UploadSession } from './file-store.port.js';
import { UPLOAD_MESSAGES } from './upload-messages.js';

/**
 * Whether an upload's parts make its whole file (DESIGN §6: completing checks the count, the
 * sizes and, afterwards, the whole-file hash). Answers the parts in file order.
 *
 * Sizes: with the long naming the chunk size is known and every part must be exactly its span.
 * With the short naming it is not, so every part but the last must have one common size, the
 * last at most that, and they must add up to the file size.
 */
export const checkUploadParts = (
  session: Pick<UploadSession, 'fileSize' | 'chunkTotal' | 'chunkSize'>,
  parts: readonly Pick<UploadPart, 'partNum' | 'size'>[],
): Result<readonly number[]> => {
  const { fileSize, chunkTotal, chunkSize } = session;
  if (fileSize === null || chunkTotal === null) {
    return err(domainError('UPLOAD.CHUNKS_MISSING', UPLOAD_MESSAGES.chunksMissing([0])));
  }
  const byNum = new Map(parts.map((p) => [p.partNum, p.size]));
  const missing: number[] = [];
  for (let i = 0; i < chunkTotal; i++) if (!byNum.has(i + 1)) missing.push(i);
  if (missing.length > 0) {
    return err(domainError('UPLOAD.CHUNKS_MISSING', UPLOAD_MESSAGES.chunksMissing(missing)));
  }
  const sizes = Array.from({ length: chunkTotal }, (_, i) => byNum.get(i + 1) ?? 0);
  if (chunkSize !== null) {
    const bad = sizes.findIndex((size, i) => size !== chunkAt(fileSize, chunkSize, i).size);
    if (bad >= 0) {
      return err(domainError('UPLOAD.CHUNK_SIZE_MISMATCH', UPLOAD_MESSAGES.chunkSizeMismatch(bad)));
    }
  } else {
    const first = sizes[0] ?? 0;
    const uneven = sizes.some((size, i) =>
      i < sizes.length - 1 ? size !== first || size === 0 : size > first && sizes.length > 1,
    );
    if (uneven) {
      return err(domainError('UPLOAD.CHUNK_SIZE_MISMATCH', UPLOAD_MESSAGES.chunkSizesInvalid));
    }
  }
  const total = sizes.reduce((a, b) => a + b, 0);
  if (total !== fileSize) {
    return err(domainError('UPLOAD.FILE_SIZE_MISMATCH', UPLOAD_MESSAGES.fileSizeMismatch));
  }
  return ok(sizes.map((_, i) => i + 1));
};
