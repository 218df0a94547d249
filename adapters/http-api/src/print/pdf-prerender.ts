import {
  ALL_DATA,
  CONTRACT_DOCUMENT_RECORD_KIND,
  CONTRACT_RECORD_KIND,
  type ApprovalApprovedEvent,
  type ApprovalFollowUpPort,
} from '@dpms/core';
import type { Task } from 'graphile-worker';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Db } from '../composition/db.js';
import type { Principal } from '../identity/principal.js';
import { printedPdfs, SYSTEM_ACTOR, type PrintDeps } from './pdf.routes.js';
import type { PrintableDocument } from './print-payloads.js';
import type { PrintedPdf } from './printed-pdf-store.js';

/** graphile-worker's task that prints a newly approved approval's PDFs ahead of the first click. */
export const PRERENDER_TASK = 'dpms_prerender_pdf';

/** Tries a failed rendering (the print service down or busy) gets, minutes apart at most. */
export const PRERENDER_MAX_ATTEMPTS = 5;

/** One pre-render per approval: a second approval of the same one before it runs collapses. */
export const prerenderJobKey = (approvalId: string): string => `${PRERENDER_TASK}_${approvalId}`;

const id = z.number().int().positive().max(999_999_999);
const payloadSchema = z.object({
  approvalId: z.string().min(1).max(64),
  /** The approved record is a contract document: its PDF too. */
  documentId: id.optional(),
  /** The approved record is a contract: the PDF of its document (its `pdfUrl`) too. */
  contractId: id.optional(),
});

export type PrerenderPayload = z.infer<typeof payloadSchema>;

const recordNumber = (recordId: string | null): number | undefined => {
  const parsed = id.safeParse(Number(recordId));
  return parsed.success ? parsed.data : undefined;
};

/** What the job prints for an approval that was just approved. */
export function prerenderPayload(event: ApprovalApprovedEvent): PrerenderPayload {
  const record = recordNumber(event.recordId);
  if (record !== undefined && event.recordKind === CONTRACT_DOCUMENT_RECORD_KIND)
    return { approvalId: event.approvalId, documentId: record };
  if (record !== undefined && event.recordKind === CONTRACT_RECORD_KIND)
    return { approvalId: event.approvalId, contractId: record };
  return { approvalId: event.approvalId };
}

/**
 * Queues the pre-render with graphile-worker's own `add_job`, in the transaction that approves:
 * a rolled-back approval queues nothing, a committed one always has its job, even if this
 * process dies right after (the NOTIFY that wakes a worker goes out with the commit). One named
 * queue runs them one at a time across the instances: a burst of approvals neither takes every
 * worker slot from the scheduled jobs nor floods the print service the viewers are waiting on.
 *
 * Without the schema `graphile_worker` nothing is queued: the queue installs it as it starts,
 * which a server does in the background right after it listens, and which a test that runs no
 * queue never does. An approval in that window is printed at its first click, as before; failing
 * the approval for it would be far worse.
 */
export class GraphilePrerenderQueue implements ApprovalFollowUpPort {
  constructor(
    private readonly trx: Db,
    /** Told when the job could not be queued (the approval goes on without it). */
    private readonly onRefused: (err: unknown) => void = () => undefined,
  ) {}

  async approved(event: ApprovalApprovedEvent): Promise<void> {
    const installed = await sql<{ installed: boolean }>`select exists (
        select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'graphile_worker' and p.proname = 'add_job') as installed`.execute(
      this.trx,
    );
    if (installed.rows[0]?.installed !== true) return;
    const payload = JSON.stringify(prerenderPayload(event));
    // Within a savepoint: a queue that refuses (its schema being migrated by a starting
    // instance, a lock) costs the approval nothing but its pre-render.
    await sql`savepoint dpms_prerender`.execute(this.trx);
    try {
      await sql`select graphile_worker.add_job(
          ${PRERENDER_TASK},
          ${payload}::json,
          queue_name => ${PRERENDER_TASK},
          max_attempts => ${PRERENDER_MAX_ATTEMPTS}::int,
          job_key => ${prerenderJobKey(event.approvalId)})`.execute(this.trx);
      await sql`release savepoint dpms_prerender`.execute(this.trx);
    } catch (err) {
      await sql`rollback to savepoint dpms_prerender`.execute(this.trx);
      this.onRefused(err);
    }
  }
}

