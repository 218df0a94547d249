import {
  approvalTypeLabel,
  displayAmount,
  displayRate,
  fundPayActions,
  FUND_PAY_SORT_COLUMNS,
} from '@dpms/core';
import {
  FUND_PAY_EXPORT_PATHS,
  type FundPayMonthRecord,
  type FundPayRecord,
  type PageQuery,
} from '@dpms/http-client';
import { useEffect, useRef, useState } from 'react';
import { RecordDetailDialog } from '../../components/approval/RecordDetailDialog';
import { useService } from '../../app/di';
import { useActionActor } from '../../app/hooks';
import { TOKENS } from '../../app/tokens';
import { HasPermi } from '../../components/auth/Access';
import { CrudPage } from '../../components/crud/CrudPage';
import { Button } from '../../components/ui/Button';
import { downloadExport } from '../../components/upload';
import { FundPayFormDialog } from './FundPayFormDialog';
import { FundPayMonthChart } from './FundPayMonthChart';
import {
  Figure,
  PAY_STATUS_OPTIONS,
  exportUrl,
  useAct,
  useFundPayGateway,
} from './fund-pay-shared';

type Filter = {
  planMonth: string;
  status: string;
  contractName: string;
  receiveCompanyName: string;
};
const FILTER: Filter = { planMonth: '', status: '', contractName: '', receiveCompanyName: '' };

/** 付款详情: the payment, its net pay and its approval (20_1 or 16_x). */
function FundPayDetailDialog({ payId, onClose }: { payId: number; onClose: () => void }) {
  const gateway = useFundPayGateway();
  const [pay, setPay] = useState<FundPayRecord | null>(null);
  useEffect(() => {
    void gateway.pay(payId).then(setPay);
  }, [gateway, payId]);
  return (
    <RecordDetailDialog
      title="付款详情"
      width={720}
      testId="fund-pay-detail"
      onClose={onClose}
      record={pay}
      approvalLabel="查看付款审批"
      approvalTestId="fund-pay-approval"
    >
      {(pay) => (
        <>
          <Figure label="合同名称" value={pay.contractName} />
          <Figure label="付款事由" value={pay.reason} />
          <Figure label="计划月份" value={pay.planMonth} />
          <Figure label="科目名称" value={pay.subjectName} />
          <Figure label="申请部门" value={pay.deptName} />
          <Figure label="付款日期" value={pay.payTime} />
          <Figure label="付款单位" value={pay.payCompanyName} />
          <Figure label="收款单位" value={pay.receiveCompanyName} />
          <Figure label="本次付款金额（万元）" value={displayAmount(pay.payAmount)} />
          <Figure label="税率" value={displayRate(pay.taxRate)} />
          <Figure
            label="实付金额（万元）"
            value={displayAmount(pay.realPayAmount)}
            testId="fund-pay-detail-net"
          />
          <Figure label="审批类型" value={pay.typeName || approvalTypeLabel(pay.typeCode)} />
          <Figure label="状态" value={pay.statusName} testId="fund-pay-detail-status" />
          <Figure label="申请人" value={pay.createByName} />
        </>
      )}
    </RecordDetailDialog>
  );
}

