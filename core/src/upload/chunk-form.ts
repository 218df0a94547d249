import { domainError, err, ok, type Result } from '../shared/result.js';
import { chunkAt, chunkCount, type ChunkSpan } from './chunk-plan.js';
import { UPLOAD_MESSAGES } from './upload-messages.js';

/**
 * The fields sent with each chunk of POST /common/maxfile/upload, which the spec gives in two
 * namings (000 §7, 001 §9):
 * - 'short': size, chunks, chunk, md5, filename, fileHash, uploadId, partNum
 * - 'long':  chunkSize, chunkTotal, chunkIndex, chunkHash, fileName, fileHash, fileSize,
 *            uploadId, partNum
 * Why `size` is the file's size (not the chunk's): the short naming is the WebUploader one, where
 * `size` is the whole file's size beside `chunks` and `chunk`; the long naming says `fileSize`.
 * The short naming has no chunk size, so a form parsed from it has `chunkSize` undefined.
 */
export type ChunkFormVariant = 'short' | 'long';

/** One chunk's form, whichever naming it came in. */
export interface ChunkForm {
  readonly uploadId: string;
  readonly fileName: string;
  readonly fileSize: number;
  /** Whole-file hash, lower-case hex: MD5 (32) or SHA-256 (64). */
  readonly fileHash: string;
  /** Only the long naming carries it. */
  readonly chunkSize: number | undefined;
  readonly chunkTotal: number;
  /** 0-based, as `chunk` is in WebUploader and as `Blob.slice` offsets are computed. */
  readonly chunkIndex: number;
  /** This chunk's MD5, lower-case hex. */
  readonly chunkHash: string;
  /**
   * 1-based, always chunkIndex + 1. Why: the name is S3's (part numbers 1 … 10000), and keeping
   * both numbers with a fixed relation lets either side check the other.
   */
  readonly partNum: number;
}

/** Wire name of each normalised field, per naming. */
export const CHUNK_FORM_FIELD_NAMES = {
  short: {
    fileSize: 'size',
    chunkTotal: 'chunks',
    chunkIndex: 'chunk',
    chunkHash: 'md5',
    fileName: 'filename',
    fileHash: 'fileHash',
    uploadId: 'uploadId',
    partNum: 'partNum',
    chunkSize: undefined,
  },
  long: {
    chunkSize: 'chunkSize',
    chunkTotal: 'chunkTotal',
    chunkIndex: 'chunkIndex',
    chunkHash: 'chunkHash',
    fileName: 'fileName',
    fileHash: 'fileHash',
    fileSize: 'fileSize',
    uploadId: 'uploadId',
    partNum: 'partNum',
  },
} as const satisfies Record<ChunkFormVariant, Record<keyof ChunkForm, string | undefined>>;

const SHORT_ONLY = ['size', 'chunks', 'chunk', 'md5', 'filename'] as const;
const LONG_ONLY = ['chunkSize', 'chunkTotal', 'chunkIndex', 'chunkHash', 'fileName', 'fileSize'];

/** Longest file name accepted, the usual file-system limit. */
export const MAX_CHUNK_FILE_NAME_LENGTH = 255;

export type ChunkFormFields = Readonly<Record<string, string | undefined>>;

const MD5 = /^[0-9a-f]{32}$/i;
const FILE_HASH = /^(?:[0-9a-f]{32}|[0-9a-f]{64})$/i;
const DIGITS = /^\d+$/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what it refuses
const BAD_NAME_CHARS = /[/\\\u0000-\u001f\u007f]/;

const fail = (code: string, message: string, field: string) =>
  err(domainError(code, message, field));

/** Tells the naming apart by the fields only one of them has. */
export const detectChunkFormVariant = (fields: ChunkFormFields): Result<ChunkFormVariant> => {
  const has = (name: string) => fields[name] !== undefined;
  const short = SHORT_ONLY.some(has);
  const long = LONG_ONLY.some(has);
  if (short && long)
    return fail('UPLOAD.CHUNK_FORM_MIXED', UPLOAD_MESSAGES.chunkFormMixed, 'chunk');
  // With neither, read it as the long naming (the one our web sends) and let the field checks
  // report what is missing.
  return ok(short ? 'short' : 'long');
};

