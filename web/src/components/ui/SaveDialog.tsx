import type { ReactNode } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';

export interface SaveFooterProps {
  onCancel: () => void;
  onSave: () => void;
  /** The save that also submits for approval; without it the footer offers only the plain save. */
  onSubmit?: (() => void) | undefined;
  busy: boolean;
  /** Holds the save back (an upload still running) without showing it busy. */
  disabled?: boolean;
  /** The plain save is the primary button unless the submitting save beside it is. */
  saveVariant?: 'primary' | 'default';
  saveLabel?: string;
  submitLabel?: string;
}

/** A form dialog's buttons: 取消, 保存 and, where offered, the save that submits for approval. */
export function SaveFooter({
  onCancel,
  onSave,
  onSubmit,
  busy,
  disabled,
  saveVariant = 'primary',
  saveLabel = '保存',
  submitLabel = '保存并提交审批',
}: SaveFooterProps) {
  return (
    <>
      <Button onClick={onCancel}>取消</Button>
      <Button variant={saveVariant} loading={busy} disabled={disabled} onClick={onSave}>
        {saveLabel}
      </Button>
      {onSubmit && (
        <Button variant="primary" loading={busy} onClick={onSubmit}>
          {submitLabel}
        </Button>
      )}
    </>
  );
}

export interface SaveDialogProps {
  title: string;
  width: number;
  testId: string;
  onClose: () => void;
  busy: boolean;
  /** Holds the save back (an upload still running) without showing it busy. */
  disabled?: boolean;
  /** The save: `submit` when the person chose the save that also submits for approval. */
  onPress: (submit: boolean) => void;
  /** Whether the save that submits for approval is offered beside the plain save. */
  canSubmit?: boolean;
  children: ReactNode;
}

/**
 * A form dialog that only its buttons close (a stray click on the mask would lose the typing),
 * its fields in one form that never submits itself: the buttons decide what the save sends.
 */
export function SaveDialog({
  title,
  width,
  testId,
  onClose,
  busy,
  disabled,
  onPress,
  canSubmit = false,
  children,
}: SaveDialogProps) {
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      width={width}
      closeOnClickOutside={false}
      testId={testId}
      footer={
        <SaveFooter
          onCancel={onClose}
          busy={busy}
          disabled={disabled}
          onSave={() => onPress(false)}
          onSubmit={canSubmit ? () => onPress(true) : undefined}
        />
      }
    >
      <form className="space-y-3" noValidate onSubmit={(e) => e.preventDefault()}>
        {children}
      </form>
    </Dialog>
  );
}
