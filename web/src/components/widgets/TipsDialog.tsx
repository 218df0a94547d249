import { TIPS_DIALOG, TIPS_LOAD_FAILED } from '@dpms/core';
import { useEffect } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';

export interface TipType {
  title: string;
  items: string[];
}

/** The tips dialog: 提示信息, 600 px, modal, not closed by clicking outside; no types → a confirm. */
export function TipsDialog({
  open,
  onClose,
  types,
}: {
  open: boolean;
  onClose: () => void;
  types: TipType[];
}) {
  const feedback = useService(TOKENS.Feedback);
  const empty = types.length === 0;
  useEffect(() => {
    if (!open || !empty) return;
    void feedback
      .confirm({
        message: TIPS_LOAD_FAILED.message,
        title: TIPS_LOAD_FAILED.title,
        showCancel: false,
      })
      .then(onClose);
  }, [open, empty, feedback, onClose]);
  if (empty) return null;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={TIPS_DIALOG.title}
      width={TIPS_DIALOG.widthPx}
      closeOnClickOutside={TIPS_DIALOG.closeOnClickOutside}
      closeOnEscape={TIPS_DIALOG.closeOnEscape}
      testId="tips-dialog"
      footer={
        <Button variant="primary" onClick={onClose}>
          我知道了
        </Button>
      }
    >
      <div className="space-y-4">
        {types.map((t) => (
          <section key={t.title}>
            <h3 className="mb-1.5 font-semibold text-ink">{t.title}</h3>
            <ol className="list-decimal space-y-1 pl-5 text-ink-soft">
              {t.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ol>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