/** 资金支付: list, enter (with live net pay), change, send for approval, detail, export, by month. */
export function FundPayPage() {
  const gateway = useFundPayGateway();
  const feedback = useService(TOKENS.Feedback);
  const actor = useActionActor();
  const act = useAct();
  const searched = useRef<PageQuery>({});
  const [form, setForm] = useState<{ pay?: FundPayRecord } | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const [months, setMonths] = useState<FundPayMonthRecord[]>([]);
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    let live = true;
    gateway
      .months({})
      .then((m) => live && setMonths(m))
      .catch(() => live && setMonths([]));
    return () => {
      live = false;
    };
  }, [gateway, changes]);
  const changed = (refetch: () => void) => () => {
    refetch();
    setChanges((n) => n + 1);
  };
  return (
    <CrudPage<FundPayRecord, Filter>
      title="资金支付"
      noun="付款"
      queryKey="fund-pays"
      sortColumns={FUND_PAY_SORT_COLUMNS}
      gateway={{
        list: (q) => {
          searched.current = q;
          return gateway.payList(q);
        },
        remove: gateway.deletePay,
      }}
      filter={FILTER}
      search={[
        { key: 'planMonth', label: '计划月份', placeholder: 'yyyy-MM' },
        { key: 'status', label: '状态', type: 'select', options: PAY_STATUS_OPTIONS },
        { key: 'contractName', label: '合同名称' },
        { key: 'receiveCompanyName', label: '收款单位' },
      ]}
      rowKey="payId"
      table={{ testId: 'fund-pay-table' }}
      columns={(ctx) => [
        { key: 'payId', title: '编号', width: 70 },
        { key: 'planMonth', title: '计划月份', width: 90 },
        { key: 'contractName', title: '合同名称' },
        { key: 'receiveCompanyName', title: '收款单位' },
        { key: 'payAmount', title: '付款金额（万元）', amount: true, sum: true },
        {
          key: 'taxRate',
          title: '税率',
          width: 70,
          align: 'right',
          render: (p) => displayRate(p.taxRate),
        },
        { key: 'realPayAmount', title: '实付金额（万元）', amount: true, sum: true },
        {
          key: 'typeName',
          title: '审批类型',
          render: (p) => p.typeName || approvalTypeLabel(p.typeCode),
        },
        { key: 'statusName', title: '状态', width: 80 },
        { key: 'createByName', title: '申请人', width: 90 },
        {
          key: 'ops',
          title: '付款操作',
          render: (p) => (
            <>
              <Button
                size="sm"
                variant="text"
                data-testid={`fund-pay-detail-${String(p.payId)}`}
                onClick={() => setViewing(p.payId)}
              >
                详情
              </Button>
              {fundPayActions.may('edit', p, actor) && (
                <>
                  <Button size="sm" variant="text" onClick={() => setForm({ pay: p })}>
                    修改
                  </Button>
                  <Button
                    size="sm"
                    variant="text"
                    data-testid={`fund-pay-submit-${String(p.payId)}`}
                    onClick={() =>
                      void act(() => gateway.submitPay(p.payId), changed(ctx.refetch), '已送审')
                    }
                  >
                    送审
                  </Button>
                </>
              )}
            </>
          ),
        },
      ]}
      permissions={{ remove: 'contract:fundPay:remove' }}
      offered={{ remove: (p) => fundPayActions.may('remove', p, actor) }}
      remove={{ what: (p) => `付给${p.receiveCompanyName}的${p.payAmount}万元` }}
      headerActions={
        <>
          <HasPermi perms={['contract:fundPay:add']}>
            <Button variant="primary" data-testid="fund-pay-add" onClick={() => setForm({})}>
              新增付款
            </Button>
          </HasPermi>
          <HasPermi perms={['contract:fundPay:export']}>
            <Button
              data-testid="export"
              onClick={() =>
                void downloadExport(exportUrl(FUND_PAY_EXPORT_PATHS.fundPay, searched.current))
              }
            >
              导出
            </Button>
          </HasPermi>
        </>
      }
    >
      {(ctx) => (
        <>
          {form && (
            <FundPayFormDialog
              gateway={gateway}
              {...(form.pay ? { pay: form.pay } : {})}
              onClose={() => setForm(null)}
              onSaved={(p) => {
                setForm(null);
                feedback.success(p.status === 0 ? '保存成功' : '已送审');
                changed(ctx.refetch)();
              }}
            />
          )}
          {viewing !== null && (
            <FundPayDetailDialog payId={viewing} onClose={() => setViewing(null)} />
          )}
          <FundPayMonthChart months={months} />
        </>
      )}
    </CrudPage>
  );
}
