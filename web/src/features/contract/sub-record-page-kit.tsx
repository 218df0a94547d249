/** The pieces the filing, sub-contract and extension list pages share. */
import { displayAmount, displayRate } from '@dpms/core';
import { errorMessage, exportQuery, type Page, type PageQuery } from '@dpms/http-client';
import { useMemo, useRef, type ReactNode } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { type CrudGateway, type CrudFilter } from '../../components/crud/CrudPage';
import { Button } from '../../components/ui/Button';
import { useInstituteClock, type InstituteClock } from '../../components/time/institute-clock';

export const money = (key: string, title: string) => ({
  key,
  title,
  amount: true,
  sum: true,
});
/** A value as shown: a timestamp on the institute's clock, other text as it is. */
export const show = (v: unknown, clock: InstituteClock): string =>
  v === null || v === undefined || v === ''
    ? '-'
    : typeof v === 'string'
      ? clock.instant(v)
      : JSON.stringify(v);
export const options = (pairs: readonly (readonly [string, string])[]) =>
  pairs.map(([value, label]) => ({ value, label }));

/**
 * A list's gateway that remembers the query the list last ran: the export sends what is on
 * screen (the searched filters), not the search form's unsearched edits.
 */
export function useSearchedGateway<Row, F extends CrudFilter>(
  load: (q: PageQuery) => Promise<Page<Row>>,
): { gateway: CrudGateway<Row, F>; exportUrl: (path: string) => string } {
  const last = useRef<Record<string, unknown>>({});
  const gateway = useMemo<CrudGateway<Row, F>>(
    () => ({
      list: (q) => {
        last.current = q;
        return load(q);
      },
    }),
    [load],
  );
  return { gateway, exportUrl: (path) => `${path}${exportQuery(last.current)}` };
}

/** Runs a row action with its confirm and feedback, then reloads the list. */
export function useRowAction() {
  const feedback = useService(TOKENS.Feedback);
  return async (
    done: string,
    action: () => Promise<unknown>,
    refetch: () => void,
    ask?: string,
  ) => {
    if (ask && !(await feedback.confirm({ title: '系统提示', message: ask }))) return;
    try {
      await action();
      feedback.success(done);
      refetch();
    } catch (error) {
      feedback.error(errorMessage(error));
    }
  };
}

/**
 * A fact as read: an amount (its label says 万元) through displayAmount, a tax rate as a
 * percentage, the rest as `show` gives it.
 */
const factText = (key: string, label: string, v: unknown, clock: InstituteClock): string =>
  v === null || v === undefined || v === ''
    ? '-'
    : label.includes('万元')
      ? displayAmount(v)
      : key === 'taxRate'
        ? displayRate(v)
        : show(v, clock);

export function Facts({
  pairs,
  data,
}: {
  pairs: [string, string][];
  data: Record<string, unknown>;
}) {
  const clock = useInstituteClock();
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm md:grid-cols-2">
      {pairs.map(([key, label]) => (
        <div key={key} className="flex gap-2">
          <dt className="w-32 shrink-0 text-ink-soft">{label}</dt>
          <dd data-field={key} className="break-all">
            {factText(key, label, data[key], clock)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export const textButton = (label: string, onClick: () => void, testId?: string): ReactNode => (
  <Button
    size="sm"
    variant="text"
    className={label === '删除' ? 'text-danger-600!' : undefined}
    onClick={onClick}
    data-testid={testId}
  >
    {label}
  </Button>
);
