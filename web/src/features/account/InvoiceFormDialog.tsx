import { checkInvoiceFields, checkInvoiceRoom, invoiceRoom, parseAccountAmount } from '@dpms/core';
import {
  errorMessage,
  type AccountGateway,
  type InvoiceContractInfo,
  type InvoiceRecord,
} from '@dpms/http-client';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { Figure, MoneyInput, today, type Option } from './account-shared';
import { DateInput } from '../../components/ui/DateInput';

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

/**
 * 开票申请 / 修改开票申请: the contract's amount, what is invoiced and in approval and what is left
 * come from the server; the amount typed is checked against them with core's rules as it is typed
 * (the server checks again). 保存并送审 sends the invoice request (23_1) in the same call.
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
  const [contractId, setContractId] = useState(invoice ? String(invoice.contractId) : '');
  const [amount, setAmount] = useState(invoice?.invoiceAmount ?? '');
  const [invoiceType, setInvoiceType] = useState<string>(invoice?.invoiceType ?? '1');
  const [invoicePurpose, setInvoicePurpose] = useState<string>(invoice?.invoicePurpose ?? '1');
  const [invoiceTitle, setInvoiceTitle] = useState(invoice?.invoiceTitle ?? '');
  const [taxNo, setTaxNo] = useState(invoice?.taxNo ?? '');
  const [invoiceDate, setInvoiceDate] = useState(invoice?.invoiceDate ?? today());
  const [remark, setRemark] = useState(invoice?.remark ?? '');
  const [info, setInfo] = useState<InvoiceContractInfo | null>(null);
  const [failure, setFailure] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    setInfo(null);
    if (contractId === '') return;
    gateway
      .invoiceContractInfo(Number(contractId))
      .then((i) => live && setInfo(i))
      .catch((e: unknown) => live && setFailure(errorMessage(e)));
    return () => {
      live = false;
    };
  }, [gateway, contractId]);

  // The request being changed is not yet in approval: its own amount is not in the figures.
  const room = info
    ? invoiceRoom(info.contract.totalAmount, info.invoicedAmount, info.invoicingAmount)
    : null;
  const fields = checkInvoiceFields({
    invoiceAmount: amount.trim(),
    invoiceType,
    invoicePurpose,
    invoiceTitle,
    taxNo,
    invoiceDate,
    remark,
  });
  // The amount alone, checked as it is typed: its format, then the room left on the contract.
  const typed = parseAccountAmount(amount.trim(), 'invoiceAmount', true);
  const overRoom =
    typed.ok && info
      ? checkInvoiceRoom(
          typed.value,
          info.contract.totalAmount,
          info.invoicedAmount,
          info.invoicingAmount,
        )
      : null;
  const amountError =
    amount.trim() === ''
      ? ''
      : !typed.ok
        ? typed.error.message
        : overRoom && !overRoom.ok
          ? overRoom.error.message
          : '';

  const save = async (submit: boolean) => {
    setFailure('');
    const next: Record<string, string> = {};
    if (contractId === '') next['contractId'] = '请选择合同';
    if (!fields.ok) next[fields.error.field ?? 'form'] = fields.error.message;
    else if (overRoom && !overRoom.ok) next['invoiceAmount'] = overRoom.error.message;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      const body = {
        invoiceAmount: amount.trim(),
        invoiceType,
        invoicePurpose,
        invoiceTitle: invoiceTitle.trim(),
        taxNo: taxNo.trim(),
        invoiceDate,
        remark: remark.trim(),
        submit,
      };
      const saved = invoice
        ? await gateway.editInvoice({
            invoiceId: invoice.invoiceId,
            version: invoice.version,
            ...body,
          })
        : await gateway.addInvoice({ contractId: Number(contractId), ...body });
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
      title={invoice ? '修改开票申请' : '开票申请'}
      width={680}
      testId="invoice-form"
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button disabled={busy} onClick={() => void save(false)}>
            保存
          </Button>
          <Button variant="primary" disabled={busy} onClick={() => void save(true)}>
            保存并送审
          </Button>
        </>
      }
    >
      <div className="grid gap-3">
        <Field label="合同" required error={errors['contractId']}>
          <select
            className="input"
            aria-label="合同"
            value={contractId}
            disabled={invoice !== undefined}
            onChange={(e) => setContractId(e.target.value)}
          >
            <option value="">请选择</option>
            {contracts.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </Field>
        {info && room !== null && (
          <div className="rounded bg-surface-muted px-3 py-2" data-testid="invoice-room-panel">
            <Figure label="合同金额（万元）" value={info.contract.totalAmount} />
            <Figure label="已开票（万元）" value={info.invoicedAmount} />
            <Figure label="审批中（万元）" value={info.invoicingAmount} />
            <Figure label="可开票（万元）" value={room} testId="invoice-room" />
          </div>
        )}
        <Field
          label="开票金额（万元）"
          required
          error={errors['invoiceAmount'] ?? (amountError || undefined)}
        >
          <MoneyInput aria-label="开票金额（万元）" value={amount} onChange={setAmount} />
        </Field>
        <Field label="发票类型" required error={errors['invoiceType']}>
          <select
            className="input"
            aria-label="发票类型"
            value={invoiceType}
            onChange={(e) => setInvoiceType(e.target.value)}
          >
            {TYPES.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </Field>
        <Field label="开票内容" required>
          <select
            className="input"
            aria-label="开票内容"
            value={invoicePurpose}
            onChange={(e) => setInvoicePurpose(e.target.value)}
          >
            {PURPOSES.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </Field>
        <Field label="发票抬头" required error={errors['invoiceTitle']}>
          <input
            className="input"
            aria-label="发票抬头"
            maxLength={200}
            value={invoiceTitle}
            onChange={(e) => setInvoiceTitle(e.target.value)}
          />
        </Field>
        <Field label="纳税人识别号" required={invoiceType === '2'} error={errors['taxNo']}>
          <input
            className="input"
            aria-label="纳税人识别号"
            maxLength={20}
            value={taxNo}
            onChange={(e) => setTaxNo(e.target.value)}
          />
        </Field>
        <Field label="开票日期" required error={errors['invoiceDate']}>
          <DateInput
            className="input"
            aria-label="开票日期"
            value={invoiceDate}
            onChange={(e) => setInvoiceDate(e.target.value)}
          />
        </Field>
        <Field label="备注" error={errors['remark']}>
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
