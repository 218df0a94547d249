import { loanActions, displayAmount, LOAN_SORT_COLUMNS } from '@dpms/core';
import {
  FUND_EXPORT_PATHS,
  type LoanRecord,
  type PageQuery,
  type WriteOptions,
} from '@dpms/http-client';
import { readyMoneyBody, requiredFundFields } from '@dpms/wire';
import { useEffect, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useService } from '../../app/di';
import { useActionActor } from '../../app/hooks';
import { TOKENS } from '../../app/tokens';
import { HasPermi } from '../../components/auth/Access';
import { useActionKeys } from '../../components/crud/action-keys';
import { CrudPage } from '../../components/crud/CrudPage';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { downloadExport } from '../../components/upload';
import { RecordDetailDialog } from '../../components/approval/RecordDetailDialog';
import { landRefusal, useWireForm } from '../../components/form/wire-form';
import { TaskPicker } from '../../components/widgets/TaskPicker';
import { LoanFormDialog } from './LoanFormDialog';
import {
  Figure,
  MoneyInput,
  exportUrl,
  useAct,
  useDepts,
  useFundGateway,
  useTaskSearch,
} from './fund-shared';

const STATUS = [
  { value: '0', label: '草稿' },
  { value: '1', label: '审批中' },
  { value: '2', label: '已生效' },
  { value: '3', label: '已驳回' },
];
type Filter = { loanDeptId: string; status: string; taskId: string };
const FILTER: Filter = { loanDeptId: '', status: '', taskId: '' };

/** 借款详情: the loan, the team's figures it was applied with, and its approval. */
function LoanDetailDialog({ loanId, onClose }: { loanId: number; onClose: () => void }) {
  const gateway = useFundGateway();
  const [loan, setLoan] = useState<LoanRecord | null>(null);
  useEffect(() => {
    void gateway.loan(loanId).then(setLoan);
  }, [gateway, loanId]);
  return (
    <RecordDetailDialog
      title="借款详情"
      width={720}
      testId="loan-detail"
      onClose={onClose}
      record={loan}
      approvalLabel="查看借款协议审批"
      approvalTestId="loan-approval"
    >
      {(loan) => (
        <>
          <Figure label="借款部门" value={loan.loanDeptName} />
          <Figure
            label="借款金额（万元）"
            value={displayAmount(loan.loanAmount)}
            testId="loan-detail-amount"
          />
          <Figure label="已还（万元）" value={displayAmount(loan.repaidAmount)} />
          <Figure
            label="未还（万元）"
            value={displayAmount(loan.outstandingAmount)}
            testId="loan-detail-outstanding"
          />
          <Figure label="还款日期" value={loan.refundDate} />
          <Figure label="借款事由" value={loan.reason} />
          <Figure label="应收合计（万元）" value={displayAmount(loan.totalShouldReceAmt)} />
          <Figure label="已收合计（万元）" value={displayAmount(loan.totalReceiveAmt)} />
          <Figure label="分配确认合计（万元）" value={displayAmount(loan.totalAllotConfirmAmt)} />
          <Figure label="状态" value={loan.statusName} testId="loan-detail-status" />
          <Figure label="申请人" value={loan.createByName} />
        </>
      )}
    </RecordDetailDialog>
  );
}

/**
 * modifyReadyMoney: changes only the amount of a draft or turned-down loan. Checked with
 * @dpms/wire's readyMoneyBody (core's words beside the field, a server refusal there too), saved
 * under the dialog's Idempotency-Key kept across a retry.
 */
function ReadyMoneyDialog({
  loan,
  onClose,
  onDone,
}: {
  loan: LoanRecord;
  onClose: () => void;
  onDone: () => void;
}) {
  const gateway = useFundGateway();
  const { form, keys } = useWireForm<{ loanAmount: string }>(
    () => readyMoneyBody,
    { loanAmount: loan.loanAmount },
    { extra: () => ({ loanId: loan.loanId }) },
  );
  const [failure, setFailure] = useState('');
  const save = async ({ loanAmount }: { loanAmount: string }) => {
    setFailure('');
    const done = await keys.run('amount', (idempotencyKey) =>
      gateway.modifyReadyMoney(loan.loanId, loanAmount.trim(), { idempotencyKey }),
    );
    if (done.ok) onDone();
    else if (!landRefusal(done.error, ['loanAmount'], form.setError)) setFailure(done.message);
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title="修改借款金额"
      testId="ready-money"
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" onClick={() => void form.handleSubmit(save)()}>
            确定
          </Button>
        </>
      }
    >
      <Field
        label="借款金额（万元）"
        required={requiredFundFields.loan.includes('loanAmount')}
        error={form.formState.errors.loanAmount?.message ?? (failure || undefined)}
      >
        <Controller
          control={form.control}
          name="loanAmount"
          render={({ field: f }) => (
            <MoneyInput aria-label="借款金额（万元）" value={f.value} onChange={f.onChange} />
          )}
        />
      </Field>
    </Dialog>
  );
}

