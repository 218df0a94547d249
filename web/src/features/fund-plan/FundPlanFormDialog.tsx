import {
  FUND_PLAN_LINE_REQUIRED_FIELDS,
  FUND_PLAN_REQUIRED_FIELDS,
  FUND_PLAN_TEXT_LIMITS,
  previewPlan,
  requiredFundPlanLineFields,
} from '@dpms/core';
import type { FundPlanGateway, FundPlanLineBody, FundPlanRecord } from '@dpms/http-client';
import { fundPlanAddBody, fundPlanEditBody } from '@dpms/wire';
import { useMemo, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useActionKeys } from '../../components/crud/action-keys';
import { landRefusal, wireResolver } from '../../components/form/wire-form';
import { Button } from '../../components/ui/Button';
import { SaveFooter } from '../../components/ui/SaveDialog';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { Figure, LINE_KIND_OPTIONS, MoneyInput, type Option } from './fund-plan-shared';
import { useInstituteClock } from '../../components/time/institute-clock';

export type FundPlanFormGateway = Pick<FundPlanGateway, 'addPlan' | 'editPlan'>;

interface LineValues {
  lineKind: string;
  subjectName: string;
  contractId: string;
  amount: string;
  paybackRate: string;
  allotAmount: string;
  remark: string;
}
interface PlanFormValues {
  planMonth: string;
  deptId: string;
  reason: string;
  lines: LineValues[];
}

const blankLine = (lineKind = 'rigid'): LineValues => ({
  lineKind,
  subjectName: '',
  contractId: '',
  amount: '',
  paybackRate: '',
  allotAmount: '',
  remark: '',
});

const toBody = (l: LineValues): FundPlanLineBody => ({
  lineKind: l.lineKind as FundPlanLineBody['lineKind'],
  subjectName: l.subjectName.trim(),
  contractId: l.contractId ? Number(l.contractId) : null,
  amount: l.amount.trim(),
  ...(l.lineKind === 'income' && l.paybackRate !== '' ? { paybackRate: l.paybackRate } : {}),
  ...(l.lineKind === 'income' && l.allotAmount !== '' ? { allotAmount: l.allotAmount } : {}),
  remark: l.remark.trim(),
});

const TOP_FIELDS = new Set(['planMonth', 'deptId', 'reason', 'lines']);
const LINE_FIELD =
  /^lines\.\d+\.(lineKind|subjectName|contractId|amount|paybackRate|allotAmount|remark)$/;
const REQUIRED = new Set<string>(FUND_PLAN_REQUIRED_FIELDS);
const LINE_REQUIRED = new Set<string>(FUND_PLAN_LINE_REQUIRED_FIELDS);

