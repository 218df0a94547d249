import type { ContractListKind, ContractRecord } from '@dpms/http-client';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { Autocomplete } from '../../components/widgets/Autocomplete';

/**
 * Picks the contract a filing or sub-contract belongs to: searches the given lists (in the
 * caller's data scope) by contract name as typed.
 */
export function ContractPicker({
  kinds,
  label,
  onSelect,
}: {
  kinds: readonly ContractListKind[];
  label: string;
  onSelect: (c: ContractRecord | null) => void;
}) {
  const gateway = useService(TOKENS.ContractGateway);
  const search = async (q: string): Promise<ContractRecord[]> => {
    const pages = await Promise.all(
      kinds.map((k) => gateway.list(k, { pageNum: 1, pageSize: 20, contractName: q.trim() })),
    );
    return pages.flatMap((p) => p.rows);
  };
  return (
    <Autocomplete<ContractRecord>
      aria-label={label}
      placeholder="输入合同名称搜索"
      search={search}
      labelOf={(c) =>
        `${c.contractName}（${c.stageName}${c.contractNo ? `，${c.contractNo}` : ''}）`
      }
      keyOf={(c) => c.contractId}
      onSelect={onSelect}
    />
  );
}
