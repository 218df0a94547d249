import { FUND_PAY_TEXT_LIMITS } from '@dpms/core';
import type { FundPayGateway } from '@dpms/http-client';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { FormFailure, TextAreaField } from '../../components/form/form-fields';
import type { Option } from '../../components/form/money-form';

export {
  Figure,
  MoneyInput,
  thisMonth,
  useAct,
  useFormalContracts,
  useOptions,
  type Option,
} from '../../components/form/money-form';

/** The closing rows of a payment form: its 备注 (register's props for it) and the refusal naming no field. */
export function RemarkAndFailure({
  remark,
  error,
  failure,
}: {
  remark: UseFormRegisterReturn;
  error: string | undefined;
  failure: string;
}) {
  return (
    <>
      <TextAreaField
        label="备注"
        error={error}
        maxLength={FUND_PAY_TEXT_LIMITS.remark}
        {...remark}
      />
      <FormFailure failure={failure} />
    </>
  );
}

/** The payment calls, bound to the web's HTTP client. */
export function useFundPayGateway(): FundPayGateway {
  return useService(TOKENS.FundPayGateway);
}

/** The query string of an export: the list's applied filters without its paging. */
export function exportUrl(path: string, applied: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(applied))
    if (
      k !== 'pageNum' &&
      k !== 'pageSize' &&
      (typeof v === 'string' || typeof v === 'number') &&
      v !== ''
    )
      params.set(k, String(v));
  const s = params.toString();
  return s === '' ? path : `${path}?${s}`;
}

/** The rates a payee's invoice usually carries (0 to 6%: above it the net pay rule is refused). */
export const TAX_RATE_CHOICES: Option[] = [
  { value: '0.06', label: '6%' },
  { value: '0.03', label: '3%' },
  { value: '0.01', label: '1%' },
  { value: '0', label: '0%' },
];

export const PAY_STATUS_OPTIONS: Option[] = [
  { value: '0', label: '草稿' },
  { value: '1', label: '审批中' },
  { value: '2', label: '已付款' },
  { value: '3', label: '已驳回' },
];
