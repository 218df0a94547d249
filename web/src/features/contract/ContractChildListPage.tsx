import { contractChildActions } from '@dpms/core';
import {
  errorMessage,
  type ChildPayRecord,
  type ContractChildRow,
  type PageQuery,
} from '@dpms/http-client';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useService } from '../../app/di';
import { useActionActor } from '../../app/hooks';
import { TOKENS } from '../../app/tokens';
import { HasPermi } from '../../components/auth/Access';
import { CrudPage } from '../../components/crud/CrudPage';
import { DataTable } from '../../components/table/DataTable';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { downloadExport } from '../../components/upload';
import { ChildPayFormDialog } from './ChildPayFormDialog';
import { CHILD_TYPE_OPTIONS, ContractChildFormDialog } from './ContractChildFormDialog';
import { ExtendSubContractFormDialog } from './ExtendSubContractFormDialog';
import { STATUS_OPTIONS } from './labels';
import {
  useSearchedGateway,
  useRowAction,
  Facts,
  textButton,
  money,
  options,
} from './sub-record-page-kit';

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
    paidAmount: c.paidAmount ?? '0',
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
                { key: 'taxRate', title: '税率' },
                money('realPayAmount', '实付金额（万元）'),
                { key: 'files', title: '附件', render: (p) => `${p.files.length}个` },
                { key: 'remark', title: '备注' },
                {
                  key: 'actions',
                  title: '操作',
                  render: (p) => (
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

/** 分包合同: sub-contracts (types 1-7) with paid, extended and payable amounts, forms and pay items. */
export function ContractChildListPage() {
  const contracts = useService(TOKENS.ContractGateway);
  const run = useRowAction();
  const actor = useActionActor();
  const load = useMemo(() => (q: PageQuery) => contracts.childList(q), [contracts]);
  const { gateway, exportUrl } = useSearchedGateway<ContractChildRow, ChildFilter>(load);
  const [form, setForm] = useState<{ editing?: ContractChildRow } | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const rowActions = (refetch: () => void) => (r: ContractChildRow) => (
    <>
      {textButton('详情', () => setOpen(r.contractChildId))}
      {contractChildActions.may('edit', r, actor) && (
        <>
          {textButton('修改', () => setForm({ editing: r }), 'edit-child')}
          {textButton(
            '提交审批',
            () =>
              void run(
                '已提交审批',
                () => contracts.childSubmit(r.contractChildId),
                refetch,
                `是否确认提交分包合同“${r.contractChildNo || r.receiveCompanyName}”的审批？`,
              ),
          )}
        </>
      )}
      {contractChildActions.may('remove', r, actor) &&
        textButton(
          '删除',
          () =>
            void run(
              '删除成功',
              () => contracts.childRemove(r.contractChildId),
              refetch,
              `是否确认删除分包合同“${r.contractChildNo || r.receiveCompanyName}”？`,
            ),
        )}
    </>
  );
  return (
    <CrudPage<ContractChildRow, ChildFilter>
      title="分包合同"
      noun="分包合同"
      queryKey="contract-children"
      gateway={gateway}
      filter={CHILD_EMPTY}
      rowKey="contractChildId"
      table={{ testId: 'contract-child-list' }}
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
      columns={(ctx) => {
        const actions = rowActions(ctx.refetch);
        return [
          { key: 'contractChildNo', title: '分包合同编号' },
          { key: 'contractName', title: '所属合同' },
          { key: 'childTypeName', title: '分包类型' },
          { key: 'receiveCompanyName', title: '收款单位' },
          { key: 'statusName', title: '审批状态' },
          money('totalAmount', '分包金额（万元）'),
          money('extendAmount', '补充金额（万元）'),
          money('paidAmount', '已付金额（万元）'),
          money('canPayAmount', '可付金额（万元）'),
          { key: 'actions', title: '操作', render: actions },
        ];
      }}
      headerActions={
        <>
          <HasPermi perms={['project:contractChild:add']}>
            <Button variant="primary" data-testid="add-child" onClick={() => setForm({})}>
              新增
            </Button>
          </HasPermi>
          <HasPermi perms={['project:contractChild:export']}>
            <Button onClick={() => void downloadExport(exportUrl('/v4/contractChild/export'))}>
              导出
            </Button>
          </HasPermi>
        </>
      }
    >
      {(ctx) => (
        <>
          {form && (
            <ContractChildFormDialog
              editing={form.editing}
              onClose={() => setForm(null)}
              onSaved={() => {
                setForm(null);
                ctx.refetch();
              }}
            />
          )}
          {open !== null && (
            <ContractChildDetailDialog
              id={open}
              onClose={() => setOpen(null)}
              onChanged={ctx.refetch}
            />
          )}
        </>
      )}
    </CrudPage>
  );
}
