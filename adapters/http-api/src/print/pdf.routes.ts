import type { Response } from 'express';
import { z } from 'zod';
import {
  ALL_DATA,
  INSTITUTE_TIME_ZONE_CONFIG_KEY,
  parseTimeZone,
  type ApprovalActor,
  type ApprovalDetailAnswer,
  type ApprovalEngine,
  type ApprovalSheetPrint,
  type ApprovalSheets,
  type ContractDocumentPrint,
  type PlatformRepositories,
  type Result,
  type SignatureImageRepository,
  type UnitOfWork,
} from '@dpms/core';
import { HttpError, unwrap } from '../http/http-error.js';
import { perm } from '../http/route.js';
import type { Principal } from '../identity/principal.js';
import { contentDisposition } from '../routes/download.routes.js';
import type { RouteModule } from '../routes/route-module.js';
import {
  approvalSheetPrint,
  contractDocumentPrint,
  type PrintableDocument,
  type PrintSources,
} from './print-payloads.js';
import { PRINT_MESSAGES } from './print-messages.js';
import type { PrintedPdf, PrintedPdfStore } from './printed-pdf-store.js';
import type { PrintableContractSource } from './contract-pdf.routes.js';

const TAG = '打印';

/** Finds a stored contract document the caller may see (their data scope); null otherwise. */
export interface PrintableDocumentSource {
  find(documentId: number, principal: Principal): Promise<PrintableDocument | null>;
  /** The document a project contract is printed as: its approved one, else the latest. */
  latestOfContract(contractId: number, principal: Principal): Promise<PrintableDocument | null>;
}

/**
 * A contract's `pdfUrl`: its contract document as PDF, always the current one (the address stays,
 * the PDF follows the document and its signatures).
 */
export const contractPdfUrl = (contractId: number | string): string =>
  `/prod-api/v4/contract-document/contractPdf?contractId=${contractId}`;

export interface PrintDeps {
  readonly pdfs: PrintedPdfStore;
  readonly engine: ApprovalEngine;
  readonly repos: PlatformRepositories;
  readonly signatures: UnitOfWork<{ readonly signatures: SignatureImageRepository }>;
  /** The sheets of what is being approved; without it the sheet prints the form as filed. */
  readonly sheets?: ApprovalSheets;
  /** The contract documents; without it the document PDF answers 404. */
  readonly documents?: PrintableDocumentSource;
  /** The contracts, read as 合同详情 reads them; without it a formal contract's PDF answers 404. */
  readonly contracts?: PrintableContractSource;
}

const actorOf = (p: Principal): ApprovalActor => ({
  userId: p.userId,
  deptId: p.deptId,
  scope: p.isAdmin ? ALL_DATA : p.scope,
});

/** What a printed document reads to show names and signatures. */
export function printSources(deps: Pick<PrintDeps, 'repos' | 'signatures'>): PrintSources {
  return {
    async userNames(ids) {
      const out: Record<string, string> = {};
      for (const id of new Set(ids)) {
        const n = Number(id);
        if (!Number.isSafeInteger(n)) continue;
        const user = await deps.repos.users.findById(n, ALL_DATA);
        if (user) out[id] = user.nickName;
      }
      return out;
    },
    readSignature: (fileId) => deps.signatures.transaction((r) => r.signatures.read(fileId)),
    timeZone: async () =>
      parseTimeZone(await deps.repos.configs.valueOf(INSTITUTE_TIME_ZONE_CONFIG_KEY)),
  };
}

/** Sends a rendered PDF inline (the web's viewer opens it), or the print service's refusal. */
export function sendPdf(res: Response, printed: PrintedPdf, fileName: string): void {
  if (!printed.ok) throw new HttpError(printed.status, printed.message);
  res.status(200);
  res.set({
    'Content-Type': 'application/pdf',
    'Content-Length': String(printed.pdf.byteLength),
    'Content-Disposition': contentDisposition(fileName, true),
    'Access-Control-Expose-Headers': 'Content-Disposition',
    // The PDF follows the document and its signatures: the browser asks again each time.
    'Cache-Control': 'no-cache',
    ...(printed.hash ? { ETag: `"${printed.hash}"` } : {}),
  });
  res.end(Buffer.from(printed.pdf.buffer, printed.pdf.byteOffset, printed.pdf.byteLength));
}

/** The sheet of the approval an answer is for, read now (none without the sheets). */
async function sheetOfAnswer(deps: PrintDeps, answer: ApprovalDetailAnswer) {
  const a = answer.approval;
  return deps.sheets?.sheetOf({
    typeCode: a.typeCode,
    recordKind: a.recordKind,
    recordId: a.recordId,
    content: a.content,
  });
}

/**
 * The two PDFs as the routes print them, and as the pre-render job prints them ahead of the first
 * click: one payload builder each, so both land on the same stored PDF (its key is the payload's
 * hash).
 */