/**
 * Reads and checks a chunk form in either naming. Every refusal names the wire field as sent.
 * Checks: all fields present; sizes, counts and indexes are non-negative integers; the index is
 * inside the count and partNum is index + 1; hashes are hex of the right length; the file name
 * is a name, not a path; and the count fits the file size (exactly, when the chunk size is known).
 */
export const parseChunkForm = (
  fields: ChunkFormFields,
): Result<{ readonly variant: ChunkFormVariant; readonly form: ChunkForm }> => {
  const detected = detectChunkFormVariant(fields);
  if (!detected.ok) return detected;
  const variant = detected.value;
  const names = CHUNK_FORM_FIELD_NAMES[variant];

  const raw = (name: string): Result<string> => {
    const value = fields[name];
    return value === undefined
      ? fail('UPLOAD.CHUNK_FIELD_MISSING', UPLOAD_MESSAGES.chunkFieldMissing(name), name)
      : ok(value);
  };
  const integer = (name: string, min: number): Result<number> => {
    const value = raw(name);
    if (!value.ok) return value;
    const n = Number(value.value);
    if (!DIGITS.test(value.value) || !Number.isSafeInteger(n)) {
      return fail('UPLOAD.CHUNK_FIELD_INVALID', UPLOAD_MESSAGES.chunkFieldNotInteger(name), name);
    }
    if (n < min) {
      return fail('UPLOAD.CHUNK_FIELD_INVALID', UPLOAD_MESSAGES.chunkFieldNotPositive(name), name);
    }
    return ok(n);
  };

  const uploadId = raw(names.uploadId);
  if (!uploadId.ok) return uploadId;
  if (uploadId.value.trim() === '') {
    return fail(
      'UPLOAD.CHUNK_FIELD_INVALID',
      UPLOAD_MESSAGES.chunkUploadIdInvalid(names.uploadId),
      names.uploadId,
    );
  }

  const fileName = raw(names.fileName);
  if (!fileName.ok) return fileName;
  const name = fileName.value;
  if (name.trim() === '' || name === '.' || name === '..' || BAD_NAME_CHARS.test(name)) {
    return fail(
      'UPLOAD.CHUNK_FIELD_INVALID',
      UPLOAD_MESSAGES.chunkFileNameInvalid(names.fileName),
      names.fileName,
    );
  }
  if (name.length > MAX_CHUNK_FILE_NAME_LENGTH) {
    return fail(
      'UPLOAD.CHUNK_FIELD_INVALID',
      UPLOAD_MESSAGES.chunkFileNameTooLong(names.fileName, MAX_CHUNK_FILE_NAME_LENGTH),
      names.fileName,
    );
  }

  const fileSize = integer(names.fileSize, 0);
  if (!fileSize.ok) return fileSize;

  let chunkSize: number | undefined;
  if (variant === 'long') {
    const parsed = integer(CHUNK_FORM_FIELD_NAMES.long.chunkSize, 1);
    if (!parsed.ok) return parsed;
    chunkSize = parsed.value;
  }

  const chunkTotal = integer(names.chunkTotal, 1);
  if (!chunkTotal.ok) return chunkTotal;
  const chunkIndex = integer(names.chunkIndex, 0);
  if (!chunkIndex.ok) return chunkIndex;
  if (chunkIndex.value >= chunkTotal.value) {
    return fail(
      'UPLOAD.CHUNK_FIELD_INVALID',
      UPLOAD_MESSAGES.chunkIndexOutOfRange(names.chunkIndex, names.chunkTotal),
      names.chunkIndex,
    );
  }
  const partNum = integer(names.partNum, 1);
  if (!partNum.ok) return partNum;
  if (partNum.value !== chunkIndex.value + 1) {
    return fail(
      'UPLOAD.CHUNK_FIELD_INVALID',
      UPLOAD_MESSAGES.chunkPartNumMismatch(names.chunkIndex),
      names.partNum,
    );
  }

  const chunkHash = raw(names.chunkHash);
  if (!chunkHash.ok) return chunkHash;
  if (!MD5.test(chunkHash.value)) {
    return fail(
      'UPLOAD.CHUNK_FIELD_INVALID',
      UPLOAD_MESSAGES.chunkHashInvalid(names.chunkHash),
      names.chunkHash,
    );
  }
  const fileHash = raw(names.fileHash);
  if (!fileHash.ok) return fileHash;
  if (!FILE_HASH.test(fileHash.value)) {
    return fail(
      'UPLOAD.CHUNK_FIELD_INVALID',
      UPLOAD_MESSAGES.fileHashInvalid(names.fileHash),
      names.fileHash,
    );
  }

  // Every chunk but an empty file's holds at least one byte, so the count is bounded by the size.
  const totalFits =
    chunkSize !== undefined
      ? chunkTotal.value === chunkCount(fileSize.value, chunkSize)
      : chunkTotal.value <= Math.max(1, fileSize.value);
  if (!totalFits) {
    return fail(
      'UPLOAD.CHUNK_FIELD_INVALID',
      UPLOAD_MESSAGES.chunkTotalMismatch(names.chunkTotal),
      names.chunkTotal,
    );
  }

  return ok({
    variant,
    form: {
      uploadId: uploadId.value,
      fileName: name,
      fileSize: fileSize.value,
      fileHash: fileHash.value.toLowerCase(),
      chunkSize,
      chunkTotal: chunkTotal.value,
      chunkIndex: chunkIndex.value,
      chunkHash: chunkHash.value.toLowerCase(),
      partNum: partNum.value,
    },
  });
};

