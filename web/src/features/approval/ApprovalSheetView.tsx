import {
  sheetFigureLabel,
  sheetFigureText,
  waitingNodeLine,
  waitingNodes,
  type ApprovalDetailBO,
  type ApprovalSheet,
} from '@dpms/core';

/**
 * What is being approved: the linked record's figures by section, each with its label and unit
 * as core describes them (`sheetFigureLabel`, `sheetFigureText`), the same rows the PDF prints.
 */
export function ApprovalSheetView({ sheet }: { sheet: ApprovalSheet }) {
  return (
    <section data-testid="approval-sheet" data-source={sheet.source}>
      <h3 className="mb-2 text-sm font-semibold text-ink">{sheet.title}</h3>
      <div className="space-y-3">
        {sheet.sections.map((s) => (
          <table key={s.title} className="w-full border-collapse text-sm">
            <caption className="pb-1 text-left text-xs font-medium text-ink-soft">
              {s.title}
            </caption>
            <tbody className="grid sm:grid-cols-2">
              {s.figures.map((f) => (
                <tr key={f.key} className="flex border border-line" data-figure={f.key}>
                  <th
                    scope="row"
                    className="w-44 shrink-0 bg-canvas px-3 py-1.5 text-left font-medium text-ink-soft"
                  >
                    {sheetFigureLabel(f)}
                  </th>
                  <td className="flex-1 px-3 py-1.5 break-all" data-testid="sheet-value">
                    {sheetFigureText(f)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </section>
  );
}

/** Who holds each waiting node, by name (`财务部：周会计`). */
export function WaitingHolders({
  bo,
  nameOf,
}: {
  bo: ApprovalDetailBO;
  nameOf: (userId: string) => string;
}) {
  const waiting = waitingNodes(bo, nameOf);
  if (waiting.length === 0) return null;
  return (
    <ul className="space-y-0.5 text-sm" data-testid="waiting-holders">
      {waiting.map((n, i) => (
        <li key={`${n.nodeName}-${i}`} data-testid="waiting-node" data-node={n.nodeName}>
          {i === 0 ? '当前：' : '待审：'}
          {waitingNodeLine(n)}
        </li>
      ))}
    </ul>
  );
}
