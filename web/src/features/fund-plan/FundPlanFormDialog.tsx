import { checkPlanLines, parseFundPlanMonth, previewPlan } from '@dpms/core';
import {
  errorMessage,
  type FundPlanGateway,
  type FundPlanLineBody,
  type FundPlanRecord,
} from '@dpms/http-client';
import { useMemo, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { Figure, LINE_KIND_OPTIONS, MoneyInput, type Option } from './fund-plan-shared';
import { useInstituteClock } from '../../components/time/institute-clock';

export type FundPlanFormGateway = Pick<FundPlanGateway, 'addPlan' | 'editPlan'>;

interface LineDraft {
  key: number;
  lineKind: string;
  subjectName: string;
  contractId: string;
  amount: string;
  paybackRate: string;
  allotAmount: string;
  remark: string;
}

let nextKey = 1;
const blankLine = (lineKind = 'rigid'): LineDraft => ({
  key: nextKey++,
  lineKind,
  subjectName: '',
  contractId: '',
  amount: '',
  paybackRate: '',
  allotAmount: '',
  remark: '',
});

const toBody = (l: LineDraft): FundPlanLineBody => ({
  lineKind: l.lineKind as FundPlanLineBody['lineKind'],
  subjectName: l.subjectName.trim(),
  contractId: l.contractId === '' ? null : Number(l.contractId),
  amount: l.amount.trim(),
  ...(l.lineKind === 'income' && l.paybackRate !== '' ? { paybackRate: l.paybackRate } : {}),
  ...(l.lineKind === 'income' && l.allotAmount !== '' ? { allotAmount: l.allotAmount } : {}),
  remark: l.remark.trim(),
});

/**
 * 新增 / 修改月度资金计划: the month, the department, and the lines (预计回款 by contract,
 * 刚性支出, 借款支出, 付款支出). Totals and the tips — 储备资金 (two months of rigid costs) and
 * 分配确认 (回款率 × 备案分配) — are core's preview as the lines are typed; core's rules say what
 * is wrong with a line before anything is sent. 保存并送审 sends it for approval (8_1/8_2).
 */
export function FundPlanFormDialog({
  gateway,
  depts,
  contracts,
  plan,
  defaultDeptId,
  onClose,
  onSaved,
}: {
  gateway: FundPlanFormGateway;
  depts: Option[];
  contracts: Option[];
  plan?: FundPlanRecord;
  defaultDeptId?: number | null;
  onClose: () => void;
  onSaved: (plan: FundPlanRecord) => void;
}) {
  const clock = useInstituteClock();
  const [planMonth, setPlanMonth] = useState(plan?.planMonth ?? clock.thisMonth());
  const [deptId, setDeptId] = useState(
    plan ? String(plan.deptId) : defaultDeptId ? String(defaultDeptId) : '',
  );
  const [reason, setReason] = useState(plan?.reason ?? '');
  const [lines, setLines] = useState<LineDraft[]>(
    plan
      ? plan.lines.map((l) => ({
          key: nextKey++,
          lineKind: l.lineKind,
          subjectName: l.subjectName,
          contractId: l.contractId === null ? '' : String(l.contractId),
          amount: l.amount,
          paybackRate: l.paybackRate ?? '',
          allotAmount: l.allotAmount ?? '',
          remark: l.remark,
        }))
      : [blankLine('income'), blankLine('rigid')],
  );
  const [problem, setProblem] = useState('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  const bodies = useMemo(() => lines.map(toBody), [lines]);
  const preview = useMemo(() => previewPlan(bodies), [bodies]);
  const t = preview.totals;

  const change = (key: number, patch: Partial<LineDraft>) =>
    setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  const save = async (submit: boolean) => {
    const month = parseFundPlanMonth(planMonth);
    if (!month.ok) return setProblem(month.error.message);
    if (deptId === '') return setProblem('请选择计划部门');
    const checked = checkPlanLines(bodies);
    if (!checked.ok) return setProblem(checked.error.message);
    setProblem('');
    setBusy(true);
    setFailure('');
    try {
      const body = {
        deptId: Number(deptId),
        planMonth,
        reason: reason.trim(),
        lines: bodies,
        submit,
      };
      const saved = plan
        ? await gateway.editPlan({ ...body, planId: plan.planId, version: plan.version })
        : await gateway.addPlan(body);
      onSaved(saved);
    } catch (e) {
      setFailure(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={plan ? '修改资金计划' : '新增资金计划'}
      width={1080}
      closeOnClickOutside={false}
      testId="fund-plan-form"
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button loading={busy} onClick={() => void save(false)}>
            保存
          </Button>
          <Button variant="primary" loading={busy} onClick={() => void save(true)}>
            保存并送审
          </Button>
        </>
      }
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="计划月份" required>
          <input
            className="input"
            aria-label="计划月份"
            placeholder="yyyy-MM"
            value={planMonth}
            onChange={(e) => setPlanMonth(e.target.value.trim())}
          />
        </Field>
        <Field label="计划部门" required>
          <select
            className="input"
            aria-label="计划部门"
            value={deptId}
            onChange={(e) => setDeptId(e.target.value)}
          >
            <option value="">请选择</option>
            {depts.map((d) => (
              <option key={d.value} value={d.value}>
                {d.label}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field label="计划说明">
        <input
          className="input"
          aria-label="计划说明"
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-sm" data-testid="fund-plan-lines">
          <thead>
            <tr className="text-left text-ink-soft">
              <th className="p-1">类别</th>
              <th className="p-1">科目名称</th>
              <th className="p-1">合同</th>
              <th className="p-1">金额（万元）</th>
              <th className="p-1">回款率</th>
              <th className="p-1">备案分配（万元）</th>
              <th className="p-1">分配确认（万元）</th>
              <th className="p-1" />
            </tr>
          </thead>
          <tbody>
            {lines.map((l, i) => {
              const n = String(i + 1);
              const income = l.lineKind === 'income';
              return (
                <tr key={l.key} data-testid={`plan-line-${n}`}>
                  <td className="p-1">
                    <select
                      className="input"
                      aria-label={`第${n}行类别`}
                      value={l.lineKind}
                      onChange={(e) => change(l.key, { lineKind: e.target.value })}
                    >
                      {LINE_KIND_OPTIONS.map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.label}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className="p-1">
                    <input
                      className="input"
                      aria-label={`第${n}行科目名称`}
                      maxLength={100}
                      value={l.subjectName}
                      onChange={(e) => change(l.key, { subjectName: e.target.value })}
                    />
                  </td>
                  <td className="p-1">
                    <select
                      className="input"
                      aria-label={`第${n}行合同`}
                      disabled={!income}
                      value={l.contractId}
                      onChange={(e) => change(l.key, { contractId: e.target.value })}
                    >
                      <option value="">{income ? '请选择' : '—'}</option>
                      {contracts.map((c) => (
                        <option key={c.value} value={c.value}>
                          {c.label}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className="p-1">
                    <MoneyInput
                      aria-label={`第${n}行金额`}
                      value={l.amount}
                      onChange={(v) => change(l.key, { amount: v })}
                    />
                  </td>
                  <td className="p-1">
                    {income && (
                      <MoneyInput
                        aria-label={`第${n}行回款率`}
                        value={l.paybackRate}
                        onChange={(v) => change(l.key, { paybackRate: v })}
                      />
                    )}
                  </td>
                  <td className="p-1">
                    {income && (
                      <MoneyInput
                        aria-label={`第${n}行备案分配`}
                        value={l.allotAmount}
                        onChange={(v) => change(l.key, { allotAmount: v })}
                      />
                    )}
                  </td>
                  <td className="p-1 tabular-nums" data-testid={`plan-line-confirm-${n}`}>
                    {income ? preview.confirmAmounts[i] : ''}
                  </td>
                  <td className="p-1">
                    <Button
                      size="sm"
                      variant="text"
                      disabled={lines.length === 1}
                      onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
                    >
                      删除
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <Button size="sm" className="mt-1" onClick={() => setLines((ls) => [...ls, blankLine()])}>
          添加明细
        </Button>
      </div>
      <div className="mt-3 grid gap-x-6 sm:grid-cols-2" data-testid="fund-plan-totals">
        <Figure label="预计回款（万元）" value={t.incomeAmount} testId="plan-income" />
        <Figure label="刚性支出（万元）" value={t.rigidAmount} testId="plan-rigid" />
        <Figure label="借款支出（万元）" value={t.loanAmount} testId="plan-loan" />
        <Figure label="付款支出（万元）" value={t.paymentAmount} testId="plan-payment" />
        <Figure label="计划支出合计（万元）" value={t.totalAmount} testId="plan-total" />
        <Figure label="收支结余（万元）" value={t.balanceAmount} testId="plan-balance" />
      </div>
      <div className="mt-2 rounded bg-primary-50 p-2 text-sm" data-testid="fund-plan-tips">
        <p>
          提示：储备资金为两个月的刚性支出，即{' '}
          <span data-testid="plan-reserve">{t.reserveAmount}</span> 万元。
        </p>
        <p>
          提示：分配确认 = 回款率 × 备案分配，合计{' '}
          <span data-testid="plan-confirm">{t.confirmAmount}</span> 万元。
        </p>
      </div>
      {(problem || failure) && (
        <p role="alert" className="mt-2 text-sm text-danger-600">
          {problem || failure}
        </p>
      )}
    </Dialog>
  );
}
