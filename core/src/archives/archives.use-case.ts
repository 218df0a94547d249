import type { UnitOfWork } from '../platform/unit-of-work.port.js';
import { err, ok, type Result } from '../shared/result.js';
import {
  archiveErrors,
  canManageArchive,
  canReadArchive,
  checkMemo,
  normaliseAllowView,
  type Archive,
  type ArchiveAction,
  type ArchiveActor,
  type ArchiveLog,
} from './archives.js';
import type { ArchiveListFilter, ArchiveRepositories } from './archives.repository.port.js';

type R<T> = Promise<Result<T>>;

/**
 * Archives (/project/archives/*): reading one (view, downLoad) is allowed to its keeper, its
 * registrant and the users granted; every read is logged in the same transaction.
 */
export class ArchiveService {
  constructor(
    private readonly uow: UnitOfWork<ArchiveRepositories>,
    private readonly clock: { now(): Date },
  ) {}

  list(
    filter: ArchiveListFilter,
    actor: ArchiveActor,
    page: { offset: number; limit: number },
  ): Promise<{ total: number; rows: Archive[] }> {
    return this.uow.transaction((r) => r.archives.list(filter, actor, page));
  }

  /** Reads an archive (view or download) and logs it; refused without permission. */
  read(archiveId: number, action: ArchiveAction, actor: ArchiveActor): R<Archive> {
    return this.uow.transaction(async (r) => {
      const a = await r.archives.findById(archiveId);
      if (a === null) return err(archiveErrors.notFound());
      if (!canReadArchive(actor, a)) return err(archiveErrors.denied());
      await r.archives.appendLog(archiveId, action, actor, this.clock.now());
      return ok(a);
    });
  }

  logs(archiveId: number, actor: ArchiveActor): R<ArchiveLog[]> {
    return this.uow.transaction(async (r) => {
      const a = await r.archives.findById(archiveId);
      if (a === null) return err(archiveErrors.notFound());
      if (!canManageArchive(actor, a)) return err(archiveErrors.grantDenied());
      return ok(await r.archives.logs(archiveId));
    });
  }

  updateAllowView(archiveId: number, userIds: readonly number[], actor: ArchiveActor): R<Archive> {
    return this.uow.transaction(async (r) => {
      const a = await r.archives.findById(archiveId, true);
      if (a === null) return err(archiveErrors.notFound());
      if (!canManageArchive(actor, a)) return err(archiveErrors.grantDenied());
      const ids = normaliseAllowView(userIds);
      if (!ids.ok) return ids;
      const known = await r.archives.existingUsers(ids.value);
      if (known.length !== ids.value.length) return err(archiveErrors.unknownUser());
      await r.archives.updateAllowView(archiveId, ids.value, this.clock.now());
      return ok({ ...a, allowViewUserIds: ids.value });
    });
  }

  updateMemo(archiveId: number, memo: string, actor: ArchiveActor): R<Archive> {
    return this.uow.transaction(async (r) => {
      const a = await r.archives.findById(archiveId, true);
      if (a === null) return err(archiveErrors.notFound());
      if (!canManageArchive(actor, a)) return err(archiveErrors.grantDenied());
      const text = checkMemo(memo);
      if (!text.ok) return text;
      await r.archives.updateMemo(archiveId, text.value, this.clock.now());
      return ok({ ...a, memo: text.value });
    });
  }
}
