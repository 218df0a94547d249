import axios, { type AxiosAdapter, type AxiosInstance, type AxiosProgressEvent } from 'axios';
import {
  UPLOAD_MESSAGES,
  fileIdOfReference,
  parseUploadResponse,
  uploadFailure,
  type UploadPurpose,
} from '@dpms/core';
import {
  REAL_STATUSES,
  STATUS_HEADER,
  chunkAnswer,
  chunkListingAnswer,
  exportJobAnswer,
  ownFilesAnswer,
  storedFileAnswer,
  uploadIdAnswer,
  type ChunkListingRecord,
  type ExportJobRecord,
  type OwnFileRow,
  type OwnFilesQuery,
  type StoredFileRecord,
} from '@dpms/wire';
import { isApiAddress } from '../api-address.js';
import { ApiError } from '../api-error.js';
import { API_BASE, REQUEST_TIMEOUT_MS, type Envelope, type HttpClient } from '../client.js';
import { MESSAGES, transportMessage } from '../messages.js';
import type { TokenStore } from '../ports.js';
import { answerOf } from './answer.js';
import type { Page } from './page.js';

/** A file the server stored: the answer of completion and of the ordinary upload. */
export type StoredFile = StoredFileRecord;
/** One of the signed-in user's files, with where it is linked (the file centre's row). */
export type OwnFile = OwnFileRow;
/** What the server holds of a chunked upload: where a client resumes from. */
export type ChunkListing = ChunkListingRecord;

export interface TransferOptions {
  /** Aborting rejects with an ApiError of code `UPLOAD.ABORTED`. */
  signal?: AbortSignal;
  /** Bytes of the request body sent so far. */
  onProgress?: (loaded: number, total: number) => void;
}

export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition (the UTF-8 `filename*` first); undefined when it names none. */
  fileName: string | undefined;
}

export const ABORTED_CODE = 'UPLOAD.ABORTED';

/** A background export as the server reports it (GET /common/exportJob/{jobId}). */
export type ExportJob = ExportJobRecord;

/** How often a background export's progress is read, and how many failed reads in a row end it. */
const EXPORT_POLL_MS = 800;
const EXPORT_POLL_MISSES = 5;

/** Waits `ms`, or rejects as aborted when `signal` aborts first. */
const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const aborted = () => {
      clearTimeout(timer);
      reject(new ApiError(ABORTED_CODE, '已取消', 0, true));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', aborted);
      resolve();
    }, ms);
    if (signal?.aborted) aborted();
    else signal?.addEventListener('abort', aborted, { once: true });
  });

/** The file id the server issues: 32 lower-case hex digits. */

/**
 * The name a `Content-Disposition` header gives (RFC 6266): `filename*=UTF-8''…` wins over the
 * plain `filename="…"`, which old servers fill with an ASCII fallback.
 */
export function fileNameFromContentDisposition(
  header: string | null | undefined,
): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header)?.[1]?.trim();
  if (extended) {
    const match = /^([\w-]*)'[^']*'(.*)$/.exec(extended.replace(/^"|"$/g, ''));
    const value = match?.[2] ?? extended;
    try {
      return decodeURIComponent(value);
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]*)/i.exec(header);
  if (!plain) return undefined;
  const name = (plain[2] ?? plain[1] ?? '').replace(/\\(.)/g, '$1').trim();
  if (name === '') return undefined;
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/**
 * The file calls of 000 §7: the chunked upload (getUploadId, upload, the chunk list for resuming,
 * complateUploadId), the ordinary form upload and the downloads. JSON calls go through the
 * shared client; multipart bodies (with progress and abort) and binary answers through an axios
 * instance of their own, since the shared client speaks JSON only. Every call is `quiet`: a
 * dropped chunk must fail that chunk, not log the person out.
 */
export class FileGateway {
  private readonly raw: AxiosInstance;

  constructor(
    private readonly http: HttpClient,
    private readonly tokens: TokenStore,
    options: { baseURL?: string; adapter?: AxiosAdapter } = {},
  ) {
    this.raw = axios.create({
      baseURL: options.baseURL ?? API_BASE,
      timeout: REQUEST_TIMEOUT_MS,
      headers: { [STATUS_HEADER]: REAL_STATUSES },
      ...(options.adapter ? { adapter: options.adapter } : {}),
    });
  }

  /**
   * GET /common/maxfile/getUploadId: once per file, before its first chunk. `purpose` 'result'
   * (a design result) lets a CAD drawing through.
   */
  async getUploadId(fileName: string, purpose?: UploadPurpose): Promise<string> {
    const res = await this.http.get('/common/maxfile/getUploadId', {
      params: purpose === undefined ? { fileName } : { fileName, purpose },
      quiet: true,
    });
    return answerOf(uploadIdAnswer, res, '/common/maxfile/getUploadId').data.uploadId;
  }

  /** POST /common/maxfile/upload: one chunk with its form fields (either naming). */
  async uploadChunk(
    fields: Readonly<Record<string, string>>,
    chunk: Blob,
    fileName: string,
    options: TransferOptions = {},
  ): Promise<void> {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('file', chunk, fileName);
    const body = await this.send('/common/maxfile/upload', form, options);
    answerOf(chunkAnswer, body as Envelope, '/common/maxfile/upload');
  }

