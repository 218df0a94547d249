import { FundPlanGateway, errorMessage, fundExportQuery } from '@dpms/http-client';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';

/** The fund plan calls, bound to the web's HTTP client. */
export function useFundPlanGateway(): FundPlanGateway {
  const http = useService(TOKENS.Http);
  return useMemo(() => new FundPlanGateway(http), [http]);
}

export interface Option {
  value: string;
  label: string;
}

export const LINE_KIND_OPTIONS: Option[] = [
  { value: 'income', label: '预计回款' },
  { value: 'rigid', label: '刚性支出' },
  { value: 'loan', label: '借款支出' },
  { value: 'payment', label: '付款支出' },
];
export const STATUS_OPTIONS: Option[] = [
  { value: '0', label: '草稿' },
  { value: '1', label: '审批中' },
  { value: '2', label: '已通过' },
  { value: '3', label: '已驳回' },
];

function useOptions(load: () => Promise<Option[]>, deps: unknown[]): Option[] {
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

/** The export address of a list with what it last searched. */
export const exportUrl = (path: string, applied: Record<string, unknown>): string =>
  `${path}${fundExportQuery(applied)}`;

/** An amount in 万元 as typed: core's preview says what is wrong with it. */
export function MoneyInput({
  value,
  onChange,
  ...rest
}: {
  value: string;
  onChange: (value: string) => void;
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

/** A label / value line of a detail or a figure panel. */
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

interface TreeNodeLike {
  id: number;
  label: string;
  children?: TreeNodeLike[];
}
const flatten = (nodes: TreeNodeLike[], out: Option[] = []): Option[] => {
  for (const n of nodes) {
    out.push({ value: String(n.id), label: n.label });
    if (n.children) flatten(n.children, out);
  }
  return out;
};

/** Every department, from the tree any signed-in user may read. */
export function useDepts(): Option[] {
  const depts = useService(TOKENS.DeptGateway);
  return useOptions(async () => flatten(await depts.treeselect()), [depts]);
}

/** Formal contracts, for the income lines (back money expected by contract). */
export function useContracts(): Option[] {
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

/** This month as 'YYYY-MM'. */
export const thisMonth = (): string => new Date().toISOString().slice(0, 7);
export const today = (): string => new Date().toISOString().slice(0, 10);
