/**
 * 关联合同 / 关联任务单 / 关联借款 …: a required choice of one record by name (never a typed id),
 * marked `*` as every required field is (components/ui/Field), with its problem beside it. Used by
 * 发起审批's record picker (RecordPicker) and by a screen launcher's picker (SendPicker).
 */
export function RecordSelect<C extends { readonly id: string; readonly label: string }>({
  noun,
  choices,
  placeholder,
  value,
  error,
  disabled,
  onPick,
}: {
  noun: string;
  choices: readonly C[];
  /** The empty option's text: loading, could not load, none, or 请选择…. */
  placeholder: string;
  value: string;
  error?: string | undefined;
  disabled: boolean;
  onPick: (choice: C | null) => void;
}) {
  return (
    <div className="flex flex-col gap-1 text-sm text-ink-soft" data-field="recordId">
      <label className="flex flex-col gap-1">
        <span>
          <span className="text-danger-500" aria-hidden="true">
            *{' '}
          </span>
          关联{noun}
        </span>
        <select
          className="input"
          aria-label={`关联${noun}`}
          aria-required="true"
          aria-invalid={error !== undefined}
          value={value}
          disabled={disabled}
          onChange={(e) => onPick(choices.find((c) => c.id === e.target.value) ?? null)}
        >
          <option value="">{placeholder}</option>
          {choices.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      {error !== undefined && (
        <p role="alert" className="text-xs text-danger-600">
          {error}
        </p>
      )}
    </div>
  );
}
