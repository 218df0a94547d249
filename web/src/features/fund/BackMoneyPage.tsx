import { backMoneyByMonth, displayAmount, BACK_MONEY_SORT_COLUMNS } from '@dpms/core';
import {
  FUND_EXPORT_PATHS,
  type BackMoneyBody,
  type BackMoneyDesignDetail,
  type BackMoneyRecord,
  type LedgerMismatchRecord,
  type LedgerRecord,
  type PageQuery,
  type WriteOptions,
} from '@dpms/http-client';
import { backMoneyBody, backMoneyModifyBody, type BackMoneyModifyBody } from '@dpms/wire';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { HasPermi } from '../../components/auth/Access';
import { BarChart } from '../../components/chart/BarChart';
import { CrudPage } from '../../components/crud/CrudPage';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { downloadExport } from '../../components/upload';
import { AllotDialog } from './AllotDialog';
import { backMoneyBodyOf, backMoneyFormFields } from './back-money-form';
import { Figure, exportUrl, useContracts, useDepts, useFundGateway } from './fund-shared';
import { useInstituteClock } from '../../components/time/institute-clock';

type Filter = {
  projectName: string;
  contractName: string;
  backDateBegin: string;
  backDateEnd: string;
  unallotted: string;
};
const FILTER: Filter = {
  projectName: '',
  contractName: '',
  backDateBegin: '',
  backDateEnd: '',
  unallotted: '',
};

