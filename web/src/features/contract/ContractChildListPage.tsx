import { contractChildActions, displayRate, CONTRACT_CHILD_SORT_COLUMNS } from '@dpms/core';
import {
  errorMessage,
  type ChildPayRecord,
  type ContractChildRow,
  type ContractGateway,
  type PageQuery,
} from '@dpms/http-client';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useService } from '../../app/di';
import { useActionActor } from '../../app/hooks';
import { TOKENS } from '../../app/tokens';
import { HasPermi } from '../../components/auth/Access';
import { DataTable } from '../../components/table/DataTable';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { ChildPayFormDialog } from './ChildPayFormDialog';
import { CHILD_TYPE_OPTIONS, ContractChildFormDialog } from './ContractChildFormDialog';
import { ExtendSubContractFormDialog } from './ExtendSubContractFormDialog';
import { STATUS_OPTIONS } from './labels';
import { RecordListPage } from './record-list-page';
import { useRowAction, Facts, textButton, money, options } from './sub-record-page-kit';
import { RowActions } from '../../components/table/RowActions';

// ---- sub-contracts -----------------------------------------------------------------------------

type ChildFilter = {
  contractChildNo: string;
  receiveCompanyName: string;
  childType: string;
  status: string;
};
const CHILD_EMPTY: ChildFilter = {
  contractChildNo: '',
  receiveCompanyName: '',
  childType: '',
  status: '',
};

function ContractChildDetailDialog({
  id,
  onClose,
  onChanged,
}: {
  id: number;
  onClose: () => void;
  onChanged: () => void;
}) {
  const gateway = useService(TOKENS.ContractGateway);
  const run = useRowAction();
  const q = useQuery({ queryKey: ['contract-child', id], queryFn: () => gateway.childDetail(id) });
  const [payForm, setPayForm] = useState<{ editing?: ChildPayRecord } | null>(null);
  const [extendOpen, setExtendOpen] = useState(false);
  const c = q.data;
  const reload = () => {
    void q.refetch();
    onChanged();
  };
  const target = c && {
    totalAmount: c.totalAmount,
    extendAmount: c.extendAmount ?? '0',
    // A new pay item is held to what the pay items already add up to.
    paidAmount: c.payItemsAmount ?? '0',
    taxRate: c.taxRate,
  };
  return (
    <Dialog open onClose={onClose} title="分包合同详情" width={900} testId="contract-child-detail">
      {!c || !target ? (
        <p className="text-ink-soft">{q.error ? errorMessage(q.error) : '加载中…'}</p>
      ) : (
        <div className="space-y-4 text-sm">
          <Facts
            data={c}
            pairs={[
              ['contractChildNo', '分包合同编号'],
              ['contractName', '所属合同'],
              ['childTypeName', '分包类型'],
              ['receiveCompanyName', '收款单位'],
              ['paymentMethod', '付款方式'],
              ['statusName', '审批状态'],
              ['totalAmount', '分包金额（万元）'],
              ['extendAmount', '补充金额（万元）'],
              ['paidAmount', '已付金额（万元）'],
              ['payItemsAmount', '付款项合计（万元）'],
              ['canPayAmount', '可付金额（万元）'],
              ['taxRate', '税率'],
              ['content', '分包内容'],
            ]}
          />
          <section>
            <div className="mb-2 flex items-center justify-between">
              <h3 className="font-medium">付款记录</h3>
              <div className="flex gap-2">
                {(c.status === 1 || c.history) && (
                  <HasPermi perms={['project:extendSubContract:add']}>
                    <Button size="sm" onClick={() => setExtendOpen(true)}>
                      新增补充合同
                    </Button>
                  </HasPermi>
                )}
                <HasPermi perms={['project:contractChild:pay']}>
                  <Button
                    size="sm"
                    variant="primary"
                    data-testid="add-pay"
                    onClick={() => setPayForm({})}
                  >
                    登记付款
                  </Button>
                </HasPermi>
              </div>
            </div>
            <DataTable
              testId="child-pays"
              rowKey="payId"
              rows={c.pays}
              columns={[
                { key: 'payDate', title: '付款日期' },
                money('payAmount', '付款金额（万元）'),
                {
                  key: 'taxRate',
                  title: '税率',
                  align: 'right',
                  render: (p) => displayRate(p.taxRate),
                },
                money('realPayAmount', '实付金额（万元）'),
                { key: 'files', title: '附件', render: (p) => `${p.files.length}个` },
                { key: 'remark', title: '备注' },
                {
                  key: 'actions',
                  title: '操作',
                  render: (p) => (
                    <RowActions>
                      <HasPermi perms={['project:contractChild:pay']}>
                        {textButton('修改', () => setPayForm({ editing: p }))}
                        {textButton(
                          '删除',
                          () =>
                            void run(
                              '删除成功',
                              () => gateway.deletePay(p.payId),
                              reload,
                              '是否确认删除该付款记录？',
                            ),
                        )}
                      </HasPermi>
                    </RowActions>
                  ),
                },
              ]}
            />
          </section>
          {payForm && (
            <ChildPayFormDialog
              contractChildId={c.contractChildId}
              target={target}
              editing={payForm.editing}
              onClose={() => setPayForm(null)}
              onSaved={() => {
                setPayForm(null);
                reload();
              }}
            />
          )}
          {extendOpen && (
            <ExtendSubContractFormDialog
              target={{ contractChildId: c.contractChildId, ...target }}
              onClose={() => setExtendOpen(false)}
              onSaved={() => {
                setExtendOpen(false);
                reload();
              }}
            />
          )}
        </div>
      )}
    </Dialog>
  );
}

