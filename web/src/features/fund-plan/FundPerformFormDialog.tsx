import {
  checkPerformLines,
  FUND_PERFORM_REQUIRED_FIELDS,
  FUND_PLAN_TEXT_LIMITS,
  roomLeft,
  toAmountString,
  type FundPlanLineKind,
  type PlanLineRoom,
  displayAmount,
  displayExactAmount,
} from '@dpms/core';
import {
  errorMessage,
  type FundPerformBody,
  type FundPerformRecord,
  type FundPlanGateway,
  type FundPlanRecord,
} from '@dpms/http-client';
import { fundPerformAddBody, fundPerformEditBody } from '@dpms/wire';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useActionKeys } from '../../components/crud/action-keys';
import { landRefusal, wireResolver } from '../../components/form/wire-form';
import { SaveFooter } from '../../components/ui/SaveDialog';
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

interface PerformFormValues {
  planId: string;
  lineKind: string;
  performDate: string;
  reason: string;
  overPlan: boolean;
  /** This sheet's amount per plan line, keyed `l{lineId}`. */
  amounts: Record<string, string>;
  /** Not typed: where the body's `lines` refusal (none entered) shows. */
  lines?: never;
}
type Entered = { planLineId: number; amount: string }[];
const TOP_FIELDS = new Set(['planId', 'lineKind', 'performDate', 'reason', 'lines']);
const REQUIRED = new Set<string>(FUND_PERFORM_REQUIRED_FIELDS);

/** The body's `lines.{i}.amount` is the row of the plan line it names: `amounts.l{lineId}`. */
const rowPathOf = (path: string, entered: Entered): string | null => {
  if (TOP_FIELDS.has(path)) return path;
  const m = /^lines\.(\d+)\.(amount|planLineId|remark)$/.exec(path);
  const line = m ? entered[Number(m[1])] : undefined;
  return line ? `amounts.l${String(line.planLineId)}` : null;
};

/**
 * 登记资金执行: on an approved plan, one kind of its lines, what was actually received or spent.
 * Each line shows what the plan still allows; core's rule refuses taking more before sending,
 * unless 超计划执行 is ticked (the sheet then travels on the over-plan approval 9_2). The form
 * checks with the @dpms/wire body its call sends (react-hook-form's zodResolver over core's
 * rules): core's required fields are marked, every problem shows beside its field (a line's on
 * its plan line's row) at once, a server refusal of a field lands there too, and each button's
 * Idempotency-Key is kept across a lost answer's retry.
 */
