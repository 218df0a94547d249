import { employeeCostActions, EMPLOYEE_COST_SORT_COLUMNS } from '@dpms/core';
import {
  ACCOUNT_EXPORT_PATHS,
  type EmployeeCostRecord,
  type EmployeeCostTotalRecord,
  type PageQuery,
} from '@dpms/http-client';
import { useEffect, useRef, useState } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { useActionActor } from '../../app/hooks';
import { BarChart } from '../../components/chart/BarChart';
import { CrudPage } from '../../components/crud/CrudPage';
import { Button } from '../../components/ui/Button';
import { useInstituteClock } from '../../components/time/institute-clock';
import { downloadExport } from '../../components/upload';
import { EmployeeCostFormDialog } from './EmployeeCostFormDialog';
import { chartNumber, exportUrl, useAccountGateway, useDepts, useStaff } from './account-shared';

type Filter = { deptId: string; employeeName: string; costMonth: string; year: string };
const FILTER: Filter = { deptId: '', employeeName: '', costMonth: '', year: '' };

/** Totals by month and department (from the server, summed by core) and their chart by month. */
function CostTotals({ query, version }: { query: PageQuery; version: number }) {
  const gateway = useAccountGateway();
  const [totals, setTotals] = useState<EmployeeCostTotalRecord[]>([]);
  const { deptId, costMonth, year, employeeName } = query;
  useEffect(() => {
    let live = true;
    gateway
      .employeeCostTotals({ deptId, costMonth, year, employeeName })
      .then((t) => live && setTotals(t))
      .catch(() => live && setTotals([]));
    return () => {
      live = false;
    };
  }, [gateway, deptId, costMonth, year, employeeName, version]);
  const months = [...new Set(totals.map((t) => t.costMonth))];
  const depts = [...new Map(totals.map((t) => [t.deptId, t.deptName])).entries()];
  return (
    <div className="mt-4 grid gap-4" data-testid="employe-totals">
      <h3 className="text-sm font-medium">按月份与部门合计（万元）</h3>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-ink-soft">
            <th className="py-1">月份</th>
            <th>部门</th>
            <th>人数</th>
            <th>工资</th>
            <th>社会保险</th>
            <th>住房公积金</th>
            <th>其他</th>
            <th>合计</th>
          </tr>
        </thead>
        <tbody>
          {totals.map((t) => (
            <tr key={`${t.costMonth}-${String(t.deptId)}`} className="tabular-nums">
              <td className="py-1">{t.costMonth}</td>
              <td>{t.deptName}</td>
              <td>{t.headcount}</td>
              <td>{t.salary}</td>
              <td>{t.socialInsurance}</td>
              <td>{t.housingFund}</td>
              <td>{t.otherCost}</td>
              <td data-testid={`employe-total-${t.costMonth}-${String(t.deptId)}`}>
                {t.totalCost}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {months.length > 0 && (
        <BarChart
          categories={months}
          series={depts.map(([id, name]) => ({
            name,
            data: months.map((m) =>
              chartNumber(
                totals.find((t) => t.costMonth === m && t.deptId === id)?.totalCost ?? '0',
              ),
            ),
          }))}
        />
      )}
    </div>
  );
}

/** 员工成本: monthly cost lines per employee and department, their totals and chart, export. */
export function EmployePage() {
  const gateway = useAccountGateway();
  const feedback = useService(TOKENS.Feedback);
  const depts = useDepts();
  const staff = useStaff();
  const clock = useInstituteClock();
  const actor = useActionActor();
  // 新增, 修改, 删除 and 导出 are offered by core's rule, the one the routes refuse by.
  const may = (action: 'add' | 'edit' | 'remove' | 'export', c?: EmployeeCostRecord) =>
    employeeCostActions.may(action, c, actor);
  // This year on the institute's calendar, read when the page mounts and when its filter resets
  // (a page left open across New Year's Eve then shows the new year), never at module load.
  const filter = () => ({ ...FILTER, year: String(clock.thisYear()) });
  const [initial] = useState(filter);
  const searched = useRef<PageQuery>({ year: initial.year });
  const [applied, setApplied] = useState<PageQuery>({ year: initial.year });
  const [version, setVersion] = useState(0);
  const [form, setForm] = useState<{ cost?: EmployeeCostRecord } | null>(null);
  return (
    <CrudPage<EmployeeCostRecord, Filter>
      title="员工成本"
      noun="员工成本"
      queryKey="employee-costs"
      sortColumns={EMPLOYEE_COST_SORT_COLUMNS}
      gateway={{
        list: (q) => {
          searched.current = q;
          const { pageNum: _n, pageSize: _s, ...rest } = q;
          setApplied(rest);
          return gateway.employeeCosts(q);
        },
        remove: (id, options) =>
          gateway.removeEmployeeCost(id, options).then(() => setVersion((v) => v + 1)),
      }}
      filter={filter}
      search={[
        { key: 'year', label: '年度', placeholder: 'yyyy' },
        { key: 'costMonth', label: '月份', placeholder: 'yyyy-MM' },
        { key: 'deptId', label: '部门', type: 'select', options: depts },
        { key: 'employeeName', label: '员工' },
      ]}
      rowKey="costId"
      table={{ testId: 'employe-table' }}
      columns={[
        { key: 'costMonth', title: '月份', width: 90 },
        { key: 'deptName', title: '部门' },
        { key: 'employeeName', title: '员工' },
        { key: 'salary', title: '工资（万元）', amount: true, sum: true },
        { key: 'socialInsurance', title: '社会保险（万元）', amount: true, sum: true },
        { key: 'housingFund', title: '住房公积金（万元）', amount: true, sum: true },
        { key: 'otherCost', title: '其他（万元）', amount: true, sum: true },
        { key: 'totalCost', title: '合计（万元）', amount: true, sum: true },
      ]}
      rowActions={(c) =>
        may('edit', c) && (
          <Button size="sm" variant="text" onClick={() => setForm({ cost: c })}>
            修改
          </Button>
        )
      }
      offered={{ remove: (c) => may('remove', c) }}
      remove={{ what: (c) => `${c.employeeName}${c.costMonth}的成本` }}
      headerActions={
        <>
          {may('add') && (
            <Button variant="primary" data-testid="employe-add" onClick={() => setForm({})}>
              新增
            </Button>
          )}
          {may('export') && (
            <Button
              data-testid="export"
              onClick={() =>
                void downloadExport(exportUrl(ACCOUNT_EXPORT_PATHS.employeeCost, searched.current))
              }
            >
              导出
            </Button>
          )}
        </>
      }
    >
      {(ctx) => (
        <>
          <CostTotals query={applied} version={version} />
          {form && (
            <EmployeeCostFormDialog
              gateway={gateway}
              staff={staff}
              depts={depts}
              {...(form.cost ? { cost: form.cost } : {})}
              onClose={() => setForm(null)}
              onSaved={() => {
                setForm(null);
                feedback.success('保存成功');
                setVersion((v) => v + 1);
                ctx.refetch();
              }}
            />
          )}
        </>
      )}
    </CrudPage>
  );
}
