import { useSyncExternalStore } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';
import type { Feedback, ToastKind } from './feedback';

const TOAST_STYLE: Record<ToastKind, string> = {
  success: 'border-success-600/30 bg-success-50 text-success-600',
  error: 'border-danger-500/30 bg-danger-50 text-danger-600',
  warning: 'border-warn-500/30 bg-warn-50 text-warn-600',
  info: 'border-line bg-surface text-ink',
};

/**
 * Renders the toasts (top centre), the progress notes of long work (bottom right) and the first
 * pending confirm of the feedback store.
 */
export function FeedbackHost({ feedback }: { feedback: Feedback }) {
  const state = useSyncExternalStore(feedback.subscribe, feedback.snapshot);
  const confirm = state.confirms[0];
  return (
    <>
      <div
        className="pointer-events-none fixed inset-x-0 top-4 z-[60] flex flex-col items-center gap-2 px-4"
        aria-live="polite"
      >
        {state.toasts.map((toast) => (
          <div
            key={toast.id}
            role={toast.kind === 'error' ? 'alert' : 'status'}
            data-testid={`toast-${toast.kind}`}
            className={`pointer-events-auto max-w-md rounded-control border px-4 py-2 text-sm shadow-pop ${TOAST_STYLE[toast.kind]}`}
          >
            {toast.message}
          </div>
        ))}
      </div>
      {state.progress.length > 0 && (
        <div className="fixed bottom-4 right-4 z-[60] flex w-72 flex-col gap-2" aria-live="polite">
          {state.progress.map((p) => (
            <div
              key={p.id}
              data-testid="progress-note"
              className="rounded-control border border-line bg-surface px-4 py-3 text-sm shadow-pop"
            >
              <div className="truncate font-medium text-ink">{p.title}</div>
              <div className="mt-1 truncate text-xs text-ink-soft">{p.message}</div>
              <div
                role="progressbar"
                aria-label={p.title}
                aria-valuemin={0}
                aria-valuemax={100}
                {...(p.percent === null ? {} : { 'aria-valuenow': p.percent })}
                className="mt-2 h-1.5 overflow-hidden rounded-full bg-line"
              >
                <div
                  className={`h-full rounded-full bg-brand-500 transition-[width] ${p.percent === null ? 'w-1/3 animate-pulse' : ''}`}
                  style={p.percent === null ? undefined : { width: `${p.percent}%` }}
                />
              </div>
            </div>
          ))}
        </div>
      )}
      {confirm && (
        <Dialog
          open
          width={420}
          title={confirm.title}
          onClose={() => confirm.resolve(false)}
          closeOnClickOutside={false}
          testId="confirm-dialog"
          footer={
            <>
              {confirm.showCancel && (
                <Button onClick={() => confirm.resolve(false)}>{confirm.cancelText}</Button>
              )}
              <Button variant="primary" onClick={() => confirm.resolve(true)} autoFocus>
                {confirm.confirmText}
              </Button>
            </>
          }
        >
          <div className="flex gap-3">
            <span
              className={`mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold text-white ${confirm.kind === 'warning' ? 'bg-warn-500' : 'bg-brand-500'}`}
            >
              !
            </span>
            <p className="text-base text-ink">{confirm.message}</p>
          </div>
        </Dialog>
      )}
    </>
  );
}
