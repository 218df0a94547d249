import { EXTEND_SORT_COLUMNS } from '@dpms/core';
import { errorMessage, type ExtendSubContractRow, type PageQuery } from '@dpms/http-client';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { HasPermi } from '../../components/auth/Access';
import { CrudPage, OWN_ACTIONS_KEY } from '../../components/crud/CrudPage';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { downloadExport } from '../../components/upload';
import { ExtendSubContractFormDialog } from './ExtendSubContractFormDialog';
import { useSearchedGateway, useRowAction, textButton, money } from './sub-record-page-kit';

// ---- extended sub-contracts --------------------------------------------------------------------

type ExtendFilter = { extendNo: string };

/** Opens the edit form of an extension once its sub-contract's standing is read. */
function ExtendEditDialog({
  row,
  onClose,
  onSaved,
}: {
  row: ExtendSubContractRow;
  onClose: () => void;
  onSaved: () => void;
}) {
  const gateway = useService(TOKENS.ContractGateway);
  const q = useQuery({
    queryKey: ['contract-child', row.contractChildId],
    queryFn: () => gateway.childDetail(row.contractChildId),
  });
  if (!q.data)
    return (
      <Dialog open onClose={onClose} title="修改补充分包合同" width={480}>
        <p className="text-ink-soft">{q.error ? errorMessage(q.error) : '加载中…'}</p>
      </Dialog>
    );
  return (
    <ExtendSubContractFormDialog
      target={{
        contractChildId: row.contractChildId,
        totalAmount: q.data.totalAmount,
        extendAmount: q.data.extendAmount ?? '0',
        // An extension may not bring the sub-contract below what its pay items add up to.
        paidAmount: q.data.payItemsAmount ?? '0',
      }}
      editing={row}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

/** 外委合同: the extended (supplementary) sub-contracts beside their sub-contract and contract. */
export function ExtendSubContractListPage() {
  const contracts = useService(TOKENS.ContractGateway);
  const run = useRowAction();
  const load = useMemo(() => (q: PageQuery) => contracts.extendList(q), [contracts]);
  const { gateway, exportUrl } = useSearchedGateway<ExtendSubContractRow, ExtendFilter>(load);
  const [editing, setEditing] = useState<ExtendSubContractRow | null>(null);
  const rowActions = (refetch: () => void) => (r: ExtendSubContractRow) => (
    <>
      <HasPermi perms={['project:extendSubContract:edit']}>
        {textButton('修改', () => setEditing(r))}
      </HasPermi>
      <HasPermi perms={['project:extendSubContract:remove']}>
        {textButton(
          '删除',
          () =>
            void run(
              '删除成功',
              () => contracts.extendRemove(r.extendId),
              refetch,
              `是否确认删除补充分包合同“${r.extendNo || r.extendId}”？`,
            ),
        )}
      </HasPermi>
    </>
  );
  return (
    <CrudPage<ExtendSubContractRow, ExtendFilter>
      title="外委合同"
      noun="补充分包合同"
      queryKey="extend-sub-contracts"
      sortColumns={EXTEND_SORT_COLUMNS}
      gateway={gateway}
      filter={{ extendNo: '' }}
      rowKey="extendId"
      table={{ testId: 'extend-sub-contract-list' }}
      search={[{ key: 'extendNo', label: '补充合同编号' }]}
      columns={(ctx) => {
        const actions = rowActions(ctx.refetch);
        return [
          { key: 'extendNo', title: '补充合同编号' },
          { key: 'contractName', title: '所属合同' },
          { key: 'contractChildNo', title: '分包合同编号' },
          { key: 'childTypeName', title: '分包类型' },
          { key: 'receiveCompanyName', title: '收款单位' },
          money('childTotalAmount', '分包金额（万元）'),
          money('extendAmount', '补充金额（万元）'),
          { key: 'signDate', title: '签订日期' },
          { key: 'reason', title: '补充原因' },
          { key: 'createByName', title: '创建人' },
          { key: OWN_ACTIONS_KEY, title: '操作', render: actions },
        ];
      }}
      headerActions={
        <HasPermi perms={['project:extendSubContract:export']}>
          <Button onClick={() => void downloadExport(exportUrl('/v4/extendSubContract/export'))}>
            导出
          </Button>
        </HasPermi>
      }
    >
      {(ctx) =>
        editing && (
          <ExtendEditDialog
            row={editing}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              ctx.refetch();
            }}
          />
        )
      }
    </CrudPage>
  );
}
