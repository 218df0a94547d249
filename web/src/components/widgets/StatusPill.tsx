import { APPROVAL_STATUS_LABELS, type ApprovalStatus } from '@dpms/core';

const STATUS_TONE: Record<number, string> = {
  [-1]: 'bg-canvas text-ink-soft',
  0: 'bg-brand-50 text-brand-700',
  1: 'bg-success-50 text-success-600',
  2: 'bg-danger-50 text-danger-600',
  3: 'bg-warn-50 text-warn-600',
};

/** An approval's status as a coloured label (审批中, 已通过, 已驳回…). */
export function StatusPill({ status }: { status: ApprovalStatus }) {
  return (
    <span className={`inline-flex rounded px-2 py-0.5 text-xs ${STATUS_TONE[status] ?? ''}`}>
      {APPROVAL_STATUS_LABELS[status]}
    </span>
  );
}
