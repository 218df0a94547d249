import { ContainerModule } from 'inversify';
import type { ApprovalRouteDeps } from '../routes/approval/index.js';
import type { FileService } from '../routes/upload.service.js';
import { TOKENS } from '../composition/tokens.js';
import {
  approvalPdfExport,
  pdfRoutes,
  type PrintableDocumentSource,
  type PrintDeps,
} from './pdf.routes.js';
import type { PdfSealer } from './pdf-seal.js';
import { registerContractPdfRoute, type PrintableContractSource } from './contract-pdf.routes.js';
import type { RouteModule } from '../routes/route-module.js';
import type { PrintClient } from './print-client.port.js';
import { PrintedPdfStore } from './printed-pdf-store.js';

/**
 * Printing: PDFs of contract documents, approval sheets and formal contracts, rendered by the print
 * service and kept in the file store, those of approved records signed with `sealer`. Needs the
 * approval engine and the files module.
 */
export const printModule = (
  client: PrintClient,
  documents?: PrintableDocumentSource,
  sealer?: PdfSealer,
  contracts?: PrintableContractSource,
) =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.Print)
      .toResolvedValue(
        (approval: ApprovalRouteDeps, files: FileService): PrintDeps => ({
          pdfs: new PrintedPdfStore(files.store, client, sealer),
          engine: approval.engine,
          repos: approval.repos,
          signatures: approval.signatures,
          ...(approval.sheets ? { sheets: approval.sheets } : {}),
          ...(documents ? { documents } : {}),
          ...(contracts ? { contracts } : {}),
        }),
        [TOKENS.Approval, TOKENS.Files],
      )
      .inSingletonScope();
    bind(TOKENS.ApprovalPdf)
      .toResolvedValue((deps: PrintDeps) => approvalPdfExport(deps), [TOKENS.Print])
      .inSingletonScope();
    bind(TOKENS.PrintRoutes)
      .toResolvedValue(
        (deps: PrintDeps): RouteModule => {
          const documents = pdfRoutes(deps);
          return {
            name: documents.name,
            register(book) {
              documents.register(book);
              registerContractPdfRoute(book, deps);
            },
          };
        },
        [TOKENS.Print],
      )
      .inSingletonScope();
  });
