import { filterAmount } from './fee-preview';

/**
 * An amount in 万元: every keystroke goes through core's input filter, so letters, a minus sign
 * and a fifth decimal are refused as they are typed.
 */
export function AmountInput({
  value,
  onChange,
  readOnly,
  id,
  ...rest
}: {
  value: string;
  onChange: (value: string) => void;
  readOnly?: boolean;
  id?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}) {
  return (
    <input
      {...rest}
      id={id}
      className={`input tabular-nums ${readOnly ? 'bg-canvas text-ink-soft' : ''}`}
      inputMode="decimal"
      value={value}
      readOnly={readOnly}
      onChange={(e) => onChange(filterAmount(e.target.value))}
    />
  );
}
