import {
  templateOptionText,
  templateOptionValue,
  TEMPLATE_TEXTAREA_AUTOSIZE,
  type TemplateField,
} from '@dpms/core';
import { useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/Button';
import { MultiSelectDialog, SingleChoiceDialog } from '../../components/widgets/ChoiceDialogs';
import { cascaderLevel, cascaderPath, optionLabel, type fieldOptions } from './template-rules';

/* The template's composite widgets: the growing textarea, the cascader and the choice dialogs. */

/** A value as read-only text: a dash when there is none. */
export const shown = (text: string): ReactNode =>
  text === '' ? <span className="text-muted">-</span> : text;

/** A textarea that grows from 5 to 10 rows (000 §5). */
export function AutoTextarea({
  id,
  label,
  value,
  maxLength,
  placeholder,
  onChange,
}: {
  id?: string;
  label: string;
  value: string;
  maxLength: number | undefined;
  placeholder?: string;
  onChange: (value: string) => void;
}) {
  const lines = value.split('\n').length;
  const rows = Math.min(
    TEMPLATE_TEXTAREA_AUTOSIZE.maxRows,
    Math.max(TEMPLATE_TEXTAREA_AUTOSIZE.minRows, lines),
  );
  return (
    <div className="w-full">
      <textarea
        id={id}
        className="input h-auto! py-1.5"
        aria-label={label}
        rows={rows}
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        onBlur={(e) => e.target.value !== e.target.value.trim() && onChange(e.target.value.trim())}
      />
      {maxLength !== undefined && (
        <p className="text-right text-xs text-muted">
          {value.length}/{maxLength}
        </p>
      )}
    </div>
  );
}

/** Department-style cascader: one select per level; the value is the last id (000 §3). */
export function Cascader({
  id,
  field,
  locked,
  options,
  value,
  onChange,
}: {
  id: string;
  field: TemplateField;
  locked: boolean;
  options: ReturnType<typeof fieldOptions>;
  value: string;
  onChange: (value: string) => void;
}) {
  const stored = cascaderPath(options, value);
  const [path, setPath] = useState<string[] | null>(null);
  const current = path ?? stored;
  if (locked) {
    const labels = current.map((v, i) =>
      optionLabel(cascaderLevel(options, current.slice(0, i)), v),
    );
    return (
      <p className="py-1.5 text-sm text-ink" id={id}>
        {shown(labels.join(' / ') || value)}
      </p>
    );
  }
  const selects: { level: readonly ReturnType<typeof fieldOptions>[number][]; chosen: string }[] =
    [];
  for (let i = 0; i <= current.length; i++) {
    const level = cascaderLevel(options, current.slice(0, i));
    if (level.length === 0) break;
    selects.push({ level, chosen: current[i] ?? '' });
  }
  return (
    <div className="flex flex-wrap gap-2" id={id}>
      {selects.map((s, i) => (
        <select
          key={i}
          className="input w-auto!"
          aria-label={i === 0 ? field.label : `${field.label}第${i + 1}级`}
          value={s.chosen}
          onChange={(e) => {
            const next = [...current.slice(0, i), ...(e.target.value ? [e.target.value] : [])];
            setPath(next);
            onChange(next[next.length - 1] ?? '');
          }}
        >
          <option value="">请选择</option>
          {s.level.map((o) => (
            <option key={templateOptionValue(o)} value={templateOptionValue(o)}>
              {templateOptionText(o)}
            </option>
          ))}
        </select>
      ))}
    </div>
  );
}

/** checkbox and radioBox: the choice is made in a dialog (000 §3). */
export function ChoiceDialogField({
  id,
  field,
  locked,
  options,
  chosen,
  onChange,
}: {
  id: string;
  field: TemplateField;
  locked: boolean;
  options: ReturnType<typeof fieldOptions>;
  chosen: readonly string[];
  onChange: (values: string[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const text = chosen.map((v) => optionLabel(options, v)).join('、');
  const choices = options.map((o) => ({
    value: templateOptionValue(o),
    label: templateOptionText(o),
  }));
  if (locked)
    return (
      <p className="py-1.5 text-sm text-ink" id={id}>
        {shown(text)}
      </p>
    );
  return (
    <div className="flex items-center gap-2" id={id}>
      <span
        className="min-w-0 flex-1 truncate text-sm text-ink"
        data-testid={`${field.refname}-chosen`}
      >
        {text || <span className="text-muted">未选择</span>}
      </span>
      <Button size="sm" onClick={() => setOpen(true)}>
        {field.buttonText ?? '选择'}
      </Button>
      {open && field.type === 'checkbox' && (
        <MultiSelectDialog
          open
          title={field.label}
          options={choices}
          initial={[...chosen]}
          onClose={() => setOpen(false)}
          onConfirm={(values) => {
            onChange(values);
            setOpen(false);
          }}
        />
      )}
      {open && field.type === 'radioBox' && (
        <SingleChoiceDialog
          open
          title={field.label}
          options={choices}
          initial={chosen[0] ?? ''}
          onClose={() => setOpen(false)}
          onConfirm={(value) => {
            onChange([value]);
            setOpen(false);
          }}
        />
      )}
    </div>
  );
}
