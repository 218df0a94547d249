import { ALL_DATA } from '@dpms/core';
import { SqlContractDocumentRepository, type DatabaseHandle } from '@dpms/sql';
import type { PrintableDocumentSource } from './pdf.routes.js';

/**
 * Stored contract documents for printing, read within the caller's data scope (an administrator
 * sees all), as the document's own detail call reads them.
 */
export function sqlDocumentSource(db: DatabaseHandle['db']): PrintableDocumentSource {
  const documents = new SqlContractDocumentRepository(db);
  return {
    async find(documentId, principal) {
      const doc = await documents.findById(
        documentId,
        principal.isAdmin ? ALL_DATA : principal.scope,
      );
      if (doc === null) return null;
      return {
        docType: doc.docType,
        contractName: doc.contractName,
        values: doc.values,
        approvalId: doc.approvalId,
      };
    },
  };
}
