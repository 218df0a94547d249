import type { Archive, ArchiveAction, ArchiveActor, ArchiveLog } from './archives.js';

export interface ArchiveListFilter {
  readonly archiveName?: string;
  readonly projectName?: string;
  readonly contractId?: number;
}

export interface ArchiveRepository {
  /** Archives the actor may read (keeper: all), newest first. */
  list(
    filter: ArchiveListFilter,
    actor: ArchiveActor,
    page: { readonly offset: number; readonly limit: number },
  ): Promise<{ total: number; rows: Archive[] }>;
  findById(archiveId: number, forUpdate?: boolean): Promise<Archive | null>;
  /** The ids among `ids` that are live users. */
  existingUsers(ids: readonly number[]): Promise<readonly number[]>;
  updateAllowView(archiveId: number, ids: readonly number[], at: Date): Promise<void>;
  updateMemo(archiveId: number, memo: string, at: Date): Promise<void>;
  appendLog(archiveId: number, action: ArchiveAction, actor: ArchiveActor, at: Date): Promise<void>;
  logs(archiveId: number): Promise<ArchiveLog[]>;
}

export interface ArchiveRepositories {
  readonly archives: ArchiveRepository;
}
