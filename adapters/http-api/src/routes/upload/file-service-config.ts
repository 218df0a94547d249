/** Limits and timings of file handling; main reads them from the environment. */
export interface FileServiceConfig {
  /** Largest file a chunked upload may announce (UPLOAD_MAX_FILE_BYTES, default 4 GiB). */
  readonly maxFileBytes: number;
  /** Largest chunk (UPLOAD_MAX_CHUNK_BYTES, default 16 MiB; the contract pages send 10 MiB). */
  readonly maxChunkBytes: number;
  /** Largest ordinary form upload (UPLOAD_MAX_FORM_FILE_BYTES, default 200 MiB). */
  readonly maxFormFileBytes: number;
  /** An upload untouched this long is abandoned and swept (UPLOAD_ABANDON_AFTER_MS, default 24 h). */
  readonly abandonAfterMs: number;
  /** A completion claim older than this was left by a crashed instance and may be taken over. */
  readonly completionStaleMs: number;
}

export const DEFAULT_FILE_SERVICE_CONFIG: FileServiceConfig = {
  maxFileBytes: 4 * 1024 ** 3,
  maxChunkBytes: 16 * 1024 ** 2,
  maxFormFileBytes: 200 * 1024 ** 2,
  abandonAfterMs: 24 * 3600_000,
  completionStaleMs: 10 * 60_000,
};

/** Reads the limits from UPLOAD_* variables, defaults otherwise. */
export function fileServiceConfigFromEnv(env: NodeJS.ProcessEnv = process.env): FileServiceConfig {
  const num = (name: string, fallback: number): number => {
    const v = Number(env[name]);
    return env[name] && Number.isFinite(v) && v > 0 ? v : fallback;
  };
  const d = DEFAULT_FILE_SERVICE_CONFIG;
  return {
    maxFileBytes: num('UPLOAD_MAX_FILE_BYTES', d.maxFileBytes),
    maxChunkBytes: num('UPLOAD_MAX_CHUNK_BYTES', d.maxChunkBytes),
    maxFormFileBytes: num('UPLOAD_MAX_FORM_FILE_BYTES', d.maxFormFileBytes),
    abandonAfterMs: num('UPLOAD_ABANDON_AFTER_MS', d.abandonAfterMs),
    completionStaleMs: num('UPLOAD_COMPLETION_STALE_MS', d.completionStaleMs),
  };
}
