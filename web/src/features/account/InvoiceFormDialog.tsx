import {
  ACCOUNT_TEXT_LIMITS,
  checkInvoiceRoom,
  invoiceRoom,
  requiredInvoiceFields,
  displayAmount,
  displayExactAmount,
} from '@dpms/core';
import type { AccountGateway, InvoiceContractInfo, InvoiceRecord } from '@dpms/http-client';
import { invoiceAddBody, invoiceEditBody } from '@dpms/wire';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ActionKeys } from '../../components/crud/action-keys';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { Figure, today, type Option } from './account-shared';
import { landRefusal, wireResolver } from '../../components/form/wire-form';
import {
  AmountField,
  DateField,
  FormFailure,
  OptionSelect,
  TextAreaField,
} from '../../components/form/form-fields';

export type InvoiceFormGateway = Pick<
  AccountGateway,
  'invoiceContractInfo' | 'addInvoice' | 'editInvoice'
>;

const TYPES: Option[] = [
  { value: '1', label: '增值税普通发票' },
  { value: '2', label: '增值税专用发票' },
];
const PURPOSES: Option[] = [
  { value: '1', label: '设计费' },
  { value: '2', label: '咨询费' },
];

interface InvoiceFormValues {
  contractId: string;
  invoiceAmount: string;
  invoiceType: string;
  invoicePurpose: string;
  invoiceTitle: string;
  taxNo: string;
  invoiceDate: string;
  remark: string;
}
const FORM_FIELDS = new Set<string>([
  'contractId',
  'invoiceAmount',
  'invoiceType',
  'invoicePurpose',
  'invoiceTitle',
  'taxNo',
  'invoiceDate',
  'remark',
]);

/**
 * 开票申请 / 修改开票申请. The form checks with the @dpms/wire body of the call it sends
 * (react-hook-form's zodResolver over core's rules): the fields core requires are marked, every
 * field's problem shows beside it at once, and a server refusal of a field lands on that field.
 * The contract's amount, what is invoiced and in approval and what is left come from the server;
 * the amount typed is checked against the room as it is typed (the server checks again under the
 * contract's lock). 保存并送审 sends the invoice request (23_1) in the same call, under one
 * Idempotency-Key per button kept across its retries.
 */
