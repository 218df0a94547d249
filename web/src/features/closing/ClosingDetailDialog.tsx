import { CLOSING_FEE_KEYS, CLOSING_FIELD_LABELS } from '@dpms/core';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import type { ApprovalSummary, ClosingGateway, ClosingRecord } from './closing.gateway';
import { useInstituteClock } from '../../components/time/institute-clock';

const ACTIONS: Record<string, string> = {
  submit: '提交',
  approve: '同意',
  reject: '驳回',
  withdraw: '撤回',
  return: '退回',
  transfer: '转交',
};

/** A closing's detail: amounts, original and closing fees, and its approval with who signed. */
export function ClosingDetailDialog({
  gateway,
  record: initial,
  onPrint,
  onClose,
}: {
  gateway: Pick<ClosingGateway, 'detail' | 'approval'>;
  record: ClosingRecord;
  onPrint: (approvalId: string) => void;
  onClose: () => void;
}) {
  const clock = useInstituteClock();
  const [record, setRecord] = useState(initial);
  const [approval, setApproval] = useState<ApprovalSummary | null>(null);
  useEffect(() => {
    let live = true;
    gateway.detail(initial.kind, initial.closedId).then(
      (r) => live && setRecord(r),
      () => undefined,
    );
    if (initial.approvalId !== null)
      gateway.approval(initial.approvalId).then(
        (a) => live && setApproval(a),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [gateway, initial]);

  const row = (label: string, value: string) => (
    <div className="flex gap-2 text-sm">
      <span className="w-32 shrink-0 text-muted">{label}</span>
      <span>{value}</span>
    </div>
  );
  return (
    <Dialog
      open
      onClose={onClose}
      title={`${record.kindName}详情`}
      width={760}
      testId="closing-detail"
      footer={
        <>
          {record.approvalId !== null && (
            <Button variant="primary" onClick={() => onPrint(record.approvalId ?? '')}>
              打印
            </Button>
          )}
          <Button onClick={onClose}>关闭</Button>
        </>
      }
    >
      <div className="grid gap-1">
        {row('项目名称', record.projectName)}
        {row('合同名称', record.contractName)}
        {row('合同编号', record.contractNo)}
        {row('结案金额（万元）', record.closedCaseAmount)}
        {row('回款金额（万元）', record.backAmount)}
        {row('结算金额（万元）', record.settleAmount)}
        {row('状态', record.statusName)}
        {row('合同状态', record.kind === 'closed' && record.status === 2 ? '已结案' : '未结案')}
        {row('备注', record.remark)}
      </div>
      <table className="mt-3 w-full text-sm">
        <thead>
          <tr className="text-left text-muted">
            <th className="py-1">费用</th>
            <th className="py-1 text-right">原费用（万元）</th>
            <th className="py-1 text-right">{record.kindName}费用（万元）</th>
          </tr>
        </thead>
        <tbody>
          {CLOSING_FEE_KEYS.map((k) => (
            <tr key={k} className="border-t border-line">
              <td className="py-1">{CLOSING_FIELD_LABELS[k]}</td>
              <td className="py-1 text-right">{record.originalFees[k]}</td>
              <td className="py-1 text-right">{record.fees[k]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3 className="mt-4 mb-1 font-semibold">审批记录</h3>
      {record.approvalId === null ? (
        <p className="text-sm text-muted">尚未送审</p>
      ) : (
        <ul className="grid gap-1 text-sm" data-testid="closing-approval-log">
          {(approval?.log ?? [])
            .filter((e) => e.round === approval?.approval.round)
            .map((e, i) => (
              <li key={i} className="flex gap-2">
                <span className="w-28 text-muted">{e.nodeName ?? '拟稿'}</span>
                <span className="w-16">{ACTIONS[e.action] ?? e.action}</span>
                <span className="w-20">{approval?.userNames[e.actorId] ?? e.actorId}</span>
                <span className="text-muted">{clock.instant(e.createTime)}</span>
                {e.opinion && <span>：{e.opinion}</span>}
              </li>
            ))}
        </ul>
      )}
    </Dialog>
  );
}
