import {
  approvalTypeLabel,
  displayAmount,
  fundPlanEditable,
  mayActOnFundPlan,
  FUND_PLAN_SORT_COLUMNS,
} from '@dpms/core';
import {
  FUND_PLAN_EXPORT_PATHS,
  type FundPlanChartRecord,
  type FundPlanRecord,
  type PageQuery,
} from '@dpms/http-client';
import { useEffect, useRef, useState } from 'react';
import { useService } from '../../app/di';
import { useActionActor } from '../../app/hooks';
import { TOKENS } from '../../app/tokens';
import { RecordDetailDialog } from '../../components/approval/RecordDetailDialog';
import { HasPermi } from '../../components/auth/Access';
import { CrudPage } from '../../components/crud/CrudPage';
import { Button } from '../../components/ui/Button';
import { downloadExport } from '../../components/upload';
import { FundPlanChart } from './FundPlanChart';
import { FundPlanFormDialog } from './FundPlanFormDialog';
import {
  Figure,
  STATUS_OPTIONS,
  exportUrl,
  useAct,
  useContracts,
  useDepts,
  useFundPlanGateway,
} from './fund-plan-shared';
import { useInstituteClock } from '../../components/time/institute-clock';

type Filter = { deptId: string; planMonth: string; status: string };
const FILTER: Filter = { deptId: '', planMonth: '', status: '' };