const loadChildren = (contracts: ContractGateway, q: PageQuery) => contracts.childList(q);
const childName = (r: ContractChildRow) => r.contractChildNo || r.receiveCompanyName;

/** 分包合同: sub-contracts (types 1-7) with paid, extended and payable amounts, forms and pay items. */
export function ContractChildListPage() {
  const actor = useActionActor();
  return (
    <RecordListPage<ContractChildRow, ChildFilter>
      title="分包合同"
      noun="分包合同"
      queryKey="contract-children"
      sortColumns={CONTRACT_CHILD_SORT_COLUMNS}
      rowKey="contractChildId"
      testId="contract-child-list"
      idOf={(r) => r.contractChildId}
      filter={CHILD_EMPTY}
      load={loadChildren}
      search={[
        { key: 'contractChildNo', label: '分包合同编号' },
        { key: 'receiveCompanyName', label: '收款单位' },
        {
          key: 'childType',
          label: '分包类型',
          type: 'select',
          options: options(CHILD_TYPE_OPTIONS),
        },
        { key: 'status', label: '审批状态', type: 'select', options: options(STATUS_OPTIONS) },
      ]}
      columns={[
        { key: 'contractChildNo', title: '分包合同编号' },
        { key: 'contractName', title: '所属合同' },
        { key: 'childTypeName', title: '分包类型' },
        { key: 'receiveCompanyName', title: '收款单位' },
        { key: 'statusName', title: '审批状态' },
        money('totalAmount', '分包金额（万元）'),
        money('extendAmount', '补充金额（万元）'),
        money('paidAmount', '已付金额（万元）'),
        money('canPayAmount', '可付金额（万元）'),
      ]}
      editable={(r) => contractChildActions.may('edit', r, actor)}
      editTestId="edit-child"
      submit={{
        call: (contracts, r) => contracts.childSubmit(r.contractChildId),
        ask: (r) => `是否确认提交分包合同“${childName(r)}”的审批？`,
      }}
      remove={{
        may: (r) => contractChildActions.may('remove', r, actor),
        call: (contracts, r) => contracts.childRemove(r.contractChildId),
        ask: (r) => `是否确认删除分包合同“${childName(r)}”？`,
      }}
      add={{ perm: 'project:contractChild:add', testId: 'add-child' }}
      exports={{
        perm: 'project:contractChild:export',
        buttons: [{ label: '导出', path: '/v4/contractChild/export', searched: true }],
      }}
      form={(props) => <ContractChildFormDialog {...props} />}
      detail={(props) => <ContractChildDetailDialog {...props} />}
      askedBy="contractChildId"
    />
  );
}
