import type { OpinionRowView, SignatureRowView } from './signature-rows';
import './document.css';
import { imageSource } from '@dpms/core';

/** The signer's opinion typed into the footer in signing mode (signtype 3). */
export interface OpinionInput extends OpinionRowView {
  readonly value: string;
  readonly onChange: (value: string) => void;
}

/**
 * The signature block: a row per node with its signature image, signer, opinion and time, and in
 * signing mode a last row where the signer types their opinion (never printed: the print view
 * passes none).
 */
export function SignatureRows({
  rows,
  caption = '审批签署',
  opinion,
}: {
  rows: readonly SignatureRowView[];
  caption?: string;
  opinion?: OpinionInput | null | undefined;
}) {
  if (rows.length === 0) return null;
  return (
    <table className="doc-signatures" data-testid="signature-rows">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">节点</th>
          <th scope="col">签署人</th>
          <th scope="col">意见</th>
          <th scope="col">签名</th>
          <th scope="col">时间</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} data-node={row.node} className={row.pending ? 'doc-sign-pending' : ''}>
            <th scope="row">{row.node}</th>
            <td>{row.name}</td>
            <td>{row.pending ? '待签署' : row.opinion}</td>
            <td>
              {imageSource(row.signUrl) !== undefined ? (
                <img
                  className="doc-sign-image"
                  src={imageSource(row.signUrl)}
                  alt={`${row.node}签名`}
                />
              ) : row.pending ? null : (
                // Signed without an image: say so quietly rather than leave an empty box.
                <span className="doc-sign-none">未留签名</span>
              )}
            </td>
            <td>{row.time}</td>
          </tr>
        ))}
        {opinion && (
          <tr data-kind="opinion" className="doc-no-print">
            <th scope="row">{opinion.label}</th>
            <td colSpan={4}>
              <input
                className="doc-blank doc-opinion"
                aria-label="审批意见"
                maxLength={opinion.maxLength}
                placeholder={`请输入审批意见（${opinion.maxLength}字以内）`}
                value={opinion.value}
                onChange={(e) => opinion.onChange(e.target.value)}
              />
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
