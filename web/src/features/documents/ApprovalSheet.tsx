import {
  approvalNodeNoteLine,
  sheetFigureLabel,
  sheetFigureText,
  waitingNodeLine,
  type ApprovalSheetPrint,
} from '@dpms/core';
import { SignatureRows } from './SignatureRows';
import { signTimeText, signatureRowsOf } from './signature-rows';
import './document.css';

/**
 * A printed approval sheet: the form's title, number, drafter, time and status, what is being
 * approved (the record's figures by section, else the form's fields as label/value rows), a
 * signature row per node, who holds each waiting node, and every round of the history.
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
      {sheet.sheet ? (
        // What is being approved: the record's figures by section, as the detail screen shows.
        sheet.sheet.sections.map((section) => (
          <table key={section.title} className="doc-sheet-fields" data-section={section.title}>
            <caption>{section.title}</caption>
            <tbody>
              {section.figures.map((f) => (
                <tr key={f.key} data-figure={f.key}>
                  <th scope="row">{sheetFigureLabel(f)}</th>
                  <td>{sheetFigureText(f)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))
      ) : (
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
      )}
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
      {(sheet.waiting ?? []).length > 0 && (
        <ul className="doc-sheet-notes" data-testid="waiting-holders">
          {(sheet.waiting ?? []).map((n, i) => (
            <li key={`${n.nodeName}-${i}`} data-node={n.nodeName}>
              待审批：{waitingNodeLine(n)}
            </li>
          ))}
        </ul>
      )}
      {(sheet.history ?? []).length > 0 && (
        // Every round of the history: a resubmitted approval keeps its earlier rounds on paper.
        <table className="doc-sheet-fields" data-testid="approval-history">
          <caption>审批历史</caption>
          <tbody>
            {(sheet.history ?? []).map((h, i) => (
              <tr key={i}>
                <th scope="row">第{h.round}轮</th>
                <td>
                  {[h.time, h.actorName, h.nodeName, h.action, h.opinion]
                    .filter((t) => t !== '')
                    .join(' ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </article>
  );
}
