import {
  CHILD_TYPE_LABELS,
  CONTRACT_CHILD_TEXT_LIMITS as LIMITS,
  type ChildType,
} from '@dpms/core';
import type { ContractChildRecord, ContractChildRow, ContractRecord } from '@dpms/http-client';
import {
  contractChildSaveBody,
  contractChildUpdateBody,
  requiredContractChildFields,
} from '@dpms/wire';
import { useMemo, useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { SaveDialog } from '../../components/ui/SaveDialog';
import { Field } from '../../components/ui/Field';
import { AmountInput } from './AmountInput';
import { ContractPicker } from './ContractPicker';
import { PreviewPanel } from './PreviewPanel';
import {
  childBody,
  EMPTY_CHILD_FORM,
  previewChild,
  type ChildFormValues,
} from './sub-contract-preview';
import { landRefusal, useWireForm } from '../../components/form/wire-form';
import { OptionSelect } from '../../components/form/form-fields';
import { options } from './sub-record-page-kit';

/** The form's fields, by wire name: a server refusal of one of them lands beside it. */
const FORM_FIELDS: readonly string[] = Object.keys(EMPTY_CHILD_FORM);
/** What core requires of a sub-contract (the schema refuses these blank): marked with `*`. */
const REQUIRED = new Set<string>(requiredContractChildFields);

export const CHILD_TYPE_OPTIONS = Object.entries<string>(CHILD_TYPE_LABELS);

const valuesOf = (c: ContractChildRow): ChildFormValues => ({
  contractId: String(c.contractId),
  contractChildNo: c.contractChildNo,
  childType: String(c.childType),
  paymentMethod: c.paymentMethod,
  receiveCompanyName: c.receiveCompanyName,
  totalAmount: c.totalAmount,
  content: c.content,
});

export interface ContractChildFormDialogProps {
  /** The stored sub-contract when editing (draft, rejected or withdrawn, not history). */
  editing?: ContractChildRow | undefined;
  /** The contract a new sub-contract belongs to, when it is already known. */
  parent?: Pick<ContractRecord, 'contractId' | 'contractName'> | undefined;
  onClose: () => void;
  onSaved: (saved: ContractChildRecord) => void;
}

/**
 * Add or edit a sub-contract (分包合同, childType 1-7) with the live preview of what it may pay:
 * core's checks and `childCanPay` (amount + extensions − paid). A new one may be recorded as
 * signed before the system (补录, final at once) or saved and sent as a payment contract (5_1).
 * The form checks with the @dpms/wire body its call sends (core's required fields marked, every
 * field's problem at once, a server refusal on its field). 保存并提交审批 is one call
 * (/v4/contractChild/saveAndSubmit): saved and sent together or neither, so a refused submit
 * leaves nothing saved and keeps the input; each call carries the dialog's Idempotency-Key.
 */
export function ContractChildFormDialog({
  editing,
  parent,
  onClose,
  onSaved,
}: ContractChildFormDialogProps) {
  const gateway = useService(TOKENS.ContractGateway);
  const feedback = useService(TOKENS.Feedback);
  // What this dialog saved (or edits): a retry after a refused submit edits it, never adds twice.
  const stored = useRef<Pick<ContractChildRecord, 'contractChildId' | 'version'> | undefined>(
    editing,
  );
  const { form, keys } = useWireForm<ChildFormValues>(
    () => (stored.current ? contractChildUpdateBody : contractChildSaveBody),
    editing
      ? valuesOf(editing)
      : { ...EMPTY_CHILD_FORM, contractId: parent ? String(parent.contractId) : '' },
    {
      extra: () =>
        stored.current
          ? { contractChildId: stored.current.contractChildId, version: stored.current.version }
          : {},
    },
  );
  const { control, register, formState, setError, setValue, handleSubmit } = form;
  const errors = formState.errors;
  const v = useWatch({ control }) as ChildFormValues;
  const [parentName, setParentName] = useState(editing?.contractName ?? parent?.contractName ?? '');
  const [history, setHistory] = useState(false);
  const [busy, setBusy] = useState(false);
  const standing = useMemo(
    // The caps are held to the pay items (付款项合计), as the server's rule is.
    () => ({
      extendAmount: editing?.extendAmount ?? '0',
      paidAmount: editing?.payItemsAmount ?? '0',
    }),
    [editing],
  );
  const preview = useMemo(() => previewChild(v, standing), [v, standing]);
  const mark = (field: keyof ChildFormValues) => ({
    required: REQUIRED.has(field),
    error: errors[field]?.message,
  });
  const refused = (error: unknown, message: string) => {
    if (!landRefusal(error, FORM_FIELDS, setError)) feedback.error(message);
  };

  const send = async (submit: boolean, values: ChildFormValues) => {
    if (!preview.ok) {
      if (preview.field && FORM_FIELDS.includes(preview.field)) {
        setError(preview.field as keyof ChildFormValues, { message: preview.message });
      } else feedback.error(preview.message);
      return;
    }
    const body = childBody(values);
    const before = stored.current;
    if (before) {
      body.contractChildId = before.contractChildId;
      body.version = before.version;
    }
    setBusy(true);
    // 保存并提交审批 is one call that saves and submits in one transaction, or does neither: a
    // refusal leaves nothing saved and the form as typed, and the retry carries the same key.
    const outcome = await keys.run(submit ? 'saveAndSubmit' : 'save', (key) =>
      submit
        ? gateway.childSaveAndSubmit(body, key)
        : gateway.childSave(body, !before && history, key),
    );
    setBusy(false);
    if (!outcome.ok) {
      refused(outcome.error, outcome.message);
      return;
    }
    stored.current = outcome.value;
    feedback.success(submit ? '已提交审批' : '保存成功');
    onSaved(outcome.value);
  };
  const press = (submit: boolean) => void handleSubmit((values) => send(submit, values))();

  const typeLabel = CHILD_TYPE_LABELS[Number(v.childType) as ChildType] ?? '';
  return (
    <SaveDialog
      title={editing ? '修改分包合同' : '新增分包合同'}
      width={860}
      testId="contract-child-form"
      onClose={onClose}
      busy={busy}
      onPress={press}
      canSubmit={!history}
    >
      <div className="grid gap-3 md:grid-cols-2">
        <Field
          label="所属合同"
          {...mark('contractId')}
          hint={parentName ? `已选：${parentName}` : '未签合同和立项合同不能分包'}
        >
          {editing || parent ? (
            <input className="input" aria-label="所属合同" readOnly value={parentName} />
          ) : (
            <ContractPicker
              kinds={['contract']}
              label="所属合同"
              onSelect={(c) => {
                setParentName(c ? c.contractName : '');
                setValue('contractId', c ? String(c.contractId) : '');
              }}
            />
          )}
        </Field>
        <Field label="分包类型" {...mark('childType')}>
          <OptionSelect
            label="分包类型"
            options={options(CHILD_TYPE_OPTIONS)}
            {...register('childType')}
          />
        </Field>
        <Field label="分包合同编号" {...mark('contractChildNo')}>
          <input
            className="input"
            aria-label="分包合同编号"
            maxLength={LIMITS.contractChildNo}
            {...register('contractChildNo')}
          />
        </Field>
        <Field label="收款单位" {...mark('receiveCompanyName')}>
          <input
            className="input"
            aria-label="收款单位"
            maxLength={LIMITS.receiveCompanyName}
            {...register('receiveCompanyName')}
          />
        </Field>
        <Field label="付款方式" {...mark('paymentMethod')}>
          <input
            className="input"
            aria-label="付款方式"
            maxLength={LIMITS.paymentMethod}
            {...register('paymentMethod')}
          />
        </Field>
        <Field label="分包金额" {...mark('totalAmount')} hint="万元">
          <Controller
            control={control}
            name="totalAmount"
            render={({ field: f }) => (
              <AmountInput aria-label="分包金额" value={f.value} onChange={f.onChange} />
            )}
          />
        </Field>
        {!editing && (
          <Field label="补录历史合同" hint="系统上线前已签订的，保存即为已审批">
            <input
              type="checkbox"
              aria-label="补录历史合同"
              className="mt-2"
              checked={history}
              onChange={(e) => setHistory(e.target.checked)}
            />
          </Field>
        )}
      </div>
      <Field label="分包内容" {...mark('content')}>
        <textarea
          className="input min-h-16"
          aria-label="分包内容"
          maxLength={LIMITS.content}
          {...register('content')}
        />
      </Field>
      <PreviewPanel
        title="可付金额预览（万元）"
        testId="child-preview"
        error={preview.ok ? undefined : preview.message}
        rows={
          preview.ok
            ? [
                ['childType', '分包类型', typeLabel],
                ['totalAmount', '分包金额', v.totalAmount],
                ['extendAmount', '补充金额', standing.extendAmount],
                ['paidAmount', '付款项合计', standing.paidAmount],
                ['cap', '可付上限', preview.cap],
                ['canPayAmount', '可付金额', preview.canPayAmount],
              ]
            : undefined
        }
      />
    </SaveDialog>
  );
}
