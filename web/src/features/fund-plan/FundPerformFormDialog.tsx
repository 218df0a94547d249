import {
  checkPerformLines,
  roomLeft,
  toAmountString,
  type FundPlanLineKind,
  type PlanLineRoom,
} from '@dpms/core';
import {
  errorMessage,
  type FundPerformRecord,
  type FundPlanGateway,
  type FundPlanRecord,
} from '@dpms/http-client';
import { useEffect, useMemo, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { Figure, LINE_KIND_OPTIONS, MoneyInput } from './fund-plan-shared';
import { DateInput } from '../../components/ui/DateInput';
import { useInstituteClock } from '../../components/time/institute-clock';

export type FundPerformFormGateway = Pick<
  FundPlanGateway,
  'planList' | 'plan' | 'addPerform' | 'editPerform'
>;

/** What a plan line still allows (never shown below zero). */
const leftOf = (room: PlanLineRoom | undefined): string => {
  if (room === undefined) return '';
  const left = roomLeft(room);
  return left.isNeg() ? '0' : toAmountString(left);
};

/**
 * 登记资金执行: on an approved plan, one kind of its lines, what was actually received or spent.
 * Each line shows what the plan still allows; core's rule refuses taking more before sending,
 * unless 超计划执行 is ticked (the sheet then travels on the over-plan approval 9_2).
 */
export function FundPerformFormDialog({
  gateway,
  perform,
  onClose,
  onSaved,
}: {
  gateway: FundPerformFormGateway;
  perform?: FundPerformRecord;
  onClose: () => void;
  onSaved: (perform: FundPerformRecord) => void;
}) {
  const clock = useInstituteClock();
  const [plans, setPlans] = useState<FundPlanRecord[]>([]);
  const [planId, setPlanId] = useState(perform ? String(perform.planId) : '');
  const [plan, setPlan] = useState<FundPlanRecord | null>(null);
  const [lineKind, setLineKind] = useState<string>(perform?.lineKind ?? 'rigid');
  const [amounts, setAmounts] = useState<Record<number, string>>(
    Object.fromEntries((perform?.lines ?? []).map((l) => [l.planLineId, l.amount])),
  );
  const [performDate, setPerformDate] = useState(perform?.performDate ?? clock.today());
  const [overPlan, setOverPlan] = useState(perform?.overPlan ?? false);
  const [reason, setReason] = useState(perform?.reason ?? '');
  const [problem, setProblem] = useState('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void gateway
      .planList({ pageNum: 1, pageSize: 100, status: '2' })
      .then((p) => setPlans(p.rows))
      .catch((e: unknown) => setFailure(errorMessage(e)));
  }, [gateway]);
  useEffect(() => {
    setPlan(null);
    if (planId === '') return;
    void gateway
      .plan(Number(planId))
      .then(setPlan)
      .catch((e: unknown) => setFailure(errorMessage(e)));
  }, [gateway, planId]);

  const kindLines = useMemo(
    () => (plan?.lines ?? []).filter((l) => l.lineKind === lineKind),
    [plan, lineKind],
  );
  // What this sheet already took is not counted against itself while it is redrawn.
  const rooms: PlanLineRoom[] = kindLines.map((l) => ({
    lineId: l.lineId,
    lineKind: l.lineKind,
    amount: l.amount,
    executedAmount: l.executedAmount,
    pendingAmount: '0',
  }));
  const entered = kindLines
    .filter((l) => (amounts[l.lineId] ?? '') !== '')
    .map((l) => ({ planLineId: l.lineId, amount: amounts[l.lineId] ?? '' }));
  const checked =
    entered.length === 0
      ? null
      : checkPerformLines(lineKind as FundPlanLineKind, entered, rooms, overPlan);

  const save = async (submit: boolean) => {
    if (planId === '') return setProblem('请选择已通过的资金计划');
    if (checked === null) return setProblem('请至少填写一行执行金额');
    if (!checked.ok) {
      const i = /^lines\[(\d+)\]/.exec(checked.error.field ?? '');
      const name = i
        ? kindLines.find((l) => l.lineId === entered[Number(i[1])]?.planLineId)?.subjectName
        : undefined;
      return setProblem(name ? `${name}：${checked.error.message}` : checked.error.message);
    }
    setProblem('');
    setBusy(true);
    setFailure('');
    try {
      const body = {
        planId: Number(planId),
        lineKind: lineKind as FundPlanLineKind,
        performDate,
        overPlan,
        reason: reason.trim(),
        lines: entered,
        submit,
      };
      const saved = perform
        ? await gateway.editPerform({
            ...body,
            performId: perform.performId,
            version: perform.version,
          })
        : await gateway.addPerform(body);
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
      title={perform ? '修改资金执行' : '登记资金执行'}
      width={860}
      closeOnClickOutside={false}
      testId="fund-perform-form"
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
      <Field label="资金计划" required>
        <select
          className="input"
          aria-label="资金计划"
          value={planId}
          onChange={(e) => setPlanId(e.target.value)}
        >
          <option value="">请选择已通过的计划</option>
          {plans.map((p) => (
            <option key={p.planId} value={String(p.planId)}>
              {`${p.planMonth} ${p.deptName}（计划支出${p.totalAmount}万元）`}
            </option>
          ))}
        </select>
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="类别" required>
          <select
            className="input"
            aria-label="类别"
            value={lineKind}
            onChange={(e) => {
              setLineKind(e.target.value);
              setAmounts({});
            }}
          >
            {LINE_KIND_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </Field>
        <Field label="执行日期" required>
          <DateInput
            className="input"
            aria-label="执行日期"
            value={performDate}
            onChange={(e) => setPerformDate(e.target.value)}
          />
        </Field>
      </div>
      <Field label="说明">
        <input
          className="input"
          aria-label="说明"
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
      <table className="mt-2 w-full text-sm" data-testid="fund-perform-lines">
        <thead>
          <tr className="text-left text-ink-soft">
            <th className="p-1">科目名称</th>
            <th className="p-1">计划（万元）</th>
            <th className="p-1">已执行（万元）</th>
            <th className="p-1">可执行（万元）</th>
            <th className="p-1">本次执行（万元）</th>
          </tr>
        </thead>
        <tbody>
          {kindLines.length === 0 && (
            <tr>
              <td className="p-1 text-ink-soft" colSpan={5}>
                {plan ? '该计划没有此类别的明细' : '请先选择资金计划'}
              </td>
            </tr>
          )}
          {kindLines.map((l) => (
            <tr key={l.lineId} className="border-t border-line">
              <td className="p-1">{l.subjectName}</td>
              <td className="p-1 tabular-nums">{l.amount}</td>
              <td className="p-1 tabular-nums">{l.executedAmount}</td>
              <td className="p-1 tabular-nums" data-testid={`perform-left-${l.subjectName}`}>
                {leftOf(rooms.find((r) => r.lineId === l.lineId))}
              </td>
              <td className="p-1">
                <MoneyInput
                  aria-label={`${l.subjectName}本次执行`}
                  value={amounts[l.lineId] ?? ''}
                  onChange={(v) => setAmounts((a) => ({ ...a, [l.lineId]: v }))}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <label className="mt-2 flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          aria-label="超计划执行"
          checked={overPlan}
          onChange={(e) => setOverPlan(e.target.checked)}
        />
        超计划执行（超过计划余额时走超计划审批 9_2）
      </label>
      <Figure
        label="本次执行合计（万元）"
        value={checked?.ok ? checked.value.totalAmount : '0'}
        testId="perform-total"
      />
      {(problem || failure || (checked && !checked.ok)) && (
        <p role="alert" className="mt-2 text-sm text-danger-600">
          {problem || failure || (checked && !checked.ok ? checked.error.message : '')}
        </p>
      )}
    </Dialog>
  );
}
