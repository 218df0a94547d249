import { useRef, useState } from 'react';
import { useActionKeys } from '../crud/action-keys';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { Field } from '../ui/Field';

export interface FormFieldDef {
  key: string;
  label: string;
  type?: 'text' | 'textarea' | 'select' | 'number' | 'password' | 'radio';
  options?: { value: string; label: string }[];
  required?: boolean;
  maxLength?: number;
  placeholder?: string;
}

export type FormValues = Record<string, string>;

/**
 * An add/edit dialog from a field list: inputs are trimmed, required fields say 请输入/请选择 and
 * the server's message shows under the form when it refuses. `onSubmit` gets the save's
 * Idempotency-Key to send with its write: one key per save until it is answered, so a retry after
 * a lost answer is applied once (`ActionKeys`); a second click while the save runs sends nothing.
 */
export function FormDialog({
  open,
  title,
  fields,
  initial,
  onSubmit,
  onClose,
  width = 600,
}: {
  open: boolean;
  title: string;
  fields: FormFieldDef[];
  initial: FormValues;
  onSubmit: (values: FormValues, idempotencyKey: string) => Promise<void>;
  onClose: () => void;
  width?: number;
}) {
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const keys = useActionKeys();
  // State updates land after a render; a double click arrives before it.
  const running = useRef(false);
  const submit = async () => {
    if (running.current) return;
    const trimmed: FormValues = {};
    const next: Record<string, string> = {};
    for (const f of fields) {
      const v = (values[f.key] ?? '').trim();
      trimmed[f.key] = v;
      if (f.required && v === '')
        next[f.key] =
          `${f.type === 'select' || f.type === 'radio' ? '请选择' : '请输入'}${f.label}`;
    }
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    running.current = true;
    setBusy(true);
    setFailure('');
    try {
      const outcome = await keys.run('save', (key) => onSubmit(trimmed, key));
      if (!outcome.ok) setFailure(outcome.message);
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  const set = (key: string, v: string) => setValues((old) => ({ ...old, [key]: v }));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      width={width}
      closeOnClickOutside={false}
      testId="form-dialog"
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" loading={busy} onClick={() => void submit()}>
            确定
          </Button>
        </>
      }
    >
      <form
        className="space-y-3.5"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {fields.map((f) => (
          <Field key={f.key} label={f.label} required={f.required} error={errors[f.key]}>
            {f.type === 'textarea' ? (
              <textarea
                className="input h-auto! py-2"
                rows={4}
                aria-label={f.label}
                maxLength={f.maxLength ?? 1000}
                value={values[f.key] ?? ''}
                onChange={(e) => set(f.key, e.target.value)}
                placeholder={f.placeholder ?? `请输入${f.label}`}
              />
            ) : f.type === 'select' ? (
              <select
                className="input"
                aria-label={f.label}
                value={values[f.key] ?? ''}
                onChange={(e) => set(f.key, e.target.value)}
              >
                <option value="">请选择{f.label}</option>
                {f.options?.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : f.type === 'radio' ? (
              <div className="flex gap-4 pt-1.5" role="radiogroup" aria-label={f.label}>
                {f.options?.map((o) => (
                  <label key={o.value} className="flex items-center gap-1.5 text-sm">
                    <input
                      type="radio"
                      name={f.key}
                      value={o.value}
                      checked={values[f.key] === o.value}
                      onChange={() => set(f.key, o.value)}
                      className="accent-brand-500"
                    />
                    {o.label}
                  </label>
                ))}
              </div>
            ) : (
              <input
                className="input"
                aria-label={f.label}
                type={f.type === 'number' ? 'number' : f.type === 'password' ? 'password' : 'text'}
                maxLength={f.maxLength ?? 50}
                value={values[f.key] ?? ''}
                onChange={(e) => set(f.key, e.target.value)}
                placeholder={f.placeholder ?? `请输入${f.label}`}
              />
            )}
          </Field>
        ))}
        {failure && (
          <p
            role="alert"
            className="rounded-control bg-danger-50 px-3 py-2 text-sm text-danger-600"
          >
            {failure}
          </p>
        )}
      </form>
    </Dialog>
  );
}