/** 资金计划详情: the lines, totals and tips, and the plan's approval. */
function FundPlanDetailDialog({ planId, onClose }: { planId: number; onClose: () => void }) {
  const gateway = useFundPlanGateway();
  const [plan, setPlan] = useState<FundPlanRecord | null>(null);
  useEffect(() => {
    void gateway.plan(planId).then(setPlan);
  }, [gateway, planId]);
  return (
    <RecordDetailDialog
      title="资金计划详情"
      width={900}
      testId="fund-plan-detail"
      onClose={onClose}
      record={plan}
      approvalLabel="查看资金计划审批"
      approvalTestId="plan-approval"
    >
      {(plan) => (
        <>
          <div className="grid gap-x-6 sm:grid-cols-2">
            <Figure label="计划月份" value={plan.planMonth} />
            <Figure label="计划部门" value={plan.deptName} />
            <Figure label="状态" value={plan.statusName} testId="plan-detail-status" />
            <Figure
              label="审批类型"
              value={plan.approvalKind ? approvalTypeLabel(plan.approvalKind) : '—'}
            />
            <Figure label="预计回款（万元）" value={displayAmount(plan.incomeAmount)} />
            <Figure
              label="计划支出合计（万元）"
              value={displayAmount(plan.totalAmount)}
              testId="plan-detail-total"
            />
            <Figure label="刚性支出（万元）" value={displayAmount(plan.rigidAmount)} />
            <Figure label="借款支出（万元）" value={displayAmount(plan.loanAmount)} />
            <Figure label="付款支出（万元）" value={displayAmount(plan.paymentAmount)} />
            <Figure label="收支结余（万元）" value={displayAmount(plan.balanceAmount)} />
            <Figure label="储备资金（万元）" value={displayAmount(plan.reserveAmount)} />
            <Figure label="分配确认（万元）" value={displayAmount(plan.confirmAmount)} />
            <Figure
              label="已执行（万元）"
              value={displayAmount(plan.executedAmount)}
              testId="plan-detail-executed"
            />
            <Figure label="经办人" value={plan.createByName} />
          </div>
          {plan.reason && <Figure label="计划说明" value={plan.reason} />}
          <table className="mt-2 w-full text-sm" data-testid="plan-detail-lines">
            <thead>
              <tr className="text-left text-ink-soft">
                <th className="p-1">类别</th>
                <th className="p-1">科目名称</th>
                <th className="p-1">合同</th>
                <th className="p-1">计划（万元）</th>
                <th className="p-1">分配确认（万元）</th>
                <th className="p-1">已执行（万元）</th>
              </tr>
            </thead>
            <tbody>
              {plan.lines.map((l) => (
                <tr key={l.lineId} className="border-t border-line">
                  <td className="p-1">{l.lineKindName}</td>
                  <td className="p-1">{l.subjectName}</td>
                  <td className="p-1">{l.contractName}</td>
                  <td className="p-1 text-right tabular-nums">{displayAmount(l.amount)}</td>
                  <td className="p-1 tabular-nums">
                    {l.lineKind === 'income' ? l.confirmAmount : ''}
                  </td>
                  <td className="p-1 text-right tabular-nums">{displayAmount(l.executedAmount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </RecordDetailDialog>
  );
}

/** 资金计划: monthly plans per department, their approval (8_1/8_2), export and the chart. */
export function FundPlanPage() {
  const clock = useInstituteClock();
  const gateway = useFundPlanGateway();
  const feedback = useService(TOKENS.Feedback);
  const actor = useActionActor();
  const act = useAct();
  const depts = useDepts();
  const contracts = useContracts();
  const searched = useRef<PageQuery>({});
  const [form, setForm] = useState<{ plan?: FundPlanRecord } | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const [chart, setChart] = useState<FundPlanChartRecord[]>([]);
  const [chartKey, setChartKey] = useState(0);
  useEffect(() => {
    // The chart follows the search: one department, and the twelve months up to the month searched.
    let live = true;
    const deptId = searched.current['deptId'];
    const month = searched.current['planMonth'];
    void gateway
      .chart({
        month: typeof month === 'string' && /^\d{4}-\d{2}$/.test(month) ? month : clock.thisMonth(),
        ...(typeof deptId === 'string' && deptId !== '' ? { deptId } : {}),
      })
      .then((c) => live && setChart(c))
      .catch(() => live && setChart([]));
    // An answer to an older search never replaces the newer one's.
    return () => {
      live = false;
    };
  }, [gateway, chartKey]);
  return (
    <CrudPage<FundPlanRecord, Filter>
      title="资金计划"
      noun="资金计划"
      queryKey="fund-plans"
      sortColumns={FUND_PLAN_SORT_COLUMNS}
      gateway={{
        list: (q) => {
          if (JSON.stringify(q) !== JSON.stringify(searched.current)) {
            searched.current = q;
            setChartKey((k) => k + 1);
          }
          return gateway.planList(q);
        },
        remove: gateway.deletePlan,
      }}
      filter={FILTER}
      search={[
        { key: 'deptId', label: '计划部门', type: 'select', options: depts },
        { key: 'planMonth', label: '计划月份', placeholder: 'yyyy-MM' },
        { key: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS },
      ]}
      rowKey="planId"
      table={{ testId: 'fund-plan-table' }}
      columns={(ctx) => [
        { key: 'planMonth', title: '计划月份', width: 90 },
        { key: 'deptName', title: '计划部门' },
        { key: 'incomeAmount', title: '预计回款（万元）', amount: true, sum: true },
        { key: 'totalAmount', title: '计划支出（万元）', amount: true, sum: true },
        { key: 'reserveAmount', title: '储备资金（万元）', amount: true },
        { key: 'executedAmount', title: '已执行（万元）', amount: true, sum: true },
        { key: 'statusName', title: '状态', width: 80 },
        { key: 'createByName', title: '经办人', width: 90 },
        {
          key: 'ops',
          title: '操作',
          render: (p) => (
            <>
              <Button
                size="sm"
                variant="text"
                data-testid={`plan-detail-${String(p.planId)}`}
                onClick={() => setViewing(p.planId)}
              >
                详情
              </Button>
              {mayActOnFundPlan('plan', 'edit', p, actor) && (
                <Button
                  size="sm"
                  variant="text"
                  onClick={() =>
                    void gateway.plan(p.planId).then((full) => setForm({ plan: full }))
                  }
                >
                  修改
                </Button>
              )}
              {mayActOnFundPlan('plan', 'submit', p, actor) && (
                <Button
                  size="sm"
                  variant="text"
                  data-testid={`plan-submit-${String(p.planId)}`}
                  onClick={() =>
                    void act(
                      () => gateway.submitPlan(p.planId),
                      () => {
                        ctx.refetch();
                        setChartKey((k) => k + 1);
                      },
                      '已送审',
                    )
                  }
                >
                  送审
                </Button>
              )}
            </>
          ),
        },
      ]}
      permissions={{ remove: 'contract:fundPlan:remove' }}
      offered={{ remove: (p) => mayActOnFundPlan('plan', 'remove', p, actor) }}
      remove={{ what: (p) => `${p.deptName}${p.planMonth}的资金计划` }}
      headerActions={
        <>
          <HasPermi perms={['contract:fundPlan:add']}>
            <Button variant="primary" data-testid="fund-plan-add" onClick={() => setForm({})}>
              新增计划
            </Button>
          </HasPermi>
          <HasPermi perms={['contract:fundPlan:export']}>
            <Button
              data-testid="export"
              onClick={() =>
                void downloadExport(exportUrl(FUND_PLAN_EXPORT_PATHS.plan, searched.current))
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
          <FundPlanChart months={chart} />
          {form && (
            <FundPlanFormDialog
              gateway={gateway}
              depts={depts}
              contracts={contracts}
              {...(form.plan ? { plan: form.plan } : {})}
              onClose={() => setForm(null)}
              onSaved={(p) => {
                setForm(null);
                feedback.success(fundPlanEditable(p.status) ? '保存成功' : '已送审');
                ctx.refetch();
              }}
            />
          )}
          {viewing !== null && (
            <FundPlanDetailDialog planId={viewing} onClose={() => setViewing(null)} />
          )}
        </>
      )}
    </CrudPage>
  );
}
