import { AccountGateway, accountExportQuery, errorMessage } from '@dpms/http-client';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';

/** The account, invoice and employee-cost calls, bound to the web's HTTP client. */
export function useAccountGateway(): AccountGateway {
  const http = useService(TOKENS.Http);
  return useMemo(() => new AccountGateway(http), [http]);
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

/** Runs a call, shows the server's message on failure and 操作成功 on success. */
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
  `${path}${accountExportQuery(applied)}`;

/** An amount in 万元 as typed; core's rules say what is wrong with it. */
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

export const today = (): string => new Date().toISOString().slice(0, 10);
export const thisMonth = (): string => new Date().toISOString().slice(0, 7);

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

/** Signed contracts (formal), for an invoice request or a contract account. */
export function useSignedContracts(): Option[] {
  const http = useService(TOKENS.Http);
  return useOptions(async () => {
    const r = await http.get<{
      rows?: { contractId: number; contractNo: string; contractName: string }[];
    }>('/v4/contract/list', { params: { pageNum: 1, pageSize: 1000, stage: 'formal' } });
    return (r.rows ?? []).map((c) => ({
      value: String(c.contractId),
      label: c.contractNo ? `${c.contractName}（${c.contractNo}）` : c.contractName,
    }));
  }, [http]);
}

/** Active staff with their department, for an employee cost line. */
export function useStaff(): (Option & { deptId: number | null })[] {
  const http = useService(TOKENS.Http);
  const [staff, setStaff] = useState<(Option & { deptId: number | null })[]>([]);
  useEffect(() => {
    let live = true;
    http
      .get<{
        data?: { userId: number; nickName: string; deptId: number | null }[];
      }>('/system/user/optionselect')
      .then(
        (r) =>
          live &&
          setStaff(
            (r.data ?? []).map((u) => ({
              value: String(u.userId),
              label: u.nickName,
              deptId: u.deptId,
            })),
          ),
      )
      .catch(() => live && setStaff([]));
    return () => {
      live = false;
    };
  }, [http]);
  return staff;
}

/** A decimal string as a chart number (display only; sums stay strings). */
export const chartNumber = (v: string): number => Number(v);
