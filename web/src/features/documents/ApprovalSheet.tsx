import { approvalNodeNoteLine, type ApprovalSheetPrint } from '@dpms/core';
import { SignatureRows } from './SignatureRows';
import { signTimeText, signatureRowsOf } from './signature-rows';
import './document.css';

/**
 * A printed approval sheet: the form's title, number, drafter, time and status, its fields as
 * label/value rows, then a signature row per node.
 */
export function ApprovalSheet({ sheet }: { sheet: Omit<ApprovalSheetPrint, 'kind'> }) {
  const rows = signatureRowsOf(sheet.approval, {
    name: sheet.creatorName,
    time: sheet.createTime,
  });
  return (
    <article className="doc-paper" data-testid="approval-sheet">
      <h1 className="doc-title">{sheet.title}</h1>
      <div className="doc-sheet-meta">
        <p>
          审批编号：<span data-field="approvalNo">{sheet.approvalNo}</span>
        </p>
        <p>
          状态：<span data-field="statusText">{sheet.statusText}</span>
        </p>
        <p>
          拟稿人：<span data-field="creatorName">{sheet.creatorName}</span>
        </p>
        <p>
          拟稿时间：<span data-field="createTime">{signTimeText(sheet.createTime)}</span>
        </p>
      </div>
      <table className="doc-sheet-fields">
        <tbody>
          {sheet.fields.map((field, i) => (
            <tr key={`${field.label}-${i}`}>
              <th scope="row">{field.label}</th>
              <td>{field.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <SignatureRows rows={rows} caption="审批记录" />
      {(sheet.approval.approvalDetailBO.nodeNotes ?? []).length > 0 && (
        // Separation of duties: the nodes that fell to the drafter, and what happened to them.
        <ul className="doc-sheet-notes" data-testid="node-notes">
          {(sheet.approval.approvalDetailBO.nodeNotes ?? []).map((n) => (
            <li key={`${n.earlierRound ?? 0}-${n.nodeId}`} data-node={n.nodeName}>
              {approvalNodeNoteLine(n, n.assigneeNames ?? n.assignees)}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
