import type { ReactNode } from 'react';

/**
 * The live preview beside a form: what core computes from what is typed, or the refusal the
 * server would answer, in the same words.
 */
export function PreviewPanel({
  title,
  testId,
  rows,
  error,
  pending,
}: {
  title: string;
  testId: string;
  /** [key, label, value] of each figure shown (万元 unless the label says otherwise). */
  rows?: readonly (readonly [string, string, ReactNode])[] | undefined;
  error?: string | undefined;
  pending?: string | undefined;
}) {
  return (
    <section
      data-testid={testId}
      className="rounded-card border border-line bg-canvas p-3 text-sm"
      aria-live="polite"
    >
      <h3 className="mb-2 font-medium text-ink">{title}</h3>
      {pending !== undefined ? (
        <p className="text-ink-soft">{pending}</p>
      ) : error !== undefined ? (
        <p className="text-danger-600" data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
          {(rows ?? []).map(([key, label, value]) => (
            <div key={key} className="flex justify-between gap-2">
              <dt className="text-ink-soft">{label}</dt>
              <dd className="tabular-nums" data-fee={key}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