  /** GET /common/maxfile/chunks: the chunks the server holds, to resume an upload. */
  async listChunks(uploadId: string): Promise<ChunkListing> {
    const res = await this.http.get('/common/maxfile/chunks', {
      params: { uploadId },
      quiet: true,
    });
    return answerOf(chunkListingAnswer, res, '/common/maxfile/chunks').data;
  }

  /** GET /common/files/mine: the signed-in user's own files, newest first (the file centre). */
  async listMine(query: OwnFilesQuery = {}): Promise<Page<OwnFile>> {
    const params = Object.fromEntries(
      Object.entries(query).filter(([, v]) => v !== '' && v !== undefined && v !== null),
    );
    const res = await this.http.get('/common/files/mine', { params });
    const { rows, total } = answerOf(ownFilesAnswer, res, '/common/files/mine');
    return { rows, total };
  }

  /** GET /common/maxfile/complateUploadId: once per file after its last chunk; repeatable. */
  async completeUpload(uploadId: string): Promise<StoredFile> {
    const res = await this.http.get('/common/maxfile/complateUploadId', {
      params: { uploadId },
      quiet: true,
    });
    return answerOf(storedFileAnswer, res, '/common/maxfile/complateUploadId').data;
  }

  /** POST /common/upload: a form attachment in one request (`purpose` 'result' admits CAD). */
  async uploadFile(
    file: Blob,
    fileName: string,
    options: TransferOptions & { purpose?: UploadPurpose } = {},
  ): Promise<StoredFile> {
    const form = new FormData();
    form.append('file', file, fileName);
    const path =
      options.purpose === undefined
        ? '/common/upload'
        : `/common/upload?purpose=${options.purpose}`;
    const body = await this.send(path, form, options);
    return answerOf(storedFileAnswer, body as Envelope, '/common/upload').data;
  }

  /**
   * The download call of a stored file: a server-issued id, or a download address the server built
   * for one. Anything else (another API route, another origin, a scheme) is refused
   * with `UPLOAD.ADDRESS_INVALID`: a stored string never chooses what the browser fetches.
   */
  resourcePath(reference: string, preview = false): string {
    const id = fileIdOfReference(reference);
    if (id === null) {
      throw new ApiError('UPLOAD.ADDRESS_INVALID', UPLOAD_MESSAGES.downloadAddressInvalid, 400);
    }
    return `/common/download/resource?resource=${id}${preview ? '&preview=true' : ''}`;
  }

  /** Fetches a stored file (its id or its download address) with the session's token. */
  async download(
    reference: string,
    options: { preview?: boolean; signal?: AbortSignal } = {},
  ): Promise<DownloadedFile> {
    return this.fetchFile(this.resourcePath(reference, options.preview ?? false), options.signal);
  }

  /**
   * Fetches a file the application's own code addresses (an export, a printed PDF): a path of
   * the API, relative to its base. Never pass it a stored value; those go through `download`.
   */
  async downloadPath(
    apiPath: string,
    options: { signal?: AbortSignal } = {},
  ): Promise<DownloadedFile> {
    return this.fetchFile(this.apiPathOf(apiPath), options.signal);
  }

  /**
   * An export the application's own code addresses (like `downloadPath`), asking the server to
   * make a large one in the background (`Prefer: respond-async`, core's export-job.ts): a small
   * export is the answer itself; a large one answers 202 with a job whose progress is read every
   * `pollMs` and handed to `onProgress`, and whose file is fetched when done. A job that failed
   * or was interrupted rejects with its message.
   */
  async downloadExport(
    apiPath: string,
    options: {
      signal?: AbortSignal;
      onProgress?: (job: ExportJob) => void;
      pollMs?: number;
    } = {},
  ): Promise<DownloadedFile> {
    const url = this.apiPathOf(apiPath);
    let job: ExportJob;
    try {
      const res = await this.raw.get<Blob>(url, {
        responseType: 'blob',
        headers: { ...this.authHeaders(url), Prefer: 'respond-async' },
        ...(options.signal ? { signal: options.signal } : {}),
      });
      if (res.status !== 202) {
        const header = res.headers['content-disposition'] as string | undefined;
        return { blob: res.data, fileName: fileNameFromContentDisposition(header) };
      }
      job = answerOf(exportJobAnswer, JSON.parse(await res.data.text()) as Envelope, url).data;
    } catch (error) {
      throw await this.failure(error, url);
    }
    options.onProgress?.(job);
    const path = `/common/exportJob/${job.jobId}`;
    let misses = 0;
    while (job.status === 'running') {
      await pause(options.pollMs ?? EXPORT_POLL_MS, options.signal);
      try {
        job = answerOf(exportJobAnswer, await this.http.get(path, { quiet: true }), path).data;
        misses = 0;
      } catch (error) {
        // A server restarting or a dropped connection: the job goes on, so ask again a few
        // times before giving up; a refusal (404) ends the wait at once.
        const status = error instanceof ApiError ? error.status : 0;
        if ((status !== 0 && status < 500) || ++misses > EXPORT_POLL_MISSES) throw error;
        continue;
      }
      options.onProgress?.(job);
    }
    if (job.status !== 'done' || job.fileId === null) {
      throw new ApiError(`EXPORT.${job.status.toUpperCase()}`, job.message, 0);
    }
    const file = await this.download(job.fileId, options.signal ? { signal: options.signal } : {});
    return { blob: file.blob, fileName: job.fileName };
  }

