import type { AccountGateway } from '@dpms/http-client';
import { accountExportQuery } from '@dpms/http-client';
import { useEffect, useState } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { useOptions, type Option } from '../../components/form/money-form';

export {
  Figure,
  MoneyInput,
  thisMonth,
  today,
  useAct,
  useDepts,
  useOptions,
  type Option,
} from '../../components/form/money-form';

/** The account, invoice and employee-cost calls, bound to the web's HTTP client. */
export function useAccountGateway(): AccountGateway {
  return useService(TOKENS.AccountGateway);
}

/** The export address of a list with what it last searched. */
export const exportUrl = (path: string, applied: Record<string, unknown>): string =>
  `${path}${accountExportQuery(applied)}`;

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
