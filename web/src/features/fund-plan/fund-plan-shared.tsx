import { FundPlanGateway, fundExportQuery } from '@dpms/http-client';
import { useMemo } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import type { Option } from '../money/money-form';

export {
  Figure,
  MoneyInput,
  thisMonth,
  today,
  useAct,
  useDepts,
  // Formal contracts, for the income lines (back money expected by contract).
  useFormalContracts as useContracts,
  type Option,
} from '../money/money-form';

/** The fund plan calls, bound to the web's HTTP client. */
export function useFundPlanGateway(): FundPlanGateway {
  const http = useService(TOKENS.Http);
  return useMemo(() => new FundPlanGateway(http), [http]);
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

/** The export address of a list with what it last searched. */
export const exportUrl = (path: string, applied: Record<string, unknown>): string =>
  `${path}${fundExportQuery(applied)}`;
