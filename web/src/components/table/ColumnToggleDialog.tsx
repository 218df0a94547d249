import { Checkbox } from '@headlessui/react';
import { useState } from 'react';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';

export interface ToggleableColumn {
  key: string;
  title: string;
}

/** The column show/hide dialog: one checkbox per column. */
export function ColumnToggleDialog({
  open,
  onClose,
  columns,
  hidden,
  onChange,
}: {
  open: boolean;
  onClose: () => void;
  columns: ToggleableColumn[];
  hidden: ReadonlySet<string>;
  onChange: (hidden: Set<string>) => void;
}) {
  const [draft, setDraft] = useState(() => new Set(hidden));
  const toggle = (key: string) => {
    const next = new Set(draft);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setDraft(next);
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="显示/隐藏列"
      width={420}
      testId="column-dialog"
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button
            variant="primary"
            onClick={() => {
              onChange(draft);
              onClose();
            }}
          >
            确定
          </Button>
        </>
      }
    >
      <ul className="grid grid-cols-2 gap-2">
        {columns.map((c) => (
          <li key={c.key}>
            <label className="flex cursor-pointer items-center gap-2 rounded px-2 py-1 hover:bg-canvas">
              <Checkbox
                checked={!draft.has(c.key)}
                onChange={() => toggle(c.key)}
                aria-label={c.title}
                className="group flex size-4 items-center justify-center rounded border border-line-strong bg-surface data-checked:border-brand-500 data-checked:bg-brand-500 data-focus:outline-2 data-focus:outline-brand-400"
              >
                <svg
                  className="hidden size-3 text-white group-data-checked:block"
                  viewBox="0 0 14 14"
                  fill="none"
                >
                  <path
                    d="M3 8l3 3 5-7"
                    stroke="currentColor"
                    strokeWidth={2}
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
              </Checkbox>
              <span>{c.title}</span>
            </label>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