/**
 * The wire fields of a form in the given naming. The long naming needs the chunk size; asking
 * for it from a form that has none is a programming error.
 */
export const toChunkFormFields = (
  form: ChunkForm,
  variant: ChunkFormVariant,
): Readonly<Record<string, string>> => {
  const common = {
    fileHash: form.fileHash,
    uploadId: form.uploadId,
    partNum: String(form.partNum),
  };
  if (variant === 'short') {
    return {
      size: String(form.fileSize),
      chunks: String(form.chunkTotal),
      chunk: String(form.chunkIndex),
      md5: form.chunkHash,
      filename: form.fileName,
      ...common,
    };
  }
  if (form.chunkSize === undefined) {
    throw new TypeError('the long chunk-form naming needs chunkSize');
  }
  return {
    chunkSize: String(form.chunkSize),
    chunkTotal: String(form.chunkTotal),
    chunkIndex: String(form.chunkIndex),
    chunkHash: form.chunkHash,
    fileName: form.fileName,
    fileSize: String(form.fileSize),
    ...common,
  };
};

/** The form for one chunk of a plan, as the web builds it before sending. */
export const buildChunkForm = (
  file: {
    readonly uploadId: string;
    readonly fileName: string;
    readonly fileSize: number;
    readonly fileHash: string;
  },
  chunkSize: number,
  chunk: ChunkSpan,
  chunkHash: string,
): ChunkForm => ({
  uploadId: file.uploadId,
  fileName: file.fileName,
  fileSize: file.fileSize,
  fileHash: file.fileHash.toLowerCase(),
  chunkSize,
  chunkTotal: chunkCount(file.fileSize, chunkSize),
  chunkIndex: chunk.index,
  chunkHash: chunkHash.toLowerCase(),
  partNum: chunk.index + 1,
});

/**
 * The byte range a chunk must cover, when the form says the chunk size (long naming); the
 * server compares it with the part it received. Undefined for the short naming.
 */
export const expectedChunkSpan = (form: ChunkForm): ChunkSpan | undefined =>
  form.chunkSize === undefined
    ? undefined
    : chunkAt(form.fileSize, form.chunkSize, form.chunkIndex);
