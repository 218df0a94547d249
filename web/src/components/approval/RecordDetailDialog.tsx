import { useState, type ReactNode } from 'react';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { ApprovalDetailDialog } from './ApprovalDetailSlot';

export interface RecordDetailDialogProps<T extends { approvalId: string | null }> {
  title: string;
  width: number;
  testId: string;
  onClose: () => void;
  /** The record once loaded; nothing shows before. */
  record: T | null;
  /** The button that opens the record's approval, when it has one. */
  approvalLabel: string;
  approvalTestId: string;
  children: (record: T) => ReactNode;
}

/** A money record's detail: its figures and, once sent, the button to its approval's detail. */
export function RecordDetailDialog<T extends { approvalId: string | null }>({
  title,
  width,
  testId,
  onClose,
  record,
  approvalLabel,
  approvalTestId,
  children,
}: RecordDetailDialogProps<T>) {
  const [approval, setApproval] = useState<string | null>(null);
  return (
    <Dialog open onClose={onClose} title={title} width={width} testId={testId}>
      {record && (
        <div>
          {children(record)}
          {record.approvalId && (
            <Button
              size="sm"
              className="mt-2"
              data-testid={approvalTestId}
              onClick={() => setApproval(record.approvalId)}
            >
              {approvalLabel}
            </Button>
          )}
        </div>
      )}
      {approval !== null && (
        <ApprovalDetailDialog approvalId={approval} onClose={() => setApproval(null)} />
      )}
    </Dialog>
  );
}
