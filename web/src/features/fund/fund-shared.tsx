import { FundGateway, fundExportQuery } from '@dpms/http-client';
import { useMemo } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';

export {
  Figure,
  MoneyInput,
  today,
  useAct,
  useDepts,
  useOptions,
  // Formal contracts, for 登记回款.
  useFormalContracts as useContracts,
  type Option,
} from '../money/money-form';

/** The fund calls, bound to the web's HTTP client. */
export function useFundGateway(): FundGateway {
  const http = useService(TOKENS.Http);
  return useMemo(() => new FundGateway(http), [http]);
}

/** The export address of a list with what it last searched (not the form's unsearched edits). */
export const exportUrl = (path: string, applied: Record<string, unknown>): string =>
  `${path}${fundExportQuery(applied)}`;

export const select = 'input';
