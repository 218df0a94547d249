import { MonthInput } from '../../components/ui/MonthInput';
import {
  ACCOUNT_TEXT_LIMITS,
  checkCostAmounts,
  EMPLOYEE_COST_REQUIRED_FIELDS,
  employeeCostTotal,
} from '@dpms/core';
import type { AccountGateway, EmployeeCostRecord } from '@dpms/http-client';
import { employeeCostAddBody, employeeCostUpdateBody } from '@dpms/wire';
import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ActionKeys } from '../../components/crud/action-keys';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { Figure, thisMonth, type Option } from './account-shared';
import { landRefusal, wireResolver } from '../../components/form/wire-form';
import {
  AmountField,
  FormFailure,
  OptionSelect,
  TextAreaField,
} from '../../components/form/form-fields';

export type EmployeeCostFormGateway = Pick<
  AccountGateway,
  'addEmployeeCost' | 'updateEmployeeCost'
>;

const AMOUNTS = [
  ['salary', '工资（万元）'],
  ['socialInsurance', '社会保险（万元）'],
  ['housingFund', '住房公积金（万元）'],
  ['otherCost', '其他（万元）'],
] as const;

interface CostFormValues {
  employeeId: string;
  deptId: string;
  costMonth: string;
  salary: string;
  socialInsurance: string;
  housingFund: string;
  otherCost: string;
  remark: string;
}
const FORM_FIELDS = new Set<string>([
  'employeeId',
  'deptId',
  'costMonth',
  'salary',
  'socialInsurance',
  'housingFund',
  'otherCost',
  'remark',
]);
const REQUIRED = new Set<string>(EMPLOYEE_COST_REQUIRED_FIELDS);

/**
 * 新增 / 修改员工成本: one line per employee and month; the total is core's sum of the four
 * amounts, shown as they are typed. The department is the employee's unless one is chosen. The
 * form checks with the @dpms/wire body of its call (react-hook-form's zodResolver over core's
 * rules): required fields marked, every problem beside its field at once, a server refusal of a
 * field on that field, one Idempotency-Key per save kept across its retries.
 */
export function EmployeeCostFormDialog({
  gateway,
  staff,
  depts,
  cost,
  onClose,
  onSaved,
}: {
  gateway: EmployeeCostFormGateway;
  staff: (Option & { deptId: number | null })[];
  depts: Option[];
  cost?: EmployeeCostRecord;
  onClose: () => void;
  onSaved: (cost: EmployeeCostRecord) => void;
}) {
  const keys = useRef(new ActionKeys());
  const schema = cost ? employeeCostUpdateBody : employeeCostAddBody;
  const form = useForm<CostFormValues>({
    defaultValues: {
      employeeId: cost ? String(cost.employeeId) : '',
      deptId: cost ? String(cost.deptId) : '',
      costMonth: cost?.costMonth ?? thisMonth(),
      salary: cost?.salary ?? '',
      socialInsurance: cost?.socialInsurance ?? '',
      housingFund: cost?.housingFund ?? '',
      otherCost: cost?.otherCost ?? '',
      remark: cost?.remark ?? '',
    },
    resolver: wireResolver<CostFormValues>(schema, {
      bodyOf: (values) => (cost ? { ...values, costId: cost.costId } : values),
    }),
  });
  const { control, register, formState, setError, setValue, handleSubmit } = form;
  const errors = formState.errors;
  const v = useWatch({ control }) as CostFormValues;
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  // The live total: core's sum of the four amounts, once each is an amount.
  const checked = checkCostAmounts(v);
  const total = checked.ok ? employeeCostTotal(checked.value) : '—';
  const mark = (field: keyof CostFormValues) => ({
    required: REQUIRED.has(field),
    error: errors[field]?.message,
  });

  const send = async (values: CostFormValues) => {
    setFailure('');
    const body = {
      employeeId: Number(values.employeeId),
      ...(values.deptId === '' ? {} : { deptId: Number(values.deptId) }),
      costMonth: values.costMonth,
      salary: values.salary,
      socialInsurance: values.socialInsurance,
      housingFund: values.housingFund,
      otherCost: values.otherCost,
      remark: values.remark.trim(),
    };
    setBusy(true);
    const outcome = await keys.current.run('save', (key) =>
      cost
        ? gateway.updateEmployeeCost(
            { costId: cost.costId, version: cost.version, ...body },
            { idempotencyKey: key },
          )
        : gateway.addEmployeeCost(body, { idempotencyKey: key }),
    );
    setBusy(false);
    if (outcome.ok) {
      onSaved(outcome.value);
      return;
    }
    if (!landRefusal(outcome.error, FORM_FIELDS, setError)) setFailure(outcome.message);
  };

  const employee = register('employeeId');
  return (
    <Dialog
      open
      onClose={onClose}
      title={cost ? '修改员工成本' : '新增员工成本'}
      width={620}
      testId="employe-form"
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button
            variant="primary"
            disabled={busy}
            onClick={() => void handleSubmit((values) => send(values))()}
          >
            确定
          </Button>
        </>
      }
    >
      <div className="grid gap-3">
        <Field label="员工" {...mark('employeeId')}>
          <OptionSelect
            label="员工"
            options={staff}
            placeholder="请选择"
            {...employee}
            onChange={(e) => {
              void employee.onChange(e);
              const who = staff.find((s) => s.value === e.target.value);
              if (who?.deptId != null) setValue('deptId', String(who.deptId));
            }}
          />
        </Field>
        <Field label="部门" {...mark('deptId')}>
          <OptionSelect
            label="部门"
            options={depts}
            placeholder="员工所在部门"
            {...register('deptId')}
          />
        </Field>
        <Field label="月份" {...mark('costMonth')}>
          <MonthInput className="input" aria-label="月份" {...register('costMonth')} />
        </Field>
        {AMOUNTS.map(([key, label]) => (
          <AmountField key={key} control={control} name={key} label={label} {...mark(key)} />
        ))}
        <Figure label="合计（万元）" value={total} testId="employe-total" />
        <TextAreaField
          label="备注"
          {...mark('remark')}
          maxLength={ACCOUNT_TEXT_LIMITS.remark}
          {...register('remark')}
        />
        <FormFailure failure={failure} />
      </div>
    </Dialog>
  );
}
