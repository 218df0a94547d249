import { MoneyDecimal, displayAmount } from '@dpms/core';
import {
  FUND_EXPORT_PATHS,
  type LoanRecord,
  type PageQuery,
  type RepaymentRecord,
} from '@dpms/http-client';
import { useEffect, useRef, useState } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { HasPermi } from '../../components/auth/Access';
import { CrudPage } from '../../components/crud/CrudPage';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { downloadExport } from '../../components/upload';
import { RepaymentFormDialog } from './RepaymentFormDialog';
import { Figure, exportUrl, useDepts, useFundGateway } from './fund-shared';

type Filter = { loanId: string; loanDeptId: string };
const FILTER: Filter = { loanId: '', loanDeptId: '' };

function RepaymentDetailDialog({
  repaymentId,
  onClose,
}: {
  repaymentId: number;
  onClose: () => void;
}) {
  const gateway = useFundGateway();
  const [r, setR] = useState<RepaymentRecord | null>(null);
  const [loan, setLoan] = useState<LoanRecord | null>(null);
  useEffect(() => {
    void gateway.repayment(repaymentId).then(async (p) => {
      setR(p);
      setLoan(await gateway.loan(p.loanId));
    });
  }, [gateway, repaymentId]);
  return (
    <Dialog open onClose={onClose} title="还款详情" testId="repayment-detail">
      {r && (
        <div>
          <Figure label="借款部门" value={r.loanDeptName} />
          <Figure label="借款编号" value={r.loanId} />
          <Figure label="还款金额（万元）" value={displayAmount(r.repaymentAmount)} />
          <Figure label="还款日期" value={r.repaymentDate} />
          <Figure label="备注" value={r.remark} />
          <Figure label="登记人" value={r.createByName} />
          {loan && (
            <>
              <Figure label="借款金额（万元）" value={displayAmount(loan.loanAmount)} />
              <Figure label="借款现未还（万元）" value={displayAmount(loan.outstandingAmount)} />
            </>
          )}
        </div>
      )}
    </Dialog>
  );
}

/** 还款管理: repayments of approved loans: list, register, detail, export. */
export function RepaymentPage() {
  const gateway = useFundGateway();
  const feedback = useService(TOKENS.Feedback);
  const depts = useDepts();
  const searched = useRef<PageQuery>({});
  const [adding, setAdding] = useState<LoanRecord[] | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const openAdd = async () => {
    // Approved loans with something still owed: what a repayment may be made against.
    const p = await gateway.loanList({ pageNum: 1, pageSize: 1000, status: '2' });
    setAdding(p.rows.filter((l) => new MoneyDecimal(l.outstandingAmount).gt(0)));
  };
  return (
    <CrudPage<RepaymentRecord, Filter>
      title="还款管理"
      noun="还款"
      queryKey="fund-repayments"
      gateway={{
        list: (q) => {
          searched.current = q;
          return gateway.repaymentList(q);
        },
      }}
      filter={FILTER}
      search={[
        { key: 'loanId', label: '借款编号' },
        { key: 'loanDeptId', label: '借款部门', type: 'select', options: depts },
      ]}
      rowKey="repaymentId"
      table={{ testId: 'repayment-table' }}
      columns={[
        { key: 'repaymentId', title: '编号', width: 70 },
        { key: 'loanId', title: '借款编号', width: 90 },
        { key: 'loanDeptName', title: '借款部门' },
        { key: 'repaymentAmount', title: '还款金额（万元）', amount: true, sum: true },
        { key: 'repaymentDate', title: '还款日期', width: 110 },
        { key: 'remark', title: '备注' },
        { key: 'createByName', title: '登记人', width: 90 },
        {
          key: 'ops',
          title: '操作',
          render: (r) => (
            <Button size="sm" variant="text" onClick={() => setViewing(r.repaymentId)}>
              详情
            </Button>
          ),
        },
      ]}
      headerActions={
        <>
          <HasPermi perms={['contract:repayment:add']}>
            <Button variant="primary" data-testid="repayment-add" onClick={() => void openAdd()}>
              登记还款
            </Button>
          </HasPermi>
          <HasPermi perms={['contract:repayment:export']}>
            <Button
              data-testid="export"
              onClick={() =>
                void downloadExport(exportUrl(FUND_EXPORT_PATHS.repayment, searched.current))
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
          {adding && (
            <RepaymentFormDialog
              gateway={gateway}
              loans={adding}
              onClose={() => setAdding(null)}
              onSaved={() => {
                setAdding(null);
                feedback.success('操作成功');
                ctx.refetch();
              }}
            />
          )}
          {viewing !== null && (
            <RepaymentDetailDialog repaymentId={viewing} onClose={() => setViewing(null)} />
          )}
        </>
      )}
    </CrudPage>
  );
}
