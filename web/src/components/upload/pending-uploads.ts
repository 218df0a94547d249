import { z } from 'zod';

/** What is remembered of a started chunked upload, so it can resume after a reload. */
const pendingSchema = z.object({
  uploadId: z.string().min(1),
  name: z.string(),
  size: z.number().int().nonnegative(),
  lastModified: z.number(),
  fileHash: z.string().regex(/^[0-9a-f]{32}$/),
  savedAt: z.number(),
});
export type PendingUpload = z.infer<typeof pendingSchema>;

const listSchema = z.array(z.unknown());

/** The three calls of the Web Storage API this needs. */
export interface SimpleStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * Why localStorage rather than sessionStorage: an upload of a large drawing set may outlive the
 * tab (a browser restart, a closed laptop); the server keeps an unfinished upload for
 * UPLOAD_ABANDON_AFTER_MS (24 h), so an entry older than that is dropped here too.
 */
export const PENDING_UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Started uploads per user and uploader profile. Only the identity of the file (name, size,
 * modification time) and its MD5 are kept: a browser cannot keep a file across a reload, so the
 * person picks it again and the upload continues from the chunks the server lists.
 */
export class PendingUploadStore {
  constructor(
    private readonly storage: SimpleStorage,
    private readonly userKey: string,
    private readonly now: () => number = () => Date.now(),
  ) {}

  private key(profile: string): string {
    return `dpms.bigUpload.${this.userKey}.${profile}`;
  }

  private read(profile: string): PendingUpload[] {
    let raw: unknown;
    try {
      raw = JSON.parse(this.storage.getItem(this.key(profile)) ?? '[]');
    } catch {
      return [];
    }
    const list = listSchema.safeParse(raw);
    if (!list.success) return [];
    const fresh = this.now() - PENDING_UPLOAD_MAX_AGE_MS;
    return list.data.flatMap((value) => {
      const parsed = pendingSchema.safeParse(value);
      return parsed.success && parsed.data.savedAt >= fresh ? [parsed.data] : [];
    });
  }

  private write(profile: string, list: readonly PendingUpload[]): void {
    try {
      if (list.length === 0) this.storage.removeItem(this.key(profile));
      else this.storage.setItem(this.key(profile), JSON.stringify(list));
    } catch {
      // Storage full or refused (private mode): resuming after a reload is then not offered.
    }
  }

  list(profile: string): readonly PendingUpload[] {
    return this.read(profile);
  }

  remember(profile: string, upload: PendingUpload): void {
    const others = this.read(profile).filter((u) => u.uploadId !== upload.uploadId);
    this.write(profile, [...others, { ...upload, savedAt: this.now() }]);
  }

  forget(uploadId: string): void {
    for (const profile of ['shell', 'contract']) {
      const list = this.read(profile);
      const kept = list.filter((u) => u.uploadId !== uploadId);
      if (kept.length !== list.length) this.write(profile, kept);
    }
  }
}