export function printedPdfs(deps: PrintDeps) {
  const sources = printSources(deps);
  /**
   * An approval's sheet as printed, not yet rendered: the record's figures read now, each node's
   * signature, every round. A formal contract's PDF prints it under its own header.
   */
  const approvalSheetPayload = async (
    approvalId: string,
    actor: ApprovalActor,
  ): Promise<Result<ApprovalSheetPrint>> => {
    const answer = await deps.engine.exportSheet(approvalId, actor);
    if (!answer.ok) return answer;
    return {
      ok: true,
      value: await approvalSheetPrint(
        answer.value,
        sources,
        await sheetOfAnswer(deps, answer.value),
      ),
    };
  };
  return {
    approvalSheetPayload,
    /** An approval's sheet, for an actor who may see the approval (the engine's refusal else). */
    async approvalSheet(
      approvalId: string,
      actor: ApprovalActor,
    ): Promise<Result<{ readonly payload: ApprovalSheetPrint; readonly printed: PrintedPdf }>> {
      const built = await approvalSheetPayload(approvalId, actor);
      if (!built.ok) return built;
      const payload = built.value;
      const subject = { kind: 'approval', approvalId: payload.approvalNo } as const;
      return { ok: true, value: { payload, printed: await deps.pdfs.pdfOf(payload, subject) } };
    },
    /**
     * A contract document with its approval's signatures. The approval is read as the system:
     * whoever may see the document sees the signatures printed on it.
     */
    async contractDocument(
      doc: PrintableDocument,
    ): Promise<{ readonly payload: ContractDocumentPrint; readonly printed: PrintedPdf }> {
      const found =
        doc.approvalId === null ? null : await deps.engine.detail(doc.approvalId, SYSTEM_ACTOR);
      const approval = found?.ok ? found.value : null;
      const payload = await contractDocumentPrint(doc, approval, sources);
      const subject = { kind: 'document', documentId: doc.documentId } as const;
      return { payload, printed: await deps.pdfs.pdfOf(payload, subject) };
    },
  };
}

/**
 * Who reads for the system: every record (ALL_DATA), as no one in particular (user 0). Only for
 * reading what is printed into a PDF the caller may already see, or stored rather than served.
 */
export const SYSTEM_ACTOR: ApprovalActor = { userId: 0, deptId: null, scope: ALL_DATA };

/**
 * The approval export's PDF form (`GET /project/approval/export?format=pdf`): the sheet printed
 * with its record's figures and each node's signature, for whoever may see the approval.
 */
export function approvalPdfExport(deps: PrintDeps) {
  const pdfs = printedPdfs(deps);
  return async (approvalId: string, principal: Principal, res: Response): Promise<void> => {
    const { payload, printed } = unwrap(await pdfs.approvalSheet(approvalId, actorOf(principal)));
    sendPdf(res, printed, `${payload.title || '审批单'}.pdf`);
  };
}

/** The calls that answer contract documents as PDF. */
export function pdfRoutes(deps: PrintDeps): RouteModule {
  const pdfs = printedPdfs(deps);
  const documentId = z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(/^\d{1,9}$/, { error: '合同文本编号无效' }))
    .transform(Number);

  const documentOf = async (id: number, principal: Principal): Promise<PrintableDocument> => {
    const doc = deps.documents ? await deps.documents.find(id, principal) : null;
    if (doc === null) throw new HttpError(404, PRINT_MESSAGES.documentNotFound);
    return doc;
  };

  return {
    name: 'print',
    register(book) {
      book.add({
        method: 'get',
        path: '/v4/contract-document/pdf',
        summary:
          '合同文本 PDF：按存储的合同文本与各审批节点签名打印（A4，中文字体嵌入）；文本或签名不变时直接返回已存的 PDF',
        tag: TAG,
        access: perm('project:document:query'),
        query: z.object({ documentId }),
        produces: 'application/pdf',
        handler: async ({ query, principal, res }) => {
          const doc = await documentOf(query.documentId, principal);
          const { payload, printed } = await pdfs.contractDocument(doc);
          sendPdf(res, printed, `${payload.contractName || '合同文本'}.pdf`);
          return undefined;
        },
      });
      book.add({
        method: 'get',
        path: '/v4/contract-document/contractPdf',
        summary:
          '项目合同的 PDF（合同的 pdfUrl）：该合同已审批通过的合同文本，没有时为最近修改的一份',
        tag: TAG,
        access: perm('project:contract:query'),
        query: z.object({
          contractId: z
            .union([z.string(), z.number()])
            .transform((v) => String(v).trim())
            .pipe(z.string().regex(/^\d{1,9}$/, { error: '合同编号无效' }))
            .transform(Number),
        }),
        produces: 'application/pdf',
        handler: async ({ query, principal, res }) => {
          const doc = deps.documents
            ? await deps.documents.latestOfContract(query.contractId, principal)
            : null;
          if (doc === null) throw new HttpError(404, PRINT_MESSAGES.noDocument);
          const { payload, printed } = await pdfs.contractDocument(doc);
          sendPdf(res, printed, `${payload.contractName || '合同'}.pdf`);
          return undefined;
        },
      });
      book.add({
        method: 'get',
        path: '/v4/contract-document/approvalPdf',
        summary: '合同文本的审批单 PDF：表单内容与每个节点的签名、签署人和时间',
        tag: TAG,
        access: perm('project:approval:export'),
        query: z.object({ documentId }),
        produces: 'application/pdf',
        handler: async ({ query, principal, res }) => {
          const doc = await documentOf(query.documentId, principal);
          if (doc.approvalId === null) throw new HttpError(404, PRINT_MESSAGES.noApproval);
          const sheet = unwrap(await pdfs.approvalSheet(doc.approvalId, actorOf(principal)));
          sendPdf(res, sheet.printed, `${sheet.payload.title || '审批单'}.pdf`);
          return undefined;
        },
      });
    },
  };
}

/** The approval export's PDF form, as the approval routes call it. */
export type ApprovalPdfExport = ReturnType<typeof approvalPdfExport>;
