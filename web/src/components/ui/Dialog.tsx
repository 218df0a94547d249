import { Dialog as HDialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { KeyboardEvent, ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Width in px (000 §9: 600 by default). */
  width?: number;
  /** Whether a click on the mask closes it. */
  closeOnClickOutside?: boolean;
  /** Whether Esc closes it. */
  closeOnEscape?: boolean;
  /** Whether the × in the corner shows. */
  showClose?: boolean;
  footer?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/**
 * The modal of the design system. Headless UI traps focus and returns it; this wrapper decides
 * which ways of closing are allowed, since several of the spec's dialogs refuse some of them.
 */
export function Dialog({
  open,
  onClose,
  title,
  width = 600,
  closeOnClickOutside = true,
  closeOnEscape = true,
  showClose = true,
  footer,
  children,
  testId,
}: DialogProps) {
  // Headless UI reports both an outside click and Esc through onClose; Esc is handled here.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    if (closeOnEscape) onClose();
  };
  return (
    <HDialog open={open} onClose={() => closeOnClickOutside && onClose()} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden />
      <div
        className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4 pt-[10vh]"
        onKeyDownCapture={onKeyDown}
      >
        <DialogPanel
          data-testid={testId}
          style={{ width, maxWidth: '100%' }}
          className="flex max-h-[80vh] flex-col rounded-card bg-surface shadow-pop"
        >
          <div className="flex items-center justify-between border-b border-line px-5 py-3.5">
            <DialogTitle className="text-lg font-semibold text-ink">{title}</DialogTitle>
            {showClose && (
              <button
                type="button"
                aria-label="关闭"
                onClick={onClose}
                className="rounded p-1 text-muted hover:bg-canvas hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-400"
              >
                <svg
                  viewBox="0 0 24 24"
                  className="size-4"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth={2}
                >
                  <path d="M6 6l12 12M18 6L6 18" />
                </svg>
              </button>
            )}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
          {footer && (
            <div className="flex justify-end gap-2 border-t border-line px-5 py-3">{footer}</div>
          )}
        </DialogPanel>
      </div>
    </HDialog>
  );
}
