import { contractAccountActions, displayAmount, PROJECT_ACCOUNT_SORT_COLUMNS } from '@dpms/core';
import {
  ACCOUNT_EXPORT_PATHS,
  type AccountMonthRecord,
  type PageQuery,
  type ProjectAccountDetail,
  type ProjectAccountRecord,
} from '@dpms/http-client';
import { useEffect, useRef, useState } from 'react';
import { useActionActor } from '../../app/hooks';
import { BarChart } from '../../components/chart/BarChart';
import { CrudPage } from '../../components/crud/CrudPage';
import { Button } from '../../components/ui/Button';
import { useInstituteClock } from '../../components/time/institute-clock';
import { Dialog } from '../../components/ui/Dialog';
import { downloadExport } from '../../components/upload';
import { Figure, chartNumber, exportUrl, useAccountGateway, useDepts } from './account-shared';
import { ContractAccountsPanel } from './ContractAccountsPanel';

type Filter = { contractName: string; contractNo: string; deptId: string; year: string };
const FILTER: Filter = { contractName: '', contractNo: '', deptId: '', year: '' };

/** 开票与回款按月对比 (invoiced by invoice date against back money by back date). */
export function InvoicedReceivedChart({ months }: { months: AccountMonthRecord[] }) {
  return (
    <BarChart
      categories={months.map((m) => m.month.slice(5))}
      series={[
        { name: '开票金额（万元）', data: months.map((m) => chartNumber(m.invoicedAmount)) },
        { name: '回款金额（万元）', data: months.map((m) => chartNumber(m.backAmount)) },
      ]}
    />
  );
}

/** 项目账户详情: the figures, the month chart and the contract's bank accounts. */
function ProAccountDetailDialog({
  contractId,
  onClose,
}: {
  contractId: number;
  onClose: () => void;
}) {
  const gateway = useAccountGateway();
  const [detail, setDetail] = useState<ProjectAccountDetail | null>(null);
  useEffect(() => {
    void gateway.projectAccount(contractId).then(setDetail);
  }, [gateway, contractId]);
  const a = detail?.account;
  return (
    <Dialog open onClose={onClose} title="项目账户" width={820} testId="pro-account-detail">
      {a && detail && (
        <div>
          <Figure label="合同名称" value={a.contractName} />
          <Figure label="合同编号" value={a.contractNo} />
          <Figure label="合同金额（万元）" value={displayAmount(a.totalAmount)} />
          <Figure
            label="已回款（万元）"
            value={displayAmount(a.backAmount)}
            testId="pro-detail-back"
          />
          <Figure label="已分配（万元）" value={displayAmount(a.allottedAmount)} />
          <Figure label="未分配（万元）" value={displayAmount(a.unallottedAmount)} />
          <Figure label="未还借款（万元）" value={displayAmount(a.loanOutstandingAmount)} />
          <Figure
            label="已付款（万元）"
            value={displayAmount(a.paidAmount)}
            testId="pro-detail-paid"
          />
          <Figure
            label="实付金额（万元）"
            value={displayAmount(a.realPaidAmount)}
            testId="pro-detail-real-paid"
          />
          <Figure
            label="已开票（万元）"
            value={displayAmount(a.invoicedAmount)}
            testId="pro-detail-invoiced"
          />
          <Figure label="开票审批中（万元）" value={displayAmount(a.invoicingAmount)} />
          <Figure label="未开票（万元）" value={displayAmount(a.uninvoicedAmount)} />
          <Figure
            label="账户余额（万元）"
            value={displayAmount(a.balanceAmount)}
            testId="pro-detail-balance"
          />
          <h3 className="mt-3 text-sm font-medium">{detail.year}年开票与回款</h3>
          <InvoicedReceivedChart months={detail.months} />
          <ContractAccountsPanel contractId={contractId} />
        </div>
      )}
    </Dialog>
  );
}