/**
 * The system reading a contract document to print it: every department's (ALL_DATA). Safe
 * because the PDF is stored, not served: each route still finds the document and the approval
 * within its caller's data scope before it answers the stored PDF.
 */
const SYSTEM_PRINCIPAL: Principal = {
  sessionId: '',
  userId: SYSTEM_ACTOR.userId,
  userName: 'system',
  deptId: null,
  roleId: 0,
  roleKey: 'system',
  roleName: 'system',
  permissions: [],
  isAdmin: true,
  scope: ALL_DATA,
};

/**
 * The pre-render: prints what a viewer's first click would print, through the routes' own
 * payload builders and the same store (`printedPdfs`), so that click finds the stored PDF (same
 * payload, same hash). It reads as the system with ALL_DATA, for the reason above.
 *
 * A rendering the print service refuses (down, busy) fails the attempt and graphile-worker tries
 * again later (its backoff, seconds then minutes), warning once until a rendering succeeds; the
 * last attempt gives up without failing, as the first click prints it anyway, so no failed job
 * is left behind. An approval that is gone, or a payload not understood, is nothing to print.
 */
export function prerenderTask(deps: PrintDeps, logger: Logger): Task {
  const pdfs = printedPdfs(deps);
  const log = logger.child({ component: 'pdf-prerender' });
  let warned = false;

  const documentOf = async (p: PrerenderPayload): Promise<PrintableDocument | null> => {
    if (!deps.documents) return null;
    if (p.documentId !== undefined) return deps.documents.find(p.documentId, SYSTEM_PRINCIPAL);
    if (p.contractId !== undefined)
      return deps.documents.latestOfContract(p.contractId, SYSTEM_PRINCIPAL);
    return null;
  };

  return async (raw, helpers) => {
    const parsed = payloadSchema.safeParse(raw);
    if (!parsed.success) {
      log.warn({ payload: raw }, 'PDF pre-render: payload not understood; dropped');
      return;
    }
    const p = parsed.data;
    const sheet = await pdfs.approvalSheet(p.approvalId, SYSTEM_ACTOR);
    if (!sheet.ok) {
      log.info({ approvalId: p.approvalId, code: sheet.error.code }, 'PDF pre-render: no approval');
      return;
    }
    const printed: { readonly subject: string; readonly pdf: PrintedPdf }[] = [
      { subject: `approval-${p.approvalId}`, pdf: sheet.value.printed },
    ];
    const doc = await documentOf(p);
    if (doc !== null)
      printed.push({
        subject: `document-${doc.documentId}`,
        pdf: (await pdfs.contractDocument(doc)).printed,
      });
    const failed = printed.find((x) => !x.pdf.ok)?.pdf;
    if (failed && !failed.ok) {
      const { attempts, max_attempts: maxAttempts } = helpers.job;
      const said = { approvalId: p.approvalId, status: failed.status, attempts, maxAttempts };
      if (!warned) log.warn(said, `PDF pre-render failed: ${failed.message}; trying again later`);
      else log.debug(said, `PDF pre-render failed: ${failed.message}`);
      warned = true;
      if (attempts >= maxAttempts) {
        log.info(said, 'PDF pre-render given up; the first viewer prints it');
        return;
      }
      throw new Error(failed.message);
    }
    warned = false;
    log.info(
      {
        approvalId: p.approvalId,
        pdfs: printed.map((x) => ({ subject: x.subject, cached: x.pdf.ok && x.pdf.cached })),
      },
      'PDFs pre-rendered',
    );
  };
}
