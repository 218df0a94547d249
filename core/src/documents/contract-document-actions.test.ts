import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { APPROVAL_STATUSES, type ApprovalStatus } from '../approval/approval-status.js';
import {
  CONTRACT_DOCUMENT_ACTION_PERMISSIONS,
  contractDocumentActionCheck,
  mayActOnContractDocument,
  type ContractDocumentAction,
} from './contract-document-actions.js';

const ACTIONS = Object.keys(CONTRACT_DOCUMENT_ACTION_PERMISSIONS) as ContractDocumentAction[];
const all = { userId: 1, permissions: ['*:*:*'], isAdmin: false };

describe('what the 合同文本 list offers on a document', () => {
  it('offers no 删除 on an approved document, with the server’s words', () => {
    const r = contractDocumentActionCheck('remove', { status: 1 }, all);
    expect(r).toEqual({
      ok: false,
      error: { code: 'DOCUMENT.LOCKED', message: '合同文本已审批通过，不能删除' },
    });
    expect(mayActOnContractDocument('remove', { status: -1 }, all)).toBe(true);
  });

  it('property: offered exactly when the permission is held and the document is a draft again', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ACTIONS),
        fc.constantFrom<ApprovalStatus>(...APPROVAL_STATUSES),
        fc.subarray([...Object.values(CONTRACT_DOCUMENT_ACTION_PERMISSIONS), '*:*:*']),
        fc.boolean(),
        (action, status, permissions, isAdmin) => {
          const holds =
            isAdmin ||
            permissions.includes('*:*:*') ||
            permissions.includes(CONTRACT_DOCUMENT_ACTION_PERMISSIONS[action]);
          const draft = status === -1 || status === 2 || status === 3;
          expect(
            mayActOnContractDocument(action, { status }, { userId: 1, permissions, isAdmin }),
          ).toBe(holds && draft);
        },
      ),
    );
  });
});
