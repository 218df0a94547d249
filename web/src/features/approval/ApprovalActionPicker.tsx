import type { ApprovalNodeAssignment } from '@dpms/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { useUserChoices } from './ApprovalDetailParts';

export type PickerAction = 'return' | 'transfer' | 'cc';

interface Choice {
  readonly value: string;
  readonly label: string;
}

const TITLES: Record<PickerAction, string> = {
  return: '退回到节点',
  transfer: '转办给',
  cc: '抄送给',
};

/**
 * Who or where an action goes: 退回 to an earlier node; 转办 only to the current node's transfer
 * candidates (the server's one rule, by name and department; it refuses anyone else); 抄送 to any
 * user but oneself.
 */
export function ApprovalActionPicker(props: {
  readonly action: PickerAction;
  readonly approvalId: string;
  readonly earlier: readonly ApprovalNodeAssignment[];
  readonly me: string;
  readonly busy: boolean;
  readonly disabled: boolean;
  readonly onCancel: () => void;
  readonly onConfirm: (target: string) => void;
}) {
  const { action } = props;
  const gateway = useService(TOKENS.ApprovalGateway);
  const [target, setTarget] = useState('');
  const users = useUserChoices(action === 'cc');
  const candidates = useQuery({
    queryKey: ['approval-transfer-candidates', props.approvalId],
    enabled: action === 'transfer',
    queryFn: () => gateway.transferCandidates(props.approvalId),
  });
  const choices: readonly Choice[] =
    action === 'return'
      ? props.earlier.map((n) => ({ value: n.nodeId, label: n.nodeName }))
      : action === 'transfer'
        ? (candidates.data ?? []).map((c) => ({
            value: c.userId,
            label: c.deptName ? `${c.nickName}（${c.deptName}）` : c.nickName,
          }))
        : (users.data ?? [])
            .filter((u) => u.userId !== props.me)
            .map((u) => ({ value: u.userId, label: u.nickName }));
  const loaded = action === 'transfer' ? candidates.isSuccess : true;

  return (
    <Dialog
      open
      onClose={props.onCancel}
      width={450}
      title={TITLES[action]}
      testId="action-picker"
      footer={
        <>
          <Button onClick={props.onCancel}>取消</Button>
          <Button
            variant="primary"
            disabled={target === '' || props.disabled}
            loading={props.busy}
            onClick={() => props.onConfirm(target)}
          >
            确定
          </Button>
        </>
      }
    >
      <select
        className="input"
        aria-label={action === 'return' ? '退回节点' : '选择用户'}
        value={target}
        onChange={(e) => setTarget(e.target.value)}
      >
        <option value="">请选择</option>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
      {action === 'transfer' && loaded && choices.length === 0 && (
        <p className="mt-2 text-sm text-ink-soft" data-testid="no-transfer-candidates">
          当前节点没有其他可转办的人员
        </p>
      )}
      {action === 'transfer' && candidates.error && (
        <p className="mt-2 text-sm text-danger-600">{candidates.error.message}</p>
      )}
    </Dialog>
  );
}
