import {
  APPROVAL_SIGN_TYPES,
  inlineImageSource,
  isContractDocType,
  loadContractDoc,
  type ApprovalDetail,
  type ContractDocumentPrint,
  type ContractRecordPrint,
  type PrintPayload,
} from '@dpms/core';
import { ApprovalSheet } from '../features/documents/ApprovalSheet';
import { ContractDocument } from '../features/documents/ContractDocument';

/** Refuses a payload the page cannot print, with a message the print service can pass on. */
export function checkPrintPayload(payload: unknown): PrintPayload {
  if (typeof payload !== 'object' || payload === null) throw new TypeError('打印内容为空');
  const kind = (payload as { kind?: unknown }).kind;
  if (kind === 'contractDocument') {
    const { type, values } = payload as Partial<ContractDocumentPrint>;
    if (!isContractDocType(type)) throw new TypeError(`不支持的合同类型：${String(type)}`);
    if (typeof values !== 'object' || values === null) throw new TypeError('合同内容为空');
    return payload as PrintPayload;
  }
  if (kind === 'approvalSheet') {
    const { approval } = payload as { approval?: unknown };
    if (typeof approval !== 'object' || approval === null) throw new TypeError('审批记录为空');
    return payload as PrintPayload;
  }
  if (kind === 'contractRecord') {
    const { approvalSheet } = payload as { approvalSheet?: { approval?: unknown } };
    if (typeof approvalSheet?.approval !== 'object' || approvalSheet.approval === null) {
      throw new TypeError('审批记录为空');
    }
    return payload as PrintPayload;
  }
  throw new TypeError(`不支持的打印类型：${String(kind)}`);
}

const inline = (src: string | null): string | null => inlineImageSource(src) ?? null;

/** An approval's signature images, inlined ones only. */
function inlinedApproval(approval: ApprovalDetail): ApprovalDetail {
  const bo = approval.approvalDetailBO;
  return {
    ...approval,
    approvalDetailBO: {
      ...bo,
      creatorSignUrl: inline(bo.creatorSignUrl),
      approvalNodeList: bo.approvalNodeList.map((n) => ({
        ...n,
        approvalUserSignUrl: inline(n.approvalUserSignUrl),
      })),
    },
    currentSignRecord:
      approval.currentSignRecord === null
        ? null
        : { ...approval.currentSignRecord, signUrl: inline(approval.currentSignRecord.signUrl) },
    ...(approval.designTaskSignDetailList === undefined
      ? {}
      : {
          designTaskSignDetailList: approval.designTaskSignDetailList.map((d) => ({
            ...d,
            dealUserSignUrl: inline(d.dealUserSignUrl),
          })),
        }),
  };
}

/**
 * What the page may show of a payload: images inlined as data: URLs only, since the
 * page makes no request of its own. A stored address (another origin, the cloud's metadata
 * service, an API route) is dropped, so Chromium in the print service never fetches it. Text is
 * rendered by React as text: no stored string becomes HTML.
 */
export function inlinedOnly(payload: PrintPayload): PrintPayload {
  if (payload.kind === 'contractDocument') {
    return {
      ...payload,
      approval: payload.approval === null ? null : inlinedApproval(payload.approval),
      sealImages: payload.sealImages.flatMap((src) => inlineImageSource(src) ?? []),
    };
  }
  if (payload.kind === 'contractRecord') {
    const sheet = payload.approvalSheet;
    return { ...payload, approvalSheet: { ...sheet, approval: inlinedApproval(sheet.approval) } };
  }
  return { ...payload, approval: inlinedApproval(payload.approval) };
}

/**
 * A formal contract: the institute's header and the contract's number, name and department over
 * the approval sheet that made it formal, printed by the approval sheet's own component.
 */
function ContractRecordPrintView({ record }: { record: ContractRecordPrint }) {
  return (
    <div className="print-contract-record" data-testid="contract-record">
      <header className="print-institute-header">
        <p className="print-institute" data-field="institute">
          {record.institute}
        </p>
        <dl className="print-contract-meta">
          <div>
            <dt>合同编号</dt>
            <dd data-field="contractNo">{record.contractNo || '-'}</dd>
          </div>
          <div>
            <dt>合同名称</dt>
            <dd data-field="contractName">{record.contractName || '-'}</dd>
          </div>
          <div>
            <dt>所属部门</dt>
            <dd data-field="deptName">{record.deptName || '-'}</dd>
          </div>
        </dl>
      </header>
      <ApprovalSheet sheet={record.approvalSheet} />
    </div>
  );
}

/**
 * A contract document, read-only, through the same component and the same load rules as the
 * document screen (words recomputed, name fixed); the approval's rows are its sign footer.
 */
function ContractDocumentPrintView({ doc }: { doc: ContractDocumentPrint }) {
  const state = loadContractDoc({
    type: doc.type,
    readOnly: true,
    data: { ...doc.values, contractName: doc.contractName || doc.values.contractName },
  });
  return (
    <ContractDocument
      state={state}
      approval={doc.approval}
      drafter={doc.drafter}
      signtype={
        doc.approval === null ? APPROVAL_SIGN_TYPES.NONE : APPROVAL_SIGN_TYPES.VIEWING_PENDING
      }
      sealImages={doc.sealImages}
    />
  );
}

export function PrintView({ payload: sent }: { payload: PrintPayload }) {
  const payload = inlinedOnly(sent);
  if (payload.kind === 'contractDocument') return <ContractDocumentPrintView doc={payload} />;
  if (payload.kind === 'contractRecord') return <ContractRecordPrintView record={payload} />;
  return <ApprovalSheet sheet={payload} />;
}
