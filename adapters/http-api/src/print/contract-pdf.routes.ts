import { z } from 'zod';
import {
  ALL_DATA,
  APPROVAL_STATUS,
  APPROVAL_STATUS_LABELS,
  CONTRACT_STAGE_LABELS,
  type Contract,
  type ContractRecordPrint,
} from '@dpms/core';
import { HttpError, unwrap } from '../http/http-error.js';
import { perm, type RouteBook } from '../http/route.js';
import type { Principal } from '../identity/principal.js';
import { id } from '../http/schemas.js';
import { printedPdfs, sendPdf, SYSTEM_ACTOR, type PrintDeps } from './pdf.routes.js';
import { contractRecordPrint } from './print-payloads.js';
import { PRINT_MESSAGES } from './print-messages.js';
import type { PrintedPdf } from './printed-pdf-store.js';

/** Finds a contract the caller may see (their data scope, as 合同详情 reads it); null otherwise. */
export interface PrintableContractSource {
  find(contractId: number, principal: Principal): Promise<Contract | null>;
}

/**
 * A formal contract's PDF: its header over the sheet of the approval that made it formal, read
 * as the system (whoever may see the contract sees the signatures that approved it). Refuses,
 * naming why, a contract that is not formal, or one entered after the fact without approval.
 */
export async function formalContractPdf(
  deps: PrintDeps,
  contract: Contract,
): Promise<{ readonly payload: ContractRecordPrint; readonly printed: PrintedPdf }> {
  if (contract.stage !== 'formal' || contract.status !== APPROVAL_STATUS.APPROVED) {
    throw new HttpError(
      409,
      PRINT_MESSAGES.contractNotFormal(
        CONTRACT_STAGE_LABELS[contract.stage],
        APPROVAL_STATUS_LABELS[contract.status],
      ),
    );
  }
  if (contract.approvalId === null)
    throw new HttpError(409, PRINT_MESSAGES.contractWithoutApproval);
  const sheet = unwrap(
    await printedPdfs(deps).approvalSheetPayload(contract.approvalId, SYSTEM_ACTOR),
  );
  const dept =
    contract.deptId === null ? null : await deps.repos.depts.findById(contract.deptId, ALL_DATA);
  const institute = (await deps.repos.configs.valueOf('signBySub'))?.trim() ?? '';
  const payload = contractRecordPrint(
    {
      contractNo: contract.contractNo,
      contractName: contract.contractName,
      deptName: dept?.deptName ?? '',
    },
    sheet,
    institute,
  );
  const subject = { kind: 'contract', contractId: contract.contractId } as const;
  return { payload, printed: await deps.pdfs.pdfOf(payload, subject) };
}

/** `GET /v4/contract/{contractId}/pdf`, for whoever may read the contract's detail. */
export function registerContractPdfRoute(book: RouteBook, deps: PrintDeps): void {
  book.add({
    method: 'get',
    path: '/v4/contract/:contractId/pdf',
    summary:
      '正式合同 PDF（A4）：院方抬头、合同信息（金额万元、费率%）与使其成为正式合同的审批单（每个节点的签名、签署人、意见与时间，各轮次），由本院数字签名（PAdES）；合同或审批不变时直接返回已存的 PDF。非正式合同不能打印',
    tag: '打印',
    access: perm('project:contract:query'),
    params: z.object({ contractId: id() }),
    produces: 'application/pdf',
    handler: async ({ params, principal, res }) => {
      const contract = deps.contracts
        ? await deps.contracts.find(params.contractId, principal)
        : null;
      if (contract === null) throw new HttpError(404, PRINT_MESSAGES.contractNotFound);
      const { payload, printed } = await formalContractPdf(deps, contract);
      sendPdf(res, printed, `${payload.contractName || payload.contractNo || '正式合同'}.pdf`);
      return undefined;
    },
  });
}
