import { paymentPlanActions, PAYMENT_PLAN_SORT_COLUMNS } from '@dpms/core';
import { FUND_PAY_EXPORT_PATHS, type PageQuery, type PaymentPlanRecord } from '@dpms/http-client';
import { useCallback, useRef, useState } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { useActionActor } from '../../app/hooks';
import { HasPermi } from '../../components/auth/Access';
import { CrudPage } from '../../components/crud/CrudPage';
import { Button } from '../../components/ui/Button';
import { downloadExport } from '../../components/upload';
import { PaymentPlanFormDialog } from './PaymentPlanFormDialog';
import { exportUrl, useFormalContracts, useFundPayGateway } from './fund-pay-shared';

type Filter = {
  planMonth: string;
  contractName: string;
  receiveCompanyName: string;
  canPay: string;
};
const FILTER: Filter = { planMonth: '', contractName: '', receiveCompanyName: '', canPay: '' };

/** 付款计划: what each contract or sub-contract is to pay whom per month, and what is left to pay. */
export function PaymentPlanPage() {
  const gateway = useFundPayGateway();
  const contractsGateway = useService(TOKENS.ContractGateway);
  // The 分包合同 picker: the chosen contract's sub-contracts, by number and payee.
  const subContracts = useCallback(
    async (contractId: number) =>
      (await contractsGateway.childList({ pageNum: 1, pageSize: 1000, contractId })).rows,
    [contractsGateway],
  );
  const feedback = useService(TOKENS.Feedback);
  const contracts = useFormalContracts();
  const searched = useRef<PageQuery>({});
  const [form, setForm] = useState<{ plan?: PaymentPlanRecord } | null>(null);
  const actor = useActionActor();
  return (
    <CrudPage<PaymentPlanRecord, Filter>
      title="付款计划"
      noun="付款计划"
      queryKey="payment-plans"
      sortColumns={PAYMENT_PLAN_SORT_COLUMNS}
      gateway={{
        list: (q) => {
          searched.current = q;
          return gateway.planList(q);
        },
        remove: gateway.deletePlan,
      }}
      filter={FILTER}
      search={[
        { key: 'planMonth', label: '计划月份', placeholder: 'yyyy-MM' },
        { key: 'contractName', label: '合同名称' },
        { key: 'receiveCompanyName', label: '收款单位' },
        {
          key: 'canPay',
          label: '可付',
          type: 'select',
          options: [{ value: '1', label: '尚有可付金额' }],
        },
      ]}
      rowKey="paymentPlanId"
      table={{ testId: 'payment-plan-table' }}
      columns={[
        { key: 'paymentPlanId', title: '编号', width: 70 },
        { key: 'planMonth', title: '计划月份', width: 90 },
        { key: 'contractName', title: '合同名称' },
        { key: 'contractChildNo', title: '分包合同编号' },
        { key: 'subjectName', title: '科目名称' },
        { key: 'receiveCompanyName', title: '收款单位' },
        { key: 'planPayAmount', title: '计划付款金额（万元）', amount: true, sum: true },
        { key: 'paidAmount', title: '已付（万元）', amount: true, sum: true },
        { key: 'pendingAmount', title: '待付（万元）', amount: true, sum: true },
        { key: 'canPayAmount', title: '可付（万元）', amount: true, sum: true },
        { key: 'deptName', title: '部门' },
      ]}
      rowActions={(p) =>
        paymentPlanActions.may('edit', p, actor) && (
          <Button size="sm" variant="text" onClick={() => setForm({ plan: p })}>
            修改
          </Button>
        )
      }
      permissions={{ remove: paymentPlanActions.permissions.remove }}
      offered={{ remove: (p) => paymentPlanActions.may('remove', p, actor) }}
      remove={{ what: (p) => `${p.planMonth}付给${p.receiveCompanyName}的计划` }}
      headerActions={
        <>
          <HasPermi perms={['contract:paymentPlan:add']}>
            <Button variant="primary" data-testid="payment-plan-add" onClick={() => setForm({})}>
              新增付款计划
            </Button>
          </HasPermi>
          <HasPermi perms={['contract:paymentPlan:export']}>
            <Button
              data-testid="export"
              onClick={() =>
                void downloadExport(exportUrl(FUND_PAY_EXPORT_PATHS.paymentPlan, searched.current))
              }
            >
              导出
            </Button>
          </HasPermi>
        </>
      }
    >
      {(ctx) =>
        form && (
          <PaymentPlanFormDialog
            gateway={gateway}
            contracts={contracts}
            subContracts={subContracts}
            {...(form.plan ? { plan: form.plan } : {})}
            onClose={() => setForm(null)}
            onSaved={() => {
              setForm(null);
              feedback.success('保存成功');
              ctx.refetch();
            }}
          />
        )
      }
    </CrudPage>
  );
}