/** The month chart of the contracts the list shows. */
function MonthlyPanel({ query }: { query: PageQuery }) {
  const gateway = useAccountGateway();
  const clock = useInstituteClock();
  const [months, setMonths] = useState<AccountMonthRecord[]>([]);
  const { contractName, contractNo, deptId, year } = query;
  // This year on the institute's calendar, read as the list is searched or reset (never at module
  // load: a page left open across New Year's Eve then charts the new year).
  const shown = year === '' || year === undefined ? String(clock.thisYear()) : year;
  useEffect(() => {
    let live = true;
    gateway
      .monthly({ contractName, contractNo, deptId, year: shown })
      .then((m) => live && setMonths(m))
      .catch(() => live && setMonths([]));
    return () => {
      live = false;
    };
  }, [gateway, contractName, contractNo, deptId, shown]);
  return (
    <div className="mt-4" data-testid="pro-account-chart">
      <h3 className="text-sm font-medium">开票与回款按月对比（万元）</h3>
      <InvoicedReceivedChart months={months} />
    </div>
  );
}

/** 项目账户: each signed contract's money in and out, with the month chart and export. */
export function ProAccountPage() {
  const gateway = useAccountGateway();
  const depts = useDepts();
  const actor = useActionActor();
  const searched = useRef<PageQuery>({});
  const [applied, setApplied] = useState<PageQuery>({});
  const [viewing, setViewing] = useState<number | null>(null);
  return (
    <CrudPage<ProjectAccountRecord, Filter>
      title="项目账户"
      noun="项目账户"
      queryKey="project-accounts"
      sortColumns={PROJECT_ACCOUNT_SORT_COLUMNS}
      gateway={{
        list: (q) => {
          searched.current = q;
          const { pageNum: _n, pageSize: _s, ...rest } = q;
          setApplied(rest);
          return gateway.projectAccounts(q);
        },
      }}
      filter={FILTER}
      search={[
        { key: 'contractName', label: '合同名称' },
        { key: 'contractNo', label: '合同编号' },
        { key: 'deptId', label: '部门', type: 'select', options: depts },
        { key: 'year', label: '年度', placeholder: 'yyyy' },
      ]}
      rowKey="contractId"
      table={{ testId: 'pro-account-table' }}
      columns={[
        { key: 'contractName', title: '合同名称' },
        { key: 'contractNo', title: '合同编号', width: 120 },
        { key: 'deptName', title: '部门', width: 100 },
        { key: 'totalAmount', title: '合同金额（万元）', amount: true, sum: true },
        { key: 'backAmount', title: '已回款（万元）', amount: true, sum: true },
        { key: 'invoicedAmount', title: '已开票（万元）', amount: true, sum: true },
        { key: 'paidAmount', title: '已付款（万元）', amount: true, sum: true },
        { key: 'realPaidAmount', title: '实付金额（万元）', amount: true, sum: true },
        { key: 'loanOutstandingAmount', title: '未还借款（万元）', amount: true, sum: true },
        { key: 'balanceAmount', title: '余额（万元）', amount: true, sum: true },
        {
          key: 'view',
          title: '详情',
          render: (a) => (
            <Button
              size="sm"
              variant="text"
              data-testid={`pro-account-${a.contractNo}`}
              onClick={() => setViewing(a.contractId)}
            >
              查看
            </Button>
          ),
        },
      ]}
      headerActions={
        contractAccountActions.may('export', undefined, actor) && (
          <Button
            data-testid="export"
            onClick={() =>
              void downloadExport(exportUrl(ACCOUNT_EXPORT_PATHS.projectAccount, searched.current))
            }
          >
            导出
          </Button>
        )
      }
    >
      <MonthlyPanel query={applied} />
      {viewing !== null && (
        <ProAccountDetailDialog contractId={viewing} onClose={() => setViewing(null)} />
      )}
    </CrudPage>
  );
}
