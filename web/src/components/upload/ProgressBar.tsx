/** A progress bar 0 … 100 with its number; `tone` follows the upload's state. */
export function ProgressBar({
  percent,
  tone = 'brand',
  label,
  testId,
}: {
  percent: number;
  tone?: 'brand' | 'success' | 'danger' | 'muted';
  label: string;
  testId?: string;
}) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  const bar = {
    brand: 'bg-brand-500',
    success: 'bg-success-600',
    danger: 'bg-danger-500',
    muted: 'bg-line-strong',
  }[tone];
  return (
    <div className="flex items-center gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        data-testid={testId}
        className="h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-canvas"
      >
        <div
          className={`h-full rounded-full transition-[width] ${bar}`}
          style={{ width: `${value}%` }}
        />
      </div>
      <span className="w-10 shrink-0 text-right text-xs text-muted tabular-nums">{value}%</span>
    </div>
  );
}
