import { checkCostAmounts, checkMonth, employeeCostTotal } from '@dpms/core';
import { errorMessage, type AccountGateway, type EmployeeCostRecord } from '@dpms/http-client';
import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { Figure, MoneyInput, thisMonth, type Option } from './account-shared';

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
type AmountKey = (typeof AMOUNTS)[number][0];

/**
 * 新增 / 修改员工成本: one line per employee and month; the total is core's sum of the four
 * amounts, shown as they are typed. The department is the employee's unless one is chosen.
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
  const [employeeId, setEmployeeId] = useState(cost ? String(cost.employeeId) : '');
  const [deptId, setDeptId] = useState(cost ? String(cost.deptId) : '');
  const [costMonth, setCostMonth] = useState(cost?.costMonth ?? thisMonth());
  const [amounts, setAmounts] = useState<Record<AmountKey, string>>({
    salary: cost?.salary ?? '',
    socialInsurance: cost?.socialInsurance ?? '',
    housingFund: cost?.housingFund ?? '',
    otherCost: cost?.otherCost ?? '',
  });
  const [remark, setRemark] = useState(cost?.remark ?? '');
  const [failure, setFailure] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const checked = checkCostAmounts(amounts);
  const total = checked.ok ? employeeCostTotal(checked.value) : '—';

  const save = async () => {
    setFailure('');
    const next: Record<string, string> = {};
    if (employeeId === '') next['employeeId'] = '请选择员工';
    const month = checkMonth(costMonth);
    if (!month.ok) next['costMonth'] = month.error.message;
    if (!checked.ok) next[checked.error.field ?? 'salary'] = checked.error.message;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      const body = {
        employeeId: Number(employeeId),
        ...(deptId === '' ? {} : { deptId: Number(deptId) }),
        costMonth,
        ...amounts,
        remark: remark.trim(),
      };
      onSaved(
        cost
          ? await gateway.updateEmployeeCost({
              costId: cost.costId,
              version: cost.version,
              ...body,
            })
          : await gateway.addEmployeeCost(body),
      );
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
      title={cost ? '修改员工成本' : '新增员工成本'}
      width={620}
      testId="employe-form"
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" disabled={busy} onClick={() => void save()}>
            确定
          </Button>
        </>
      }
    >
      <div className="grid gap-3">
        <Field label="员工" required error={errors['employeeId']}>
          <select
            className="input"
            aria-label="员工"
            value={employeeId}
            onChange={(e) => {
              setEmployeeId(e.target.value);
              const who = staff.find((s) => s.value === e.target.value);
              if (who?.deptId != null) setDeptId(String(who.deptId));
            }}
          >
            <option value="">请选择</option>
            {staff.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </Field>
        <Field label="部门" error={errors['deptId']}>
          <select
            className="input"
            aria-label="部门"
            value={deptId}
            onChange={(e) => setDeptId(e.target.value)}
          >
            <option value="">员工所在部门</option>
            {depts.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </Field>
        <Field label="月份" required error={errors['costMonth']}>
          <input
            type="month"
            className="input"
            aria-label="月份"
            value={costMonth}
            onChange={(e) => setCostMonth(e.target.value)}
          />
        </Field>
        {AMOUNTS.map(([key, label]) => (
          <Field key={key} label={label} error={errors[key]}>
            <MoneyInput
              aria-label={label}
              value={amounts[key]}
              onChange={(v) => setAmounts((a) => ({ ...a, [key]: v }))}
            />
          </Field>
        ))}
        <Figure label="合计（万元）" value={total} testId="employe-total" />
        <Field label="备注">
          <textarea
            className="input"
            aria-label="备注"
            maxLength={500}
            value={remark}
            onChange={(e) => setRemark(e.target.value)}
          />
        </Field>
        {failure && (
          <p className="text-sm text-danger-600" role="alert">
            {failure}
          </p>
        )}
      </div>
    </Dialog>
  );
}
