import { FEE_RATE_DICT_TYPES, type FeeRateSets } from '@dpms/core';
import { useQuery } from '@tanstack/react-query';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { rateSetsFromDicts } from './fee-preview';

/** The rate sets the server splits by (one dictionary per source), and the joint rate options. */
export function useFeeRates(enabled = true): {
  rateSets: FeeRateSets | undefined;
  realAmountRates: { dictLabel: string; dictValue: string }[];
} {
  const dicts = useService(TOKENS.DictGateway);
  const rates = useQuery({
    queryKey: ['feeRateSets'],
    queryFn: async () => {
      const entries = await Promise.all(
        (Object.entries(FEE_RATE_DICT_TYPES) as [keyof typeof FEE_RATE_DICT_TYPES, string][]).map(
          async ([category, type]) => [category, await dicts.byType(type)] as const,
        ),
      );
      return rateSetsFromDicts(Object.fromEntries(entries));
    },
    staleTime: 60_000,
    enabled,
  });
  const joint = useQuery({
    queryKey: ['dict', 'realAmountRate_list'],
    queryFn: () => dicts.byType('realAmountRate_list'),
    staleTime: 60_000,
    enabled,
  });
  return { rateSets: rates.data, realAmountRates: joint.data ?? [] };
}