export function InvoiceFormDialog({
  gateway,
  contracts,
  invoice,
  onClose,
  onSaved,
}: {
  gateway: InvoiceFormGateway;
  contracts: Option[];
  invoice?: InvoiceRecord;
  onClose: () => void;
  onSaved: (invoice: InvoiceRecord) => void;
}) {
  const keys = useRef(new ActionKeys());
  const schema = invoice ? invoiceEditBody : invoiceAddBody;
  const form = useForm<InvoiceFormValues>({
    defaultValues: {
      contractId: invoice ? String(invoice.contractId) : '',
      invoiceAmount: invoice?.invoiceAmount ?? '',
      invoiceType: invoice?.invoiceType ?? '1',
      invoicePurpose: invoice?.invoicePurpose ?? '1',
      invoiceTitle: invoice?.invoiceTitle ?? '',
      taxNo: invoice?.taxNo ?? '',
      invoiceDate: invoice?.invoiceDate ?? today(),
      remark: invoice?.remark ?? '',
    },
    resolver: wireResolver<InvoiceFormValues>(schema, {
      bodyOf: (values) => (invoice ? { ...values, invoiceId: invoice.invoiceId } : values),
    }),
  });
  const { control, register, formState, setError, handleSubmit } = form;
  const errors = formState.errors;
  const v = useWatch({ control }) as InvoiceFormValues;
  const [info, setInfo] = useState<InvoiceContractInfo | null>(null);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    setInfo(null);
    if (v.contractId === '') return;
    gateway
      .invoiceContractInfo(Number(v.contractId))
      .then((i) => live && setInfo(i))
      .catch((e: unknown) => live && setFailure(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [gateway, v.contractId]);

  // The request being changed is not yet in approval: its own amount is not in the figures.
  const room = info
    ? invoiceRoom(info.contract.totalAmount, info.invoicedAmount, info.invoicingAmount)
    : null;
  const overRoom = (amount: string) => {
    if (!info || !/^\d+(\.\d{1,6})?$/.test(amount.trim())) return undefined;
    const r = checkInvoiceRoom(
      amount.trim(),
      info.contract.totalAmount,
      info.invoicedAmount,
      info.invoicingAmount,
    );
    return r.ok ? undefined : r.error.message;
  };
  const required = new Set(requiredInvoiceFields(v.invoiceType));
  const mark = (field: keyof InvoiceFormValues) => ({
    required: required.has(field),
    error: errors[field]?.message,
  });

  const send = async (submit: boolean, values: InvoiceFormValues) => {
    setFailure('');
    const over = overRoom(values.invoiceAmount);
    if (over !== undefined) {
      setError('invoiceAmount', { message: over });
      return;
    }
    const body = {
      invoiceAmount: values.invoiceAmount.trim(),
      invoiceType: values.invoiceType,
      invoicePurpose: values.invoicePurpose,
      invoiceTitle: values.invoiceTitle.trim(),
      taxNo: values.taxNo.trim(),
      invoiceDate: values.invoiceDate,
      remark: values.remark.trim(),
      submit,
    };
    setBusy(true);
    const outcome = await keys.current.run(submit ? 'submit' : 'save', (key) =>
      invoice
        ? gateway.editInvoice(
            { invoiceId: invoice.invoiceId, version: invoice.version, ...body },
            { idempotencyKey: key },
          )
        : gateway.addInvoice(
            { contractId: Number(values.contractId), ...body },
            { idempotencyKey: key },
          ),
    );
    setBusy(false);
    if (outcome.ok) {
      onSaved(outcome.value);
      return;
    }
    // The server's refusal: each named form field gets its message; anything else shows below.
    if (!landRefusal(outcome.error, FORM_FIELDS, setError)) setFailure(outcome.message);
  };
  const press = (submit: boolean) => void handleSubmit((values) => send(submit, values))();

  const L = ACCOUNT_TEXT_LIMITS;
  const amountError = errors.invoiceAmount?.message ?? overRoom(v.invoiceAmount);
  return (
    <Dialog
      open
      onClose={onClose}
      title={invoice ? '修改开票申请' : '开票申请'}
      width={680}
      testId="invoice-form"
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button disabled={busy} onClick={() => press(false)}>
            保存
          </Button>
          <Button variant="primary" disabled={busy} onClick={() => press(true)}>
            保存并送审
          </Button>
        </>
      }
    >
      <div className="grid gap-3">
        <Field label="合同" {...mark('contractId')}>
          <OptionSelect
            label="合同"
            options={contracts}
            placeholder="请选择"
            disabled={invoice !== undefined}
            {...register('contractId')}
          />
        </Field>
        {info && room !== null && (
          <div className="rounded bg-surface-muted px-3 py-2" data-testid="invoice-room-panel">
            <Figure label="合同金额（万元）" value={displayAmount(info.contract.totalAmount)} />
            <Figure label="已开票（万元）" value={displayAmount(info.invoicedAmount)} />
            <Figure label="审批中（万元）" value={displayAmount(info.invoicingAmount)} />
            <Figure label="可开票（万元）" value={displayExactAmount(room)} testId="invoice-room" />
          </div>
        )}
        <AmountField
          control={control}
          name="invoiceAmount"
          label="开票金额（万元）"
          {...mark('invoiceAmount')}
          error={amountError}
        />
        <Field label="发票类型" {...mark('invoiceType')}>
          <OptionSelect label="发票类型" options={TYPES} {...register('invoiceType')} />
        </Field>
        <Field label="开票内容" {...mark('invoicePurpose')}>
          <OptionSelect label="开票内容" options={PURPOSES} {...register('invoicePurpose')} />
        </Field>
        <Field label="发票抬头" {...mark('invoiceTitle')}>
          <input
            className="input"
            aria-label="发票抬头"
            maxLength={L.invoiceTitle}
            {...register('invoiceTitle')}
          />
        </Field>
        <Field label="纳税人识别号" {...mark('taxNo')}>
          <input
            className="input"
            aria-label="纳税人识别号"
            maxLength={20}
            {...register('taxNo')}
          />
        </Field>
        <DateField control={control} name="invoiceDate" label="开票日期" {...mark('invoiceDate')} />
        <TextAreaField
          label="备注"
          {...mark('remark')}
          maxLength={L.remark}
          {...register('remark')}
        />
        <FormFailure failure={failure} />
      </div>
    </Dialog>
  );
}