  /** An API path relative to its base; anything else is refused. */
  private apiPathOf(apiPath: string): string {
    const base = this.raw.defaults.baseURL ?? API_BASE;
    const bare = apiPath.startsWith(`${base}/`) ? apiPath.slice(base.length) : apiPath;
    if (!/^\/(?!\/)/.test(bare) || bare.includes('\\')) {
      throw new ApiError('UPLOAD.ADDRESS_INVALID', UPLOAD_MESSAGES.downloadAddressInvalid, 400);
    }
    return bare;
  }

  private async fetchFile(url: string, signal?: AbortSignal): Promise<DownloadedFile> {
    try {
      const res = await this.raw.get<Blob>(url, {
        responseType: 'blob',
        headers: this.authHeaders(url),
        ...(signal ? { signal } : {}),
      });
      const header = res.headers['content-disposition'] as string | undefined;
      return { blob: res.data, fileName: fileNameFromContentDisposition(header) };
    } catch (error) {
      throw await this.failure(error, url);
    }
  }

  /** The bearer token, for an address of the API's own routes only. */
  private authHeaders(url: string): Record<string, string> {
    const token = this.tokens.get();
    const address = this.raw.getUri({ url });
    return token && isApiAddress(address, this.raw.defaults.baseURL ?? API_BASE)
      ? { Authorization: `Bearer ${token}` }
      : {};
  }

  private async send(url: string, form: FormData, options: TransferOptions): Promise<unknown> {
    try {
      const res = await this.raw.post<string>(url, form, {
        headers: this.authHeaders(url),
        // 000 §7: the answer is parsed as JSON when possible.
        responseType: 'text',
        transformResponse: [(data: unknown) => data],
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.onProgress
          ? {
              onUploadProgress: (e: AxiosProgressEvent) =>
                options.onProgress?.(e.loaded, e.total ?? e.loaded),
            }
          : {}),
      });
      const body = parseUploadResponse(typeof res.data === 'string' ? res.data : '');
      this.checkEnvelope(body, url, res.status);
      return body;
    } catch (error) {
      throw await this.failure(error, url);
    }
  }

  private checkEnvelope(body: unknown, url: string, status: number): void {
    if (typeof body !== 'object' || body === null) return;
    const code = (body as { code?: unknown }).code;
    if (typeof code !== 'number' || code === 200) return;
    throw envelopeError(body as Record<string, unknown>, code, url, status);
  }

  /** Any failure as an ApiError: the server's envelope when it sent one, else 000 §8's text. */
  private async failure(error: unknown, url: string): Promise<ApiError> {
    if (error instanceof ApiError) return error;
    if (axios.isCancel(error) || (error instanceof Error && error.name === 'CanceledError')) {
      return new ApiError(ABORTED_CODE, '上传已暂停', 0, true);
    }
    if (!axios.isAxiosError(error)) {
      return new ApiError(
        'HTTP.TRANSPORT',
        error instanceof Error ? error.message : String(error),
        0,
        true,
      );
    }
    const status = error.response?.status ?? 0;
    let data: unknown = error.response?.data;
    if (typeof Blob !== 'undefined' && data instanceof Blob) data = await data.text();
    const text = typeof data === 'string' ? data : undefined;
    const body = typeof data === 'string' ? parseUploadResponse(data) : data;
    if (
      typeof body === 'object' &&
      body !== null &&
      typeof (body as { code?: unknown }).code === 'number'
    ) {
      return envelopeError(
        body as Record<string, unknown>,
        (body as { code: number }).code,
        url,
        status,
      );
    }
    if (status === 0)
      return new ApiError('HTTP.TRANSPORT', transportMessage(error.message), 0, true);
    const failure = uploadFailure({
      url: `${API_BASE}${url}`,
      status,
      response: body,
      ...(text === undefined ? {} : { responseText: text }),
    });
    return new ApiError(`HTTP.${status}`, failure.message, status, true);
  }
}

function envelopeError(
  body: Record<string, unknown>,
  code: number,
  url: string,
  status: number,
): ApiError {
  if (code === 401) return new ApiError('SESSION.EXPIRED', MESSAGES.invalidSession, 401);
  const msg = typeof body['msg'] === 'string' && body['msg'] !== '' ? body['msg'] : undefined;
  const message =
    msg ??
    uploadFailure({ url: `${API_BASE}${url}`, status: status || code, response: body }).message;
  const errorCode = typeof body['errorCode'] === 'string' ? body['errorCode'] : `HTTP.${code}`;
  const field = typeof body['field'] === 'string' ? body['field'] : undefined;
  return new ApiError(errorCode, message, code, false, field);
}
