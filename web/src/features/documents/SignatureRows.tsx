import type { SignatureRowView } from './signature-rows';
import './document.css';

/** The signature block: a row per node with its signature image, signer, opinion and time. */
export function SignatureRows({
  rows,
  caption = '审批签署',
}: {
  rows: readonly SignatureRowView[];
  caption?: string;
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
              {row.signUrl !== null && row.signUrl !== '' ? (
                <img className="doc-sign-image" src={row.signUrl} alt={`${row.node}签名`} />
              ) : null}
            </td>
            <td>{row.time}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
