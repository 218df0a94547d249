import { domainError, err, ok, type Result } from '../shared/result.js';
import { UPLOAD_MESSAGES } from './upload-messages.js';

/**
 * A field's file limit (000 §5): the maximum count; 1 makes the field single (a new file
 * replaces the old one); 0 or no limit means unlimited. Why 0 is unlimited: the spec puts 0 on
 * attachment fields, which hold any number of files, and a limit of "no files" would make the
 * field useless.
 */
export const isSingleFileField = (limit: number | undefined): boolean => limit === 1;

export const isUnlimited = (limit: number | undefined): boolean =>
  limit === undefined || limit === 0;

/**
 * The files of a field after adding `added` to `current`. A single field replaces its file;
 * otherwise going past the limit is refused with the spec's message and nothing is added.
 * Adding two files at once to a single field is refused too: only one can stay.
 */
export const applyFileLimit = <F>(
  current: readonly F[],
  added: readonly F[],
  limit: number | undefined,
): Result<readonly F[]> => {
  if (limit !== undefined && (!Number.isSafeInteger(limit) || limit < 0)) {
    throw new RangeError(`file limit must be a non-negative integer, got ${limit}`);
  }
  if (added.length === 0) return ok(current);
  if (isUnlimited(limit)) return ok([...current, ...added]);
  const exceeded = err(
    domainError('UPLOAD.FILE_COUNT_EXCEEDED', UPLOAD_MESSAGES.countExceeded, 'fileList'),
  );
  if (isSingleFileField(limit)) return added.length === 1 ? ok(added) : exceeded;
  return current.length + added.length > (limit ?? 0) ? exceeded : ok([...current, ...added]);
};
