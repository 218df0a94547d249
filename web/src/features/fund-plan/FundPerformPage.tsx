import {
  approvalTypeLabel,
  displayAmount,
  fundPlanEditable,
  mayActOnFundPlan,
  FUND_PERFORM_SORT_COLUMNS,
} from '@dpms/core';
import { FUND_PLAN_EXPORT_PATHS, type FundPerformRecord, type PageQuery } from '@dpms/http-client';
import { useEffect, useRef, useState } from 'react';
import { useService } from '../../app/di';
import { useActionActor } from '../../app/hooks';
import { TOKENS } from '../../app/tokens';
import { HasPermi } from '../../components/auth/Access';
import { CrudPage } from '../../components/crud/CrudPage';
import { RecordDetailDialog } from '../../components/approval/RecordDetailDialog';
import { Button } from '../../components/ui/Button';
import { downloadExport } from '../../components/upload';
import { FundPerformFormDialog } from './FundPerformFormDialog';
import {
  Figure,
  LINE_KIND_OPTIONS,
  STATUS_OPTIONS,
  exportUrl,
  useAct,
  useDepts,
  useFundPlanGateway,
} from './fund-plan-shared';

type Filter = { deptId: string; planMonth: string; lineKind: string; status: string };
const FILTER: Filter = { deptId: '', planMonth: '', lineKind: '', status: '' };

/** 资金执行详情: the lines against their plan and the sheet's approval. */
function FundPerformDetailDialog({
  performId,
  onClose,
}: {
  performId: number;
  onClose: () => void;
}) {
  const gateway = useFundPlanGateway();
  const [perform, setPerform] = useState<FundPerformRecord | null>(null);
  useEffect(() => {
    void gateway.perform(performId).then(setPerform);
  }, [gateway, performId]);
  return (
    <RecordDetailDialog
      title="资金执行详情"
      width={800}
      testId="fund-perform-detail"
      onClose={onClose}
      record={perform}
      approvalLabel="查看资金执行审批"
      approvalTestId="perform-approval"
    >
      {(perform) => (
        <>
          <div className="grid gap-x-6 sm:grid-cols-2">
            <Figure label="计划月份" value={perform.planMonth} />
            <Figure label="部门" value={perform.deptName} />
            <Figure label="类别" value={perform.lineKindName} />
            <Figure label="执行日期" value={perform.performDate} />
            <Figure
              label="执行金额（万元）"
              value={displayAmount(perform.totalAmount)}
              testId="perform-detail-total"
            />
            <Figure label="超计划" value={perform.overPlan ? '是' : '否'} />
            <Figure label="状态" value={perform.statusName} testId="perform-detail-status" />
            <Figure
              label="审批类型"
              value={perform.approvalKind ? approvalTypeLabel(perform.approvalKind) : '—'}
            />
          </div>
          {perform.reason && <Figure label="说明" value={perform.reason} />}
          <table className="mt-2 w-full text-sm">
            <thead>
              <tr className="text-left text-ink-soft">
                <th className="p-1">科目名称</th>
                <th className="p-1">计划（万元）</th>
                <th className="p-1">本次执行（万元）</th>
              </tr>
            </thead>
            <tbody>
              {perform.lines.map((l) => (
                <tr key={l.performLineId} className="border-t border-line">
                  <td className="p-1">{l.subjectName}</td>
                  <td className="p-1 text-right tabular-nums">{displayAmount(l.planAmount)}</td>
                  <td className="p-1 text-right tabular-nums">{displayAmount(l.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </RecordDetailDialog>
  );
}

/** 资金执行: execution sheets against approved plans, their approval (9_x, 26_x) and export. */
export function FundPerformPage() {
  const gateway = useFundPlanGateway();
  const feedback = useService(TOKENS.Feedback);
  const actor = useActionActor();
  const act = useAct();
  const depts = useDepts();
  const searched = useRef<PageQuery>({});
  const [form, setForm] = useState<{ perform?: FundPerformRecord } | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  return (
    <CrudPage<FundPerformRecord, Filter>
      title="资金执行"
      noun="资金执行单"
      queryKey="fund-performs"
      sortColumns={FUND_PERFORM_SORT_COLUMNS}
      gateway={{
        list: (q) => {
          searched.current = q;
          return gateway.performList(q);
        },
        remove: gateway.deletePerform,
      }}
      filter={FILTER}
      search={[
        { key: 'deptId', label: '部门', type: 'select', options: depts },
        { key: 'planMonth', label: '计划月份', placeholder: 'yyyy-MM' },
        { key: 'lineKind', label: '类别', type: 'select', options: LINE_KIND_OPTIONS },
        { key: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS },
      ]}
      rowKey="performId"
      table={{ testId: 'fund-perform-table' }}
      columns={(ctx) => [
        { key: 'planMonth', title: '计划月份', width: 90 },
        { key: 'deptName', title: '部门' },
        { key: 'lineKindName', title: '类别', width: 90 },
        { key: 'performDate', title: '执行日期', width: 110 },
        { key: 'totalAmount', title: '执行金额（万元）', amount: true, sum: true },
        {
          key: 'overPlan',
          title: '超计划',
          width: 70,
          render: (p) => (p.overPlan ? '是' : '否'),
        },
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
                data-testid={`perform-detail-${String(p.performId)}`}
                onClick={() => setViewing(p.performId)}
              >
                详情
              </Button>
              {mayActOnFundPlan('perform', 'edit', p, actor) && (
                <Button size="sm" variant="text" onClick={() => setForm({ perform: p })}>
                  修改
                </Button>
              )}
              {mayActOnFundPlan('perform', 'submit', p, actor) && (
                <Button
                  size="sm"
                  variant="text"
                  data-testid={`perform-submit-${String(p.performId)}`}
                  onClick={() =>
                    void act(() => gateway.submitPerform(p.performId), ctx.refetch, '已送审')
                  }
                >
                  送审
                </Button>
              )}
            </>
          ),
        },
      ]}
      permissions={{ remove: 'contract:fundPerform:remove' }}
      offered={{ remove: (p) => mayActOnFundPlan('perform', 'remove', p, actor) }}
      remove={{ what: (p) => `${p.deptName}${p.planMonth}的资金执行单` }}
      headerActions={
        <>
          <HasPermi perms={['contract:fundPerform:add']}>
            <Button variant="primary" data-testid="fund-perform-add" onClick={() => setForm({})}>
              登记执行
            </Button>
          </HasPermi>
          <HasPermi perms={['contract:fundPerform:export']}>
            <Button
              data-testid="export"
              onClick={() =>
                void downloadExport(exportUrl(FUND_PLAN_EXPORT_PATHS.perform, searched.current))
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
            <FundPerformFormDialog
              gateway={gateway}
              {...(form.perform ? { perform: form.perform } : {})}
              onClose={() => setForm(null)}
              onSaved={(p) => {
                setForm(null);
                feedback.success(fundPlanEditable(p.status) ? '保存成功' : '已送审');
                ctx.refetch();
              }}
            />
          )}
          {viewing !== null && (
            <FundPerformDetailDialog performId={viewing} onClose={() => setViewing(null)} />
          )}
        </>
      )}
    </CrudPage>
  );
}
