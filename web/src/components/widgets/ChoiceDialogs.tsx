import { Checkbox, Radio, RadioGroup } from '@headlessui/react';
import { useState } from 'react';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';

export interface ChoiceOption {
  value: string;
  label: string;
  disabled?: boolean;
}

const box =
  'group flex size-4 shrink-0 items-center justify-center border border-line-strong bg-surface data-checked:border-brand-500 data-checked:bg-brand-500 data-disabled:opacity-40 data-focus:outline-2 data-focus:outline-brand-400';

/** Picks several options; confirm returns them in option order. */
export function MultiSelectDialog({
  open,
  title,
  options,
  initial,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  options: ChoiceOption[];
  initial: string[];
  onConfirm: (values: string[]) => void;
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState(() => new Set(initial));
  const toggle = (value: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(value);
    else next.delete(value);
    setChosen(next);
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      testId="multi-select-dialog"
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button
            variant="primary"
            onClick={() =>
              onConfirm(options.filter((o) => chosen.has(o.value)).map((o) => o.value))
            }
          >
            确定
          </Button>
        </>
      }
    >
      <ul className="grid gap-1 sm:grid-cols-2">
        {options.map((o) => (
          <li key={o.value}>
            <label className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 hover:bg-canvas">
              <Checkbox
                checked={chosen.has(o.value)}
                disabled={o.disabled}
                onChange={(on) => toggle(o.value, on)}
                className={`${box} rounded`}
                aria-label={o.label}
              >
                <svg
                  className="hidden size-3 text-white group-data-checked:block"
                  viewBox="0 0 14 14"
                  fill="none"
                >
                  <path d="M3 8l3 3 5-7" stroke="currentColor" strokeWidth={2} />
                </svg>
              </Checkbox>
              {o.label}
            </label>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

/** Picks exactly one option. */
export function SingleChoiceDialog({
  open,
  title,
  options,
  initial,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  options: ChoiceOption[];
  initial?: string;
  onConfirm: (value: string) => void;
  onClose: () => void;
}) {
  const [value, setValue] = useState(initial ?? '');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      testId="single-choice-dialog"
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" disabled={value === ''} onClick={() => onConfirm(value)}>
            确定
          </Button>
        </>
      }
    >
      <RadioGroup
        value={value}
        onChange={setValue}
        className="grid gap-1 sm:grid-cols-2"
        aria-label={title}
      >
        {options.map((o) => (
          <Radio
            key={o.value}
            value={o.value}
            disabled={o.disabled}
            className="group flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 hover:bg-canvas data-disabled:cursor-not-allowed data-disabled:opacity-50"
          >
            <span className={`${box} rounded-full`}>
              <span className="hidden size-1.5 rounded-full bg-white group-data-checked:block" />
            </span>
            {o.label}
          </Radio>
        ))}
      </RadioGroup>
    </Dialog>
  );
}
