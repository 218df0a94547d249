import {
  FUND_PLAN_LINE_KIND_LABELS,
  FUND_PLAN_LINE_KINDS,
  FUND_PLAN_STATUS_LABELS,
} from '@dpms/core';
import type { FundPlanGateway } from '@dpms/http-client';
import { fundExportQuery } from '@dpms/http-client';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import type { Option } from '../../components/form/money-form';

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
} from '../../components/form/money-form';

/** The fund plan calls, bound to the web's HTTP client. */
export function useFundPlanGateway(): FundPlanGateway {
  return useService(TOKENS.FundPlanGateway);
}

/** The line kinds and statuses as select options, in core's words. */
export const LINE_KIND_OPTIONS: Option[] = FUND_PLAN_LINE_KINDS.map((k) => ({
  value: k,
  label: FUND_PLAN_LINE_KIND_LABELS[k],
}));
export const STATUS_OPTIONS: Option[] = Object.entries(FUND_PLAN_STATUS_LABELS).map(
  ([value, label]) => ({ value, label }),
);

/** The export address of a list with what it last searched. */
export const exportUrl = (path: string, applied: Record<string, unknown>): string =>
  `${path}${fundExportQuery(applied)}`;
