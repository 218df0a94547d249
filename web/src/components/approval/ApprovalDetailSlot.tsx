import { Suspense, type ComponentType } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';

export interface ApprovalDetailProps {
  readonly approvalId: string;
  readonly onClose: () => void;
}

/** What the slot renders: the approval feature's detail dialog, bound by app/. */
export type ApprovalDetailComponent = ComponentType<ApprovalDetailProps>;

/**
 * An approval's detail (审批详情), opened from a record screen (合同, 借款, 资金计划, ...).
 *
 * Record features need the approval feature's dialog but must not import that feature, so the
 * dialog is a slot: a container token (TOKENS.ApprovalDetailDialog) that app/container.ts binds
 * to the approval feature's component. A token rather than a React context because every
 * render, the app's and the tests' alike, already goes through the container, so no screen or
 * test needs a provider of its own. The bound component is lazy (the approval feature's code
 * loads with the first detail opened), hence the Suspense here.
 */
export function ApprovalDetailDialog(props: ApprovalDetailProps) {
  const Dialog = useService(TOKENS.ApprovalDetailDialog);
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