/** 分配明细: the teams' allotments (getBackMoneyDesignDetail) and the record's ledger history. */
function DesignDetailDialog({
  backMoneyId,
  onClose,
}: {
  backMoneyId: number;
  onClose: () => void;
}) {
  const gateway = useFundGateway();
  const clock = useInstituteClock();
  const [detail, setDetail] = useState<BackMoneyDesignDetail | null>(null);
  const [history, setHistory] = useState<LedgerRecord[]>([]);
  useEffect(() => {
    void gateway.designDetail(backMoneyId).then(setDetail);
    void gateway.history(backMoneyId).then(setHistory);
  }, [gateway, backMoneyId]);
  return (
    <Dialog open onClose={onClose} title="回款分配明细" width={860} testId="back-money-detail">
      {detail && (
        <div>
          <Figure label="项目名称" value={detail.backMoney.projectName} />
          <Figure label="合同名称" value={detail.backMoney.contractName} />
          <Figure label="回款日期" value={detail.backMoney.backDate} />
          <Figure label="回款金额（万元）" value={displayAmount(detail.backMoney.backAmount)} />
          <Figure label="已分配（万元）" value={displayAmount(detail.backMoney.allottedAmount)} />
          <Figure label="实付金额（万元）" value={displayAmount(detail.backMoney.realPaidAmount)} />
          <Figure
            label="未分配（万元）"
            value={displayAmount(detail.backMoney.unallottedAmount)}
            testId="detail-unallotted"
          />
          <h3 className="mt-3 font-medium">按设计部门</h3>
          <table className="w-full text-sm" data-testid="detail-teams">
            <thead>
              <tr className="text-left text-ink-soft">
                <th className="py-1">设计部门</th>
                <th>设计任务</th>
                <th className="text-right">分配金额（万元）</th>
                <th>备注</th>
                <th>分配人</th>
              </tr>
            </thead>
            <tbody>
              {detail.teams.flatMap((t) => [
                <tr key={`t${String(t.deptId)}`} className="border-b border-line font-medium">
                  <td className="py-1">{t.deptName}</td>
                  <td>合计</td>
                  <td className="text-right tabular-nums">{displayAmount(t.allotAmount)}</td>
                  <td />
                  <td />
                </tr>,
                ...t.list.map((a) => (
                  <tr key={a.allotId} className="border-b border-line">
                    <td />
                    <td>{a.taskId === null ? '—' : `${a.taskNo} ${a.taskName}`}</td>
                    <td className="text-right tabular-nums">{displayAmount(a.allotAmount)}</td>
                    <td>{a.remark}</td>
                    <td>{a.createByName}</td>
                  </tr>
                )),
              ])}
            </tbody>
          </table>
          <h3 className="mt-3 font-medium">记账历史</h3>
          <table className="w-full text-sm" data-testid="detail-history">
            <thead>
              <tr className="text-left text-ink-soft">
                <th className="py-1">时间</th>
                <th>事项</th>
                <th>账户</th>
                <th className="text-right">金额（万元）</th>
                <th>经办人</th>
              </tr>
            </thead>
            <tbody>
              {history.map((h) => (
                <tr key={h.entryId} className="border-b border-line">
                  <td className="py-1">{clock.instant(h.createTime)}</td>
                  <td>{h.movementName}</td>
                  <td>{ACCOUNT_NAMES[h.accountKind] ?? h.accountKind}</td>
                  <td className="text-right tabular-nums">{displayAmount(h.amount)}</td>
                  <td>{h.createByName}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Dialog>
  );
}

export const ACCOUNT_NAMES: Record<string, string> = {
  backMoney: '回款未分配',
  teamReceived: '部门已收',
  loan: '借款未还',
  teamLoan: '部门未还借款',
};

/** 对账 (finance): every balance that differs from the sum of its ledger or is below zero. */
export function ReconcileDialog({ onClose }: { onClose: () => void }) {
  const gateway = useFundGateway();
  const [rows, setRows] = useState<LedgerMismatchRecord[] | null>(null);
  useEffect(() => {
    void gateway.reconcile().then(setRows);
  }, [gateway]);
  return (
    <Dialog open onClose={onClose} title="资金对账" width={720} testId="reconcile-dialog">
      {rows === null ? (
        <p className="text-sm text-ink-soft">对账中…</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-success-600" data-testid="reconcile-ok">
          全部余额与账目相符，没有负余额
        </p>
      ) : (
        <table className="w-full text-sm" data-testid="reconcile-mismatches">
          <thead>
            <tr className="text-left text-ink-soft">
              <th className="py-1">账户</th>
              <th>编号</th>
              <th className="text-right">余额（万元）</th>
              <th className="text-right">账目合计（万元）</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.accountKind}:${String(r.accountId)}`} className="border-b border-line">
                <td className="py-1">{ACCOUNT_NAMES[r.accountKind] ?? r.accountKind}</td>
                <td>{r.accountId}</td>
                <td className="text-right tabular-nums text-danger-600">
                  {displayAmount(r.balance)}
                </td>
                <td className="text-right tabular-nums">{displayAmount(r.ledgerSum)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Dialog>
  );
}

/** 回款按月: the year's back money by month (core sums the records exactly; the bars draw it). */
function BackMoneyChart({ version }: { version: number }) {
  const clock = useInstituteClock();
  const gateway = useFundGateway();
  const [year, setYear] = useState(clock.today().slice(0, 4));
  const [months, setMonths] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    void (async () => {
      const rows: { backDate: string; backAmount: string }[] = [];
      for (let pageNum = 1; ; pageNum += 1) {
        const p = await gateway.backMoneyList({
          pageNum,
          pageSize: 1000,
          backDateBegin: `${year}-01-01`,
          backDateEnd: `${year}-12-31`,
        });
        rows.push(...p.rows);
        if (p.rows.length < 1000 || rows.length >= p.total) break;
      }
      if (live) setMonths(backMoneyByMonth(rows, year));
    })().catch(() => live && setMonths([]));
    return () => {
      live = false;
    };
  }, [gateway, year, version]);
  const categories = useMemo(() => months.map((_, i) => `${String(i + 1)}月`), [months]);
  const series = useMemo(
    () => [{ name: `${year}年回款（万元）`, data: months.map(Number) }],
    [months, year],
  );
  const years = Array.from({ length: 5 }, (_, i) => String(Number(clock.today().slice(0, 4)) - i));
  return (
    <section className="mt-4" data-testid="back-money-chart">
      <div className="mb-2 flex items-center gap-2">
        <h3 className="font-medium">回款按月统计</h3>
        <select
          className="input w-28!"
          aria-label="统计年份"
          value={year}
          onChange={(e) => setYear(e.target.value)}
        >
          {years.map((y) => (
            <option key={y} value={y}>
              {y}年
            </option>
          ))}
        </select>
      </div>
      <table className="sr-only" data-testid="back-money-months">
        <tbody>
          <tr>
            {months.map((m, i) => (
              <td key={i} data-month={i + 1}>
                {m}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
      <BarChart categories={categories} series={series} />
    </section>
  );
}

/** 回款管理: list, register, change, delete, allot to design teams, detail, export, reconcile. */
export function BackMoneyPage() {
  const clock = useInstituteClock();
  const gateway = useFundGateway();
  const contracts = useContracts();
  const depts = useDepts();
  const searched = useRef<PageQuery>({});
  const [allotting, setAllotting] = useState<BackMoneyRecord | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const [reconciling, setReconciling] = useState(false);
  const [changes, setChanges] = useState(0);
  const changed = <T,>(value: T): T => {
    setChanges((n) => n + 1);
    return value;
  };
  const feedback = useService(TOKENS.Feedback);
  return (
    <CrudPage<BackMoneyRecord, Filter>
      title="回款管理"
      noun="回款"
      queryKey="fund-back-money"
      sortColumns={BACK_MONEY_SORT_COLUMNS}
      gateway={{
        list: (q) => {
          searched.current = q;
          return gateway.backMoneyList(q);
        },
        // Registering, changing or deleting back money changes the month sums: redraw the chart.
        // Each write carries the dialog's (or the delete's) Idempotency-Key, kept across retries.
        add: (b: BackMoneyBody, o?: WriteOptions) => gateway.addBackMoney(b, o).then(changed),
        update: (b: BackMoneyModifyBody, o?: WriteOptions) =>
          gateway.modifyBackMoney(b, o).then(changed),
        remove: (id: number, o?: WriteOptions) => gateway.deleteBackMoney(id, o).then(changed),
      }}
      filter={FILTER}
      search={[
        { key: 'projectName', label: '项目名称' },
        { key: 'contractName', label: '合同名称' },
        { key: 'backDateBegin', label: '回款日期起', type: 'date' },
        { key: 'backDateEnd', label: '回款日期止', type: 'date' },
        {
          key: 'unallotted',
          label: '分配情况',
          type: 'select',
          options: [{ value: '1', label: '有未分配' }],
        },
      ]}
      rowKey="backMoneyId"
      table={{ testId: 'back-money-table' }}
      columns={[
        { key: 'projectName', title: '项目名称' },
        { key: 'contractName', title: '合同名称' },
        { key: 'contractNo', title: '合同编号', width: 140 },
        { key: 'backDate', title: '回款日期', width: 110 },
        { key: 'backAmount', title: '回款金额（万元）', amount: true, sum: true },
        { key: 'allottedAmount', title: '已分配（万元）', amount: true, sum: true },
        // What paid fund payments drew from the record (net pay): 回款 = 已分配 + 实付 + 未分配.
        { key: 'realPaidAmount', title: '实付金额（万元）', amount: true, sum: true },
        { key: 'unallottedAmount', title: '未分配（万元）', amount: true, sum: true },
        { key: 'remark', title: '备注' },
        { key: 'createByName', title: '登记人', width: 90 },
        // 分配 (the record's next step) leads the row, before 修改 / 删除.
        {
          key: 'ops',
          title: '操作',
          render: (b) => (
            <>
              <HasPermi perms={['project:backMoney:allot']}>
                <Button
                  size="sm"
                  variant="text"
                  data-testid={`allot-${String(b.backMoneyId)}`}
                  onClick={() => setAllotting(b)}
                >
                  分配
                </Button>
              </HasPermi>
              <Button
                size="sm"
                variant="text"
                data-testid={`detail-${String(b.backMoneyId)}`}
                onClick={() => setViewing(b.backMoneyId)}
              >
                明细
              </Button>
            </>
          ),
        },
      ]}
      permissions={{
        add: 'project:backMoney:add',
        edit: 'project:backMoney:edit',
        remove: 'project:backMoney:remove',
      }}
      form={{
        idKey: 'backMoneyId',
        defaults: { backDate: clock.today() },
        toForm: (b) => ({
          contractId: String(b.contractId),
          backAmount: b.backAmount,
          backDate: b.backDate,
          remark: b.remark,
        }),
        // The wire bodies' rules (core's): the required marks, every field's problem at once.
        schemas: { add: backMoneyBody, edit: backMoneyModifyBody },
        toBody: backMoneyBodyOf,
        fields: backMoneyFormFields(contracts),
      }}
      remove={{ what: (b) => `${b.contractName}的回款${displayAmount(b.backAmount)}万元` }}
      headerActions={
        <>
          <HasPermi perms={['project:backMoney:export']}>
            <Button
              data-testid="export"
              onClick={() =>
                void downloadExport(exportUrl(FUND_EXPORT_PATHS.backMoney, searched.current))
              }
            >
              导出
            </Button>
          </HasPermi>
          <HasPermi perms={['project:backMoney:export']}>
            <Button data-testid="reconcile" onClick={() => setReconciling(true)}>
              对账
            </Button>
          </HasPermi>
        </>
      }
    >
      {(ctx) => (
        <>
          {allotting && (
            <AllotDialog
              backMoney={allotting}
              gateway={gateway}
              depts={depts}
              onClose={() => setAllotting(null)}
              onDone={() => {
                setAllotting(null);
                feedback.success('分配成功');
                ctx.refetch();
              }}
            />
          )}
          {viewing !== null && (
            <DesignDetailDialog backMoneyId={viewing} onClose={() => setViewing(null)} />
          )}
          {reconciling && <ReconcileDialog onClose={() => setReconciling(false)} />}
          <BackMoneyChart version={changes} />
        </>
      )}
    </CrudPage>
  );
}