/** 借款管理: list, apply (also for a task), change, send for approval (10_1), detail, export. */
export function LoanPage() {
  const gateway = useFundGateway();
  const feedback = useService(TOKENS.Feedback);
  const actor = useActionActor();
  const act = useAct();
  const keys = useActionKeys();
  /** A row action under its Idempotency-Key, kept until answered (a retry is applied once). */
  const keyed = async <T,>(slot: string, call: (o: WriteOptions) => Promise<T>): Promise<T> => {
    const done = await keys.run(slot, (idempotencyKey) => call({ idempotencyKey }));
    if (!done.ok) throw done.error;
    return done.value;
  };
  const depts = useDepts();
  const searched = useRef<PageQuery>({});
  const [form, setForm] = useState<
    { mode: 'add' } | { mode: 'task'; taskId: number } | { mode: 'edit'; loan: LoanRecord } | null
  >(null);
  const [taskId, setTaskId] = useState('');
  const searchTasks = useTaskSearch();
  const [viewing, setViewing] = useState<number | null>(null);
  const [readyMoney, setReadyMoney] = useState<LoanRecord | null>(null);
  return (
    <CrudPage<LoanRecord, Filter>
      title="借款管理"
      noun="借款"
      queryKey="fund-loans"
      sortColumns={LOAN_SORT_COLUMNS}
      gateway={{
        list: (q) => {
          searched.current = q;
          return gateway.loanList(q);
        },
        remove: gateway.deleteLoan,
      }}
      filter={FILTER}
      search={[
        { key: 'loanDeptId', label: '借款部门', type: 'select', options: depts },
        { key: 'status', label: '状态', type: 'select', options: STATUS },
        {
          key: 'taskId',
          label: '设计任务',
          type: 'custom',
          render: (value, set) => (
            <TaskPicker
              search={searchTasks}
              value={value}
              onChange={(id) => set(id)}
              label="按设计任务筛选"
              emptyLabel="全部"
            />
          ),
        },
      ]}
      rowKey="loanId"
      table={{ testId: 'loan-table' }}
      columns={(ctx) => [
        { key: 'loanId', title: '编号', width: 70 },
        { key: 'loanDeptName', title: '借款部门' },
        { key: 'loanAmount', title: '借款金额（万元）', amount: true, sum: true },
        { key: 'repaidAmount', title: '已还（万元）', amount: true, sum: true },
        { key: 'outstandingAmount', title: '未还（万元）', amount: true, sum: true },
        { key: 'refundDate', title: '还款日期', width: 110 },
        { key: 'statusName', title: '状态', width: 80 },
        { key: 'createByName', title: '申请人', width: 90 },
        {
          key: 'ops',
          title: '借款操作',
          render: (l) => (
            <>
              <Button
                size="sm"
                variant="text"
                data-testid={`loan-detail-${String(l.loanId)}`}
                onClick={() => setViewing(l.loanId)}
              >
                详情
              </Button>
              {loanActions.may('edit', l, actor) && (
                <Button size="sm" variant="text" onClick={() => setForm({ mode: 'edit', loan: l })}>
                  修改
                </Button>
              )}
              {loanActions.may('amount', l, actor) && (
                <Button size="sm" variant="text" onClick={() => setReadyMoney(l)}>
                  改金额
                </Button>
              )}
              {loanActions.may('submit', l, actor) && (
                <>
                  <Button
                    size="sm"
                    variant="text"
                    data-testid={`loan-submit-${String(l.loanId)}`}
                    onClick={() =>
                      void act(
                        () =>
                          keyed(`submit:${String(l.loanId)}`, (o) =>
                            gateway.submitLoan(l.loanId, o),
                          ),
                        ctx.refetch,
                        '已送审',
                      )
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
      permissions={{ remove: 'contract:loan:remove' }}
      offered={{ remove: (l) => loanActions.may('remove', l, actor) }}
      remove={{ what: (l) => `${l.loanDeptName}的借款${displayAmount(l.loanAmount)}万元` }}
      headerActions={
        <>
          <HasPermi perms={['contract:loan:add']}>
            <Button
              variant="primary"
              data-testid="loan-add"
              onClick={() => setForm({ mode: 'add' })}
            >
              申请借款
            </Button>
          </HasPermi>
          <HasPermi perms={['contract:loan:add']}>
            <span className="inline-flex items-center gap-1">
              <TaskPicker
                search={searchTasks}
                value={taskId}
                onChange={(id) => setTaskId(id)}
                label="任务借款的设计任务"
              />
              <Button
                disabled={taskId === ''}
                onClick={() => setForm({ mode: 'task', taskId: Number(taskId) })}
              >
                任务借款
              </Button>
            </span>
          </HasPermi>
          <HasPermi perms={['contract:loan:export']}>
            <Button
              data-testid="export"
              onClick={() =>
                void downloadExport(exportUrl(FUND_EXPORT_PATHS.loan, searched.current))
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
            <LoanFormDialog
              gateway={gateway}
              depts={depts}
              {...(form.mode === 'edit' ? { loan: form.loan } : {})}
              {...(form.mode === 'task' ? { taskId: form.taskId } : {})}
              onClose={() => setForm(null)}
              onSaved={(l) => {
                setForm(null);
                feedback.success(l.status === 0 ? '保存成功' : '已送审');
                ctx.refetch();
              }}
            />
          )}
          {readyMoney && (
            <ReadyMoneyDialog
              loan={readyMoney}
              onClose={() => setReadyMoney(null)}
              onDone={() => {
                setReadyMoney(null);
                feedback.success('操作成功');
                ctx.refetch();
              }}
            />
          )}
          {viewing !== null && (
            <LoanDetailDialog loanId={viewing} onClose={() => setViewing(null)} />
          )}
        </>
      )}
    </CrudPage>
  );
}
