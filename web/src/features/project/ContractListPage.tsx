import { CONTRACT_LIST_SESSION_KEYS, shouldRefreshContractList } from '@dpms/core';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { useView } from '../../app/view-context';
import { DataTable, type Column } from '../../components/table/DataTable';
import { PageCard } from '../../components/ui/Page';

interface ContractRow {
  contractId: number;
  contractNo: string;
  contractName: string;
  totalAmount: string;
  receiveAmount: string;
}

const COLUMNS: Column<ContractRow>[] = [
  { key: 'contractNo', title: '合同编号' },
  { key: 'contractName', title: '合同名称' },
  { key: 'totalAmount', title: '合同金额（万元）', align: 'right', sum: true },
  { key: 'receiveAmount', title: '已收款（万元）', align: 'right', sum: true },
];

/**
 * The three contract lists the side panel's details buttons open. They read the stored contract
 * type and the refresh flag; their rows arrive with the contract issue.
 */
function ContractList({ title }: { title: string }) {
  const storage = useService(TOKENS.SessionStorage);
  const { active } = useView();
  const [type, setType] = useState<string>('');
  // Read again each time the (kept-alive) list shows: the details button may have set the flag.
  useEffect(() => {
    if (!active) return;
    if (shouldRefreshContractList(storage.read(CONTRACT_LIST_SESSION_KEYS.refresh, z.string())))
      storage.remove(CONTRACT_LIST_SESSION_KEYS.refresh);
    setType(storage.read(CONTRACT_LIST_SESSION_KEYS.contractType, z.string()) ?? '');
  }, [storage, active]);
  return (
    <PageCard title={title}>
      <p className="mb-3 text-sm text-ink-soft" data-testid="contract-type">
        合同类型：{type || '全部'}
      </p>
      <DataTable
        columns={COLUMNS}
        rows={[]}
        rowKey="contractId"
        total={0}
        pageNum={1}
        pageSize={20}
        onPageChange={() => undefined}
      />
    </PageCard>
  );
}

export const UnSignListPage = () => <ContractList title="未签合同" />;
export const ApproveListPage = () => <ContractList title="审批合同" />;
export const ContractListPage = () => <ContractList title="合同列表" />;
