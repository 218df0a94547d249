import { FundPayGateway, errorMessage } from '@dpms/http-client';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';

/** The payment calls, bound to the web's HTTP client. */
export function useFundPayGateway(): FundPayGateway {
  const http = useService(TOKENS.Http);
  return useMemo(() => new FundPayGateway(http), [http]);
}

export interface Option {
  value: string;
  label: string;
}

/** Options loaded once (or again when `deps` change); empty while loading or on failure. */
export function useOptions(load: () => Promise<Option[]>, deps: unknown[] = []): Option[] {
  const [options, setOptions] = useState<Option[]>([]);
  useEffect(() => {
    let live = true;
    load()
      .then((o) => live && setOptions(o))
      .catch(() => live && setOptions([]));
    return () => {
      live = false;
    };
  }, deps);
  return options;
}

/** Formal contracts the caller may see, for a payment plan. */
export function useFormalContracts(): Option[] {
  const http = useService(TOKENS.Http);
  return useOptions(async () => {
    const r = await http.get<{
      rows?: { contractId: number; projectName: string; contractName: string }[];
    }>('/v4/contract/list', { params: { pageNum: 1, pageSize: 1000, stage: 'formal' } });
    return (r.rows ?? []).map((c) => ({
      value: String(c.contractId),
      label: `${c.projectName}（${c.contractName}）`,
    }));
  }, [http]);
}

/** Runs a call, shows the server's message on failure and a success message otherwise. */
export function useAct() {
  const feedback = useService(TOKENS.Feedback);
  return async (run: () => Promise<unknown>, done: () => void, success = '操作成功') => {
    try {
      await run();
      feedback.success(success);
      done();
    } catch (e) {
      feedback.error(errorMessage(e));
    }
  };
}

/** The query string of an export: the list's applied filters without its paging. */
export function exportUrl(path: string, applied: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(applied))
    if (
      k !== 'pageNum' &&
      k !== 'pageSize' &&
      (typeof v === 'string' || typeof v === 'number') &&
      v !== ''
    )
      params.set(k, String(v));
  const s = params.toString();
  return s === '' ? path : `${path}?${s}`;
}

/** An amount in 万元 as typed: the form's preview (core's rules) says what is wrong with it. */
export function MoneyInput({
  value,
  onChange,
  ...rest
}: {
  value: string;
  onChange: (value: string) => void;
  id?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}) {
  return (
    <input
      {...rest}
      className="input tabular-nums"
      inputMode="decimal"
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/[^\d.]/g, ''))}
    />
  );
}

/** A label / value line of a detail. */
export function Figure({
  label,
  value,
  testId,
}: {
  label: string;
  value: ReactNode;
  testId?: string;
}) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-2 py-1 text-sm">
      <span className="text-ink-soft">{label}</span>
      <span className="tabular-nums" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

export const thisMonth = (): string => new Date().toISOString().slice(0, 7);

/** The rates a payee's invoice usually carries (0 to 6%: above it the net pay rule is refused). */
export const TAX_RATE_CHOICES: Option[] = [
  { value: '0.06', label: '6%' },
  { value: '0.03', label: '3%' },
  { value: '0.01', label: '1%' },
  { value: '0', label: '0%' },
];

export const PAY_STATUS_OPTIONS: Option[] = [
  { value: '0', label: '草稿' },
  { value: '1', label: '审批中' },
  { value: '2', label: '已付款' },
  { value: '3', label: '已驳回' },
];