/**
 * 新增 / 修改月度资金计划: the month, the department, and the lines (预计回款 by contract,
 * 刚性支出, 借款支出, 付款支出). Totals and the tips — 储备资金 (two months of rigid costs) and
 * 分配确认 (回款率 × 备案分配) — are core's preview as the lines are typed. The form checks with
 * the @dpms/wire body its call sends (react-hook-form's zodResolver over core's rules): the fields
 * core requires are marked, every field of every line shows its problem beside it at once, and a
 * server refusal of a field (`lines[2].amount`) lands on that field. 保存并送审 sends it for
 * approval (8_1/8_2) in the same call, each button under one Idempotency-Key kept across retries.
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
  const keys = useActionKeys();
  const schema = plan ? fundPlanEditBody : fundPlanAddBody;
  const form = useForm<PlanFormValues>({
    defaultValues: {
      planMonth: plan?.planMonth ?? clock.thisMonth(),
      deptId: plan ? String(plan.deptId) : defaultDeptId ? String(defaultDeptId) : '',
      reason: plan?.reason ?? '',
      lines: plan
        ? plan.lines.map((l) => ({
            lineKind: l.lineKind,
            subjectName: l.subjectName,
            contractId: l.contractId === null ? '' : String(l.contractId),
            amount: l.amount,
            paybackRate: l.paybackRate ?? '',
            allotAmount: l.allotAmount ?? '',
            remark: l.remark,
          }))
        : [blankLine('income'), blankLine('rigid')],
    },
    resolver: wireResolver<PlanFormValues>(() => schema, {
      bodyOf: (values) => ({
        ...values,
        lines: values.lines.map(toBody),
        ...(plan ? { planId: plan.planId, version: plan.version } : {}),
      }),
    }),
  });
  const { control, register, formState, setError, handleSubmit } = form;
  const errors = formState.errors;
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const watched = useWatch({ control, name: 'lines' });
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  const bodies = useMemo(() => watched.map(toBody), [watched]);
  const preview = useMemo(() => previewPlan(bodies), [bodies]);
  const t = preview.totals;

  const send = async (submit: boolean, values: PlanFormValues) => {
    setFailure('');
    const body = {
      ...(values.deptId === '' ? {} : { deptId: Number(values.deptId) }),
      planMonth: values.planMonth.trim(),
      reason: values.reason.trim(),
      lines: values.lines.map(toBody),
      submit,
    };
    setBusy(true);
    const outcome = await keys.run(submit ? 'submit' : 'save', (key) =>
      plan
        ? gateway.editPlan(
            { ...body, planId: plan.planId, version: plan.version },
            { idempotencyKey: key },
          )
        : gateway.addPlan(body, { idempotencyKey: key }),
    );
    setBusy(false);
    if (outcome.ok) return onSaved(outcome.value);
    const shows = (path: string) => TOP_FIELDS.has(path) || LINE_FIELD.test(path);
    if (!landRefusal(outcome.error, shows, setError)) setFailure(outcome.message);
  };
  const press = (submit: boolean) => void handleSubmit((values) => send(submit, values))();
  /** A typed amount; once the form was sent, its problems follow what is typed. */
  const setLine = (i: number, f: 'amount' | 'paybackRate' | 'allotAmount', v: string) =>
    form.setValue(`lines.${i}.${f}`, v, {
      shouldDirty: true,
      shouldValidate: formState.isSubmitted,
    });
  const linesError = errors.lines?.root?.message ?? errors.lines?.message;
  const lineError = (i: number, f: keyof LineValues) => {
    const message = errors.lines?.[i]?.[f]?.message;
    return message ? (
      <p role="alert" className="mt-0.5 text-xs text-danger-600">
        {message}
      </p>
    ) : null;
  };
  const head = (label: string, field?: string) => (
    <th className="p-1">
      {field !== undefined && LINE_REQUIRED.has(field) && (
        <span className="mr-0.5 text-danger-500">*</span>
      )}
      {label}
    </th>
  );
  const L = FUND_PLAN_TEXT_LIMITS;

  return (
    <Dialog
      open
      onClose={onClose}
      title={plan ? '修改资金计划' : '新增资金计划'}
      width={1080}
      closeOnClickOutside={false}
      testId="fund-plan-form"
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
      <form className="contents" noValidate onSubmit={(e) => e.preventDefault()}>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label="计划月份"
            required={REQUIRED.has('planMonth')}
            error={errors.planMonth?.message}
          >
            <input
              className="input"
              aria-label="计划月份"
              placeholder="yyyy-MM"
              {...register('planMonth')}
            />
          </Field>
          <Field label="计划部门" error={errors.deptId?.message}>
            <select className="input" aria-label="计划部门" {...register('deptId')}>
              <option value="">本人所在部门</option>
              {depts.map((d) => (
                <option key={d.value} value={d.value}>
                  {d.label}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field label="计划说明" error={errors.reason?.message}>
          <input
            className="input"
            aria-label="计划说明"
            maxLength={L.reason}
            {...register('reason')}
          />
        </Field>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-sm" data-testid="fund-plan-lines">
            <thead>
              <tr className="text-left text-ink-soft">
                {head('类别', 'lineKind')}
                {head('科目名称', 'subjectName')}
                {head('合同（预计回款必填）')}
                {head('金额（万元）', 'amount')}
                {head('回款率')}
                {head('备案分配（万元）')}
                {head('分配确认（万元）')}
                <th className="p-1" />
              </tr>
            </thead>
            <tbody>
              {fields.map((row, i) => {
                const n = String(i + 1);
                const kind = watched[i]?.lineKind ?? row.lineKind;
                const income = kind === 'income';
                const needsContract = requiredFundPlanLineFields(kind).includes('contractId');
                return (
                  <tr key={row.id} data-testid={`plan-line-${n}`} className="align-top">
                    <td className="p-1">
                      <select
                        className="input"
                        aria-label={`第${n}行类别`}
                        {...register(`lines.${i}.lineKind`)}
                      >
                        {LINE_KIND_OPTIONS.map((o) => (
                          <option key={o.value} value={o.value}>
                            {o.label}
                          </option>
                        ))}
                      </select>
                      {lineError(i, 'lineKind')}
                    </td>
                    <td className="p-1">
                      <input
                        className="input"
                        aria-label={`第${n}行科目名称`}
                        maxLength={L.subjectName}
                        {...register(`lines.${i}.subjectName`)}
                      />
                      {lineError(i, 'subjectName')}
                    </td>
                    <td className="p-1">
                      <select
                        className="input"
                        aria-label={`第${n}行合同`}
                        aria-required={needsContract}
                        disabled={!income}
                        {...register(`lines.${i}.contractId`)}
                      >
                        <option value="">{income ? '请选择' : '—'}</option>
                        {contracts.map((c) => (
                          <option key={c.value} value={c.value}>
                            {c.label}
                          </option>
                        ))}
                      </select>
                      {lineError(i, 'contractId')}
                    </td>
                    <td className="p-1">
                      <MoneyInput
                        aria-label={`第${n}行金额`}
                        value={watched[i]?.amount ?? ''}
                        onChange={(v) => setLine(i, 'amount', v)}
                      />
                      {lineError(i, 'amount')}
                    </td>
                    <td className="p-1">
                      {income && (
                        <MoneyInput
                          aria-label={`第${n}行回款率`}
                          value={watched[i]?.paybackRate ?? ''}
                          onChange={(v) => setLine(i, 'paybackRate', v)}
                        />
                      )}
                      {lineError(i, 'paybackRate')}
                    </td>
                    <td className="p-1">
                      {income && (
                        <MoneyInput
                          aria-label={`第${n}行备案分配`}
                          value={watched[i]?.allotAmount ?? ''}
                          onChange={(v) => setLine(i, 'allotAmount', v)}
                        />
                      )}
                      {lineError(i, 'allotAmount')}
                    </td>
                    <td className="p-1 tabular-nums" data-testid={`plan-line-confirm-${n}`}>
                      {income ? preview.confirmAmounts[i] : ''}
                    </td>
                    <td className="p-1">
                      <Button
                        size="sm"
                        variant="text"
                        disabled={fields.length === 1}
                        onClick={() => remove(i)}
                      >
                        删除
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <Button size="sm" className="mt-1" onClick={() => append(blankLine())}>
            添加明细
          </Button>
          {linesError && (
            <p role="alert" className="mt-1 text-xs text-danger-600">
              {linesError}
            </p>
          )}
        </div>
      </form>
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
      {failure && (
        <p role="alert" className="mt-2 text-sm text-danger-600">
          {failure}
        </p>
      )}
    </Dialog>
  );
}
