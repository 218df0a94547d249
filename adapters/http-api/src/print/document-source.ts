import { ALL_DATA, type ContractDocumentRecord } from '@dpms/core';
import {
  SqlContractDocumentRepository,
  SqlContractRepository,
  type DatabaseHandle,
} from '@dpms/sql';
import type { PrintableContractSource } from './contract-pdf.routes.js';
import type { Principal } from '../identity/principal.js';
import type { PrintableDocumentSource } from './pdf.routes.js';
import type { PrintableDocument } from './print-payloads.js';

const scopeOf = (p: Principal) => (p.isAdmin ? ALL_DATA : p.scope);

const printable = (doc: ContractDocumentRecord): PrintableDocument => ({
  documentId: doc.documentId,
  docType: doc.docType,
  contractName: doc.contractName,
  values: doc.values,
  approvalId: doc.approvalId,
  createByName: doc.createByName,
  createTime: doc.createTime,
});

/**
 * Stored contract documents for printing, read within the caller's data scope (an administrator
 * sees all), as the document's own detail call reads them.
 */
export function sqlDocumentSource(db: DatabaseHandle['db']): PrintableDocumentSource {
  const documents = new SqlContractDocumentRepository(db);
  return {
    async find(documentId, principal) {
      const doc = await documents.findById(documentId, scopeOf(principal));
      return doc === null ? null : printable(doc);
    },
    async latestOfContract(contractId, principal) {
      // The approved document when there is one, else the one changed last.
      for (const status of [1, undefined] as const) {
        const page = await documents.list(
          {
            filter: { contractId, ...(status === undefined ? {} : { status }) },
            page: { pageNum: 1, pageSize: 1 },
            sort: { column: 'updateTime', direction: 'desc' },
          },
          scopeOf(principal),
        );
        const doc = page.rows[0];
        if (doc) return printable(doc);
      }
      return null;
    },
  };
}

/** Contracts for printing, read within the caller's data scope, as 合同详情 reads them. */
export function sqlContractSource(db: DatabaseHandle['db']): PrintableContractSource {
  const contracts = new SqlContractRepository(db);
  return { find: (contractId, principal) => contracts.findById(contractId, scopeOf(principal)) };
}
