import { imageSource } from '@dpms/core';
import type { ApprovalDetailResponse } from '@dpms/http-client';
import { useInstituteClock } from '../../components/time/institute-clock';
import { ACTION_LABELS } from './ApprovalDetailParts';

/**
 * 审批记录: every action of every round, oldest first, with its round (a resubmitted approval
 * keeps its earlier rounds), the actor and any transfer or copy target by name.
 */
export function ApprovalHistory({
  log,
  nameOf,
}: {
  log: ApprovalDetailResponse['log'];
  nameOf: (userId: string) => string;
}) {
  const clock = useInstituteClock();
  return (
    <section>
      <h3 className="mb-2 text-sm font-semibold text-ink">审批记录</h3>
      <table className="w-full border-collapse text-sm" data-testid="approval-log">
        <thead className="bg-canvas text-ink-soft">
          <tr>
            {['时间', '操作人', '节点', '操作', '意见', '签名', '轮次'].map((h) => (
              <th key={h} className="border border-line px-2 py-1.5 text-left font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {log.map((e, i) => (
            <tr key={i} data-testid="log-row" data-action={e.action} data-round={e.round}>
              <td className="border border-line px-2 py-1.5 whitespace-nowrap">
                {clock.instant(e.createTime)}
              </td>
              <td className="border border-line px-2 py-1.5">{nameOf(e.actorId)}</td>
              <td className="border border-line px-2 py-1.5">{e.nodeName ?? ''}</td>
              <td className="border border-line px-2 py-1.5">
                {ACTION_LABELS[e.action] ?? e.action}
                {e.target && (e.action === 'transfer' || e.action === 'cc')
                  ? ` → ${nameOf(e.target)}`
                  : ''}
              </td>
              <td className="border border-line px-2 py-1.5">{e.opinion ?? ''}</td>
              <td className="border border-line px-2 py-1.5">
                {imageSource(e.signUrl) && (
                  <img src={imageSource(e.signUrl)} alt="签名" className="h-8 object-contain" />
                )}
              </td>
              <td className="border border-line px-2 py-1.5 whitespace-nowrap">第{e.round}轮</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
