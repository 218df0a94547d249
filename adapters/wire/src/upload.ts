import { z } from 'zod';
import { blankAsAbsent, pageEnvelope, timestamp } from './envelope.js';
import { pagingShape } from './paging.js';

/*
 * The file calls of 000 §7 (the chunked upload and the ordinary form upload): what the API
 * answers, read by the routes (RouteBook's `response`) and by the http-client's FileGateway.
 */

const envelope = { code: z.literal(200), msg: z.string() };

/** A file the server stored: the answer of completion and of the ordinary upload. */
export const storedFileRecord = z
  .object({
    fileId: z.string(),
    /** The file id again: what the download calls take. */
    fileName: z.string(),
    originalFilename: z.string(),
    url: z.string(),
    size: z.number(),
    fileType: z.string(),
  })
  .meta({ id: 'StoredFile' });
export type StoredFileRecord = z.output<typeof storedFileRecord>;
/** RuoYi's clients read the file's fields at the top and under `data`: both are sent. */
export const storedFileAnswer = z.object({
  ...envelope,
  ...storedFileRecord.shape,
  data: storedFileRecord,
});

export const uploadIdAnswer = z.object({
  ...envelope,
  data: z.object({ uploadId: z.string(), fileName: z.string() }),
});

const chunkRecord = z.object({
  chunkIndex: z.number().int(),
  partNum: z.number().int(),
  size: z.number(),
  md5: z.string(),
});
export const chunkAnswer = z.object({
  ...envelope,
  data: chunkRecord.extend({ uploadId: z.string() }),
});

/** What the server holds of a chunked upload: where a client resumes from. */
export const chunkListing = z
  .object({
    uploadId: z.string(),
    fileName: z.string(),
    status: z.enum(['uploading', 'completing', 'complete']),
    fileSize: z.number().nullish(),
    fileHash: z.string().nullish(),
    chunkTotal: z.number().nullish(),
    chunkSize: z.number().nullish(),
    fileId: z.string().nullish(),
    chunks: z.array(chunkRecord),
  })
  .meta({ id: 'ChunkListing' });
export type ChunkListingRecord = z.output<typeof chunkListing>;
export const chunkListingAnswer = z.object({ ...envelope, data: chunkListing });

/** GET /common/files/mine: the caller's own files, always newest first (the file centre). */
const { pageNum, pageSize } = pagingShape(['createTime'] as const);
export const ownFilesQuery = z.object({
  pageNum,
  pageSize,
  fileName: z.preprocess(blankAsAbsent, z.string().max(255).optional()),
});
export type OwnFilesQuery = z.input<typeof ownFilesQuery>;

/** One of the caller's files, with where it is linked. */
export const ownFileRow = storedFileRecord
  .extend({
    createTime: timestamp(),
    uses: z.array(z.object({ what: z.string(), record: z.string() })),
  })
  .meta({ id: 'OwnFile' });
export type OwnFileRow = z.output<typeof ownFileRow>;
export const ownFilesAnswer = pageEnvelope(ownFileRow);

/**
 * A large export made in the background (core's export-job.ts): what a `Prefer: respond-async`
 * export answers with HTTP 202, and what `GET /common/exportJob/{jobId}` answers while it runs.
 */
export const exportJobRecord = z
  .object({
    jobId: z.string(),
    fileName: z.string(),
    status: z.enum(['running', 'done', 'failed', 'interrupted']),
    rowsDone: z.number().int().min(0),
    rowsTotal: z.number().int().min(0).nullable(),
    /** 0-100; null while the total is unknown or the job did not finish. */
    percent: z.number().int().min(0).max(100).nullable(),
    message: z.string(),
    /** The finished workbook among the caller's files; download it like any file. */
    fileId: z.string().nullable(),
    createTime: timestamp(),
    finishTime: timestamp().nullable(),
  })
  .meta({ id: 'ExportJob' });
export type ExportJobRecord = z.output<typeof exportJobRecord>;
export const exportJobAnswer = z.object({ ...envelope, data: exportJobRecord });
export const exportJobParams = z.object({
  jobId: z.string().regex(/^[0-9a-f]{32}$/),
});
