import { FUND_TEXT_MAX } from '@dpms/core';
import { requiredFundFields } from '@dpms/wire';
import type { FormFieldDef, FormValues } from '../../components/widgets/FormDialog';
import type { Option } from './fund-shared';

const REQUIRED = new Set<string>(requiredFundFields.backMoney);

/**
 * 登记回款 / 修改回款's fields. The dialog checks them with @dpms/wire's backMoneyBody (or
 * backMoneyModifyBody): the marks are what core requires, every problem in core's words.
 */
export const backMoneyFormFields = (contracts: Option[]): FormFieldDef[] => [
  {
    key: 'contractId',
    label: '合同',
    type: 'select',
    options: contracts,
    required: REQUIRED.has('contractId'),
  },
  {
    key: 'backAmount',
    label: '回款金额（万元）',
    required: REQUIRED.has('backAmount'),
    placeholder: '最多6位小数',
  },
  {
    key: 'backDate',
    label: '回款日期',
    required: REQUIRED.has('backDate'),
    placeholder: 'yyyy-MM-dd',
  },
  { key: 'remark', label: '备注', type: 'textarea', maxLength: FUND_TEXT_MAX },
];

/** The body a back money form sends: the contract as its id (none chosen: left out). */
export const backMoneyBodyOf = (v: FormValues): Record<string, unknown> => ({
  ...v,
  contractId:
    v['contractId'] === '' || v['contractId'] === undefined ? undefined : Number(v['contractId']),
});
