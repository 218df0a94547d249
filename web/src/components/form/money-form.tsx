import { instituteDay, instituteMonth } from '@dpms/core';
/** The form pieces the money screens (fund, account, fund pay, fund plan) have in common. */
import { errorMessage } from '@dpms/http-client';
import { useEffect, useState, type ReactNode } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';

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

/** Runs a call, shows the server's message on failure and `success` (操作成功) otherwise. */
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

/** Today as 'YYYY-MM-DD' on the institute's calendar (Asia/Shanghai unless a zone is given). */
export const today = (zone?: string): string => instituteDay(new Date(), zone);
/** This month as 'YYYY-MM' on the institute's calendar. */
export const thisMonth = (zone?: string): string => instituteMonth(new Date(), zone);

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

/** Every department (design teams are departments), from the tree any signed-in user may read. */
export function useDepts(): Option[] {
  const depts = useService(TOKENS.DeptGateway);
  return useOptions(async () => flatten(await depts.treeselect()), [depts]);
}

/** Formal contracts the caller may see, labelled 项目名（合同名）. */
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