export function FundPerformFormDialog({
  gateway,
  perform,
  initial,
  onClose,
  onSaved,
}: {
  gateway: FundPerformFormGateway;
  perform?: FundPerformRecord;
  /** A new sheet's kind and 超计划执行 as chosen before (发起审批's 9_x/26_x code). */
  initial?: { lineKind: FundPlanLineKind; overPlan: boolean };
  onClose: () => void;
  onSaved: (perform: FundPerformRecord) => void;
}) {
  const clock = useInstituteClock();
  const keys = useActionKeys();
  const schema = perform ? fundPerformEditBody : fundPerformAddBody;
  const [plans, setPlans] = useState<FundPlanRecord[]>([]);
  const [plan, setPlan] = useState<FundPlanRecord | null>(null);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  /** The plan lines of the chosen kind, for the resolver (it reads the rows' amounts in order). */
  const rows = useRef<FundPlanRecord['lines']>([]);

  const bodyOf = (v: PerformFormValues): FundPerformBody & { lines: Entered } => ({
    ...(v.planId === '' ? {} : { planId: Number(v.planId) }),
    lineKind: v.lineKind as FundPlanLineKind,
    performDate: v.performDate,
    overPlan: v.overPlan,
    reason: v.reason.trim(),
    lines: rows.current
      .filter((l) => (v.amounts[`l${String(l.lineId)}`] ?? '').trim() !== '')
      .map((l) => ({
        planLineId: l.lineId,
        amount: (v.amounts[`l${String(l.lineId)}`] ?? '').trim(),
      })),
  });

  const form = useForm<PerformFormValues>({
    defaultValues: {
      planId: perform ? String(perform.planId) : '',
      lineKind: perform?.lineKind ?? initial?.lineKind ?? 'rigid',
      performDate: perform?.performDate ?? clock.today(),
      reason: perform?.reason ?? '',
      overPlan: perform?.overPlan ?? initial?.overPlan ?? false,
      amounts: Object.fromEntries(
        (perform?.lines ?? []).map((l) => [`l${String(l.planLineId)}`, l.amount]),
      ),
    },
    // The body's errors, each moved onto the form's field that shows it (a line's on its row).
    resolver: wireResolver<PerformFormValues>(schema, {
      bodyOf: (values) => {
        const body = bodyOf(values);
        return perform ? { ...body, performId: perform.performId, version: perform.version } : body;
      },
      alias: (path, _body, values) =>
        rowPathOf(path.join('.'), bodyOf(values as PerformFormValues).lines),
    }),
  });
  const { control, register, formState, setError, handleSubmit, setValue } = form;
  const errors = formState.errors;
  const v = useWatch({ control }) as PerformFormValues;

  useEffect(() => {
    void gateway
      .planList({ pageNum: 1, pageSize: 100, status: '2' })
      .then((p) => setPlans(p.rows))
      .catch((e: unknown) => setFailure(errorMessage(e)));
  }, [gateway]);
  useEffect(() => {
    setPlan(null);
    if (v.planId === '') return;
    void gateway
      .plan(Number(v.planId))
      .then(setPlan)
      .catch((e: unknown) => setFailure(errorMessage(e)));
  }, [gateway, v.planId]);

  const kindLines = useMemo(
    () => (plan?.lines ?? []).filter((l) => l.lineKind === v.lineKind),
    [plan, v.lineKind],
  );
  rows.current = kindLines;
  // What this sheet already took is not counted against itself while it is redrawn.
  const rooms: PlanLineRoom[] = kindLines.map((l) => ({
    lineId: l.lineId,
    lineKind: l.lineKind,
    amount: l.amount,
    executedAmount: l.executedAmount,
    pendingAmount: '0',
  }));
  const entered = bodyOf(v).lines;
  const checked =
    entered.length === 0
      ? null
      : checkPerformLines(v.lineKind as FundPlanLineKind, entered, rooms, v.overPlan);

  const send = async (submit: boolean, values: PerformFormValues) => {
    setFailure('');
    // The plan's rooms (core's over-plan rule), as the server checks them again.
    if (checked && !checked.ok) return;
    const body = { ...bodyOf(values), submit };
    setBusy(true);
    const outcome = await keys.run(submit ? 'submit' : 'save', (key) =>
      perform
        ? gateway.editPerform(
            { ...body, performId: perform.performId, version: perform.version },
            { idempotencyKey: key },
          )
        : gateway.addPerform(body, { idempotencyKey: key }),
    );
    setBusy(false);
    if (outcome.ok) return onSaved(outcome.value);
    const landed = landRefusal(
      outcome.error,
      () => true,
      setError,
      (path) => rowPathOf(path.join('.'), body.lines),
    );
    if (!landed) setFailure(outcome.message);
  };
  const press = (submit: boolean) => void handleSubmit((values) => send(submit, values))();
  const amountError = (lineId: number) => errors.amounts?.[`l${String(lineId)}`]?.message;

  return (
    <Dialog
      open
      onClose={onClose}
      title={perform ? '修改资金执行' : '登记资金执行'}
      width={860}
      closeOnClickOutside={false}
      testId="fund-perform-form"
      footer={
        <SaveFooter
          onCancel={onClose}
          busy={busy}
          saveVariant="default"
          onSave={() => press(false)}
          onSubmit={() => press(true)}
          submitLabel="保存并送审"
        />
      }
    >
      <Field label="资金计划" required={REQUIRED.has('planId')} error={errors.planId?.message}>
        <select className="input" aria-label="资金计划" {...register('planId')}>
          <option value="">请选择已通过的计划</option>
          {plans.map((p) => (
            <option key={p.planId} value={String(p.planId)}>
              {`${p.planMonth} ${p.deptName}（计划支出${displayAmount(p.totalAmount)}万元）`}
            </option>
          ))}
        </select>
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="类别" required={REQUIRED.has('lineKind')} error={errors.lineKind?.message}>
          <select
            className="input"
            aria-label="类别"
            {...register('lineKind', { onChange: () => setValue('amounts', {}) })}
          >
            {LINE_KIND_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label="执行日期"
          required={REQUIRED.has('performDate')}
          error={errors.performDate?.message}
        >
          <DateInput
            className="input"
            aria-label="执行日期"
            value={v.performDate}
            onChange={(e) => setValue('performDate', e.target.value, { shouldDirty: true })}
          />
        </Field>
      </div>
      <Field label="说明" error={errors.reason?.message}>
        <input
          className="input"
          aria-label="说明"
          maxLength={FUND_PLAN_TEXT_LIMITS.reason}
          {...register('reason')}
        />
      </Field>
      <table className="mt-2 w-full text-sm" data-testid="fund-perform-lines">
        <thead>
          <tr className="text-left text-ink-soft">
            <th className="p-1">科目名称</th>
            <th className="p-1">计划（万元）</th>
            <th className="p-1">已执行（万元）</th>
            <th className="p-1">可执行（万元）</th>
            <th className="p-1">
              {REQUIRED.has('lines') && <span className="mr-0.5 text-danger-500">*</span>}
              本次执行（万元）
            </th>
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
          {kindLines.map((l) => {
            const key = `l${String(l.lineId)}`;
            const error = amountError(l.lineId);
            return (
              <tr key={l.lineId} className="border-t border-line align-top">
                <td className="p-1">{l.subjectName}</td>
                <td className="p-1 text-right tabular-nums">{displayAmount(l.amount)}</td>
                <td className="p-1 text-right tabular-nums">{displayAmount(l.executedAmount)}</td>
                <td className="p-1 tabular-nums" data-testid={`perform-left-${l.subjectName}`}>
                  {leftOf(rooms.find((r) => r.lineId === l.lineId))}
                </td>
                <td className="p-1">
                  <MoneyInput
                    aria-label={`${l.subjectName}本次执行`}
                    value={v.amounts[key] ?? ''}
                    onChange={(x) =>
                      setValue(`amounts.${key}`, x, {
                        shouldDirty: true,
                        shouldValidate: formState.isSubmitted,
                      })
                    }
                  />
                  {error && (
                    <p role="alert" className="mt-0.5 text-xs text-danger-600">
                      {error}
                    </p>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {errors.lines?.message && (
        <p role="alert" className="mt-1 text-xs text-danger-600">
          {errors.lines.message}
        </p>
      )}
      <label className="mt-2 flex items-center gap-2 text-sm">
        <input type="checkbox" aria-label="超计划执行" {...register('overPlan')} />
        超计划执行（超过计划余额时走超计划审批 9_2）
      </label>
      <Figure
        label="本次执行合计（万元）"
        value={displayExactAmount(checked?.ok ? checked.value.totalAmount : '0')}
        testId="perform-total"
      />
      {(failure || (checked && !checked.ok)) && (
        <p role="alert" className="mt-2 text-sm text-danger-600">
          {failure || (checked && !checked.ok ? checked.error.message : '')}
        </p>
      )}
    </Dialog>
  );
}
