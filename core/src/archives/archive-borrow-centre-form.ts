import { formText } from '../approval/centre-form-content.js';
import { onForm, type CentreFormHandler } from '../approval/centre-forms.use-case.js';
import { engineMessages } from '../approval/approval-engine.types.js';
import type { TemplateContent } from '../approval/template.js';
import { err, ok } from '../shared/result.js';
import type { ArchiveBorrowInput } from './archive-borrow.js';
import { archiveErrors, type ArchiveActor } from './archives.js';
import type { ArchiveBorrowService } from './archives.use-case.js';

/**
 * The borrowing's fields by the 27_1 form's refnames: the archive is the picker (`recordId`), the
 * pledge is 保密承诺 (`remark`); purpose and period keep their names.
 */
export const ARCHIVE_BORROW_FORM_FIELDS: Readonly<Record<string, string>> = {
  archiveId: 'recordId',
  borrowId: 'recordId',
  pledge: 'remark',
};

/** The borrowing a 27_1 form from 发起审批 asks for. */
export function borrowInputOfForm(archiveId: string, content: TemplateContent): ArchiveBorrowInput {
  const v = (refname: string) => formText(content, refname);
  return {
    archiveId: Number(archiveId),
    purpose: v('purpose'),
    startDate: v('startDate'),
    endDate: v('endDate'),
    pledge: v('remark'),
  };
}

/**
 * 发起审批's 27_1: the borrowing is asked for on the picked archive through the archive screen's
 * own use case (`ArchiveBorrowService.borrow`: the period rule, one open borrowing per person and
 * archive, none where the borrower may read already) and sent at once, so an approved one opens
 * the archive to the borrower as the screen's does.
 */
export function archiveBorrowCentreForm<A>(
  borrows: ArchiveBorrowService,
  actorOf: (actor: A) => ArchiveActor,
): CentreFormHandler<A> {
  return async (request, actor, idem) => {
    const missing = { ...archiveErrors.notFound(), field: 'recordId' };
    const archiveId = Number(request.recordId);
    if (!Number.isSafeInteger(archiveId) || archiveId <= 0) return err(missing);
    const a = actorOf(actor);
    const made = await borrows.borrow(
      borrowInputOfForm(request.recordId, request.content),
      a,
      true,
      { ...idem, userId: a.userId },
    );
    if (!made.ok) {
      if (made.error.code === missing.code) return err(missing);
      return err(onForm(made.error, ARCHIVE_BORROW_FORM_FIELDS));
    }
    const approvalId = made.value.approvalId;
    return approvalId === null ? err(engineMessages.notFound()) : ok({ approvalId });
  };
}
