import {
  CLOSING_FEE_KEYS,
  CLOSING_FIELD_LABELS,
  CLOSING_REMARK_MAX,
  CLOSING_REQUIRED_FIELDS,
} from '@dpms/core';
import { errorMessage } from '@dpms/http-client';
import { closingSaveBody } from '@dpms/wire';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ActionKeys } from '../../components/crud/action-keys';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import type {
  ClosingContractInfo,
  ClosingGateway,
  ClosingKind,
  ClosingRecord,
  ContractOption,
} from './closing.gateway';
import { previewClosing } from './closing-preview';
import { landRefusal, wireResolver } from '../../components/form/wire-form';

const box = 'w-full rounded border border-line px-2 py-1.5 text-sm';
const KIND_NAMES: Record<ClosingKind, string> = { closed: '结案', settle: '结算' };

export type ClosingFormGateway = Pick<ClosingGateway, 'contracts' | 'info' | 'save'>;

interface ClosingFormValues {
  closedCaseAmount: string;
  settleAmount: string;
  remark: string;
}
const FORM_FIELDS = new Set<string>(['closedCaseAmount', 'settleAmount', 'remark']);
const REQUIRED = new Set<string>(CLOSING_REQUIRED_FIELDS);

/**
 * The closing form of one contract: its original fees and what came back, the closed-case amount
 * typed, and the closing fees previewed live by core's rule (closedCaseAmount / backAmount × each
 * original fee). 保存 keeps a draft; 提交审批 sends it (11_2 结案审核 or 11_1 结算审核).
 */
export function ClosingFormDialog({
  gateway,
  kind,
  contractId: fixed,
  onClose,
  onSaved,
}: {
  gateway: ClosingFormGateway;
  kind: ClosingKind;
  contractId?: number;
  onClose: () => void;
  onSaved: (record: ClosingRecord) => void;
}) {
  const feedback = useService(TOKENS.Feedback);
  const name = KIND_NAMES[kind];
  const [contracts, setContracts] = useState<ContractOption[]>([]);
  const [contractId, setContractId] = useState<number | null>(fixed ?? null);
  const [info, setInfo] = useState<ClosingContractInfo | null>(null);
  const [busy, setBusy] = useState(false);
  const keys = useRef(new ActionKeys());
  const infoRef = useRef<ClosingContractInfo | null>(null);
  infoRef.current = info;
  // The form checks with the wire body its call sends (core's rules through @dpms/wire): every
  // field's problem at once, beside its field, in core's words.
  const form = useForm<ClosingFormValues>({
    defaultValues: { closedCaseAmount: '', settleAmount: '', remark: '' },
    resolver: wireResolver<ClosingFormValues>(closingSaveBody, {
      bodyOf: (values) => ({ ...values, contractId: infoRef.current?.contract.contractId }),
    }),
  });
  const { control, register, formState, setError, handleSubmit, reset } = form;
  const errors = formState.errors;
  const { closedCaseAmount } = useWatch({ control }) as ClosingFormValues;

  useEffect(() => {
    if (fixed !== undefined) return;
    let live = true;
    gateway.contracts().then(
      (c) => live && setContracts(c),
      () => live && setContracts([]),
    );
    return () => {
      live = false;
    };
  }, [gateway, fixed]);

  useEffect(() => {
    if (contractId === null) return;
    let live = true;
    setInfo(null);
    gateway.info(kind, contractId).then(
      (i) => {
        if (!live) return;
        setInfo(i);
        const r = i.record;
        reset({
          closedCaseAmount: r ? r.closedCaseAmount : '',
          settleAmount: r ? r.settleAmount : '',
          remark: r ? r.remark : '',
        });
      },
      (e: unknown) => live && feedback.error(errorMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [gateway, kind, contractId, feedback, reset]);

  const preview = useMemo(
    () =>
      info === null
        ? null
        : previewClosing(closedCaseAmount, info.contract.backAmount, info.contract.fees),
    [info, closedCaseAmount],
  );
  const locked =
    info?.record !== null && info?.record !== undefined && ![0, 3].includes(info.record.status);

  const send = async (submit: boolean, values: ClosingFormValues) => {
    if (info === null || preview === null || !preview.ok) return;
    setBusy(true);
    const outcome = await keys.current.run(submit ? 'submit' : 'save', (key) =>
      gateway.save(
        kind,
        {
          contractId: info.contract.contractId,
          closedCaseAmount: values.closedCaseAmount.trim(),
          backAmount: info.contract.backAmount,
          ...(values.settleAmount.trim() === ''
            ? {}
            : { settleAmount: values.settleAmount.trim() }),
          ...preview.fees,
          remark: values.remark,
          submit,
        },
        { idempotencyKey: key },
      ),
    );
    setBusy(false);
    if (outcome.ok) {
      feedback.success(submit ? '已提交审批' : '保存成功');
      onSaved(outcome.value);
      return;
    }
    // The server's refusal: each named form field gets its message; anything else is a toast.
    if (!landRefusal(outcome.error, FORM_FIELDS, setError)) feedback.error(outcome.message);
  };
  const press = (submit: boolean) => void handleSubmit((values) => send(submit, values))();

  const ready = info !== null && !locked && !busy;
  return (
    <Dialog
      open
      onClose={onClose}
      title={`${info?.record ? '修改' : '新增'}${name}`}
      width={760}
      testId="closing-form"
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button disabled={!ready} onClick={() => press(false)}>
            保存
          </Button>
          <Button variant="primary" disabled={!ready} onClick={() => press(true)}>
            提交审批
          </Button>
        </>
      }
    >
      <div className="grid gap-3">
        {fixed === undefined && (
          <Field label="合同" required={REQUIRED.has('contractId')}>
            <select
              className={box}
              aria-label="合同"
              value={contractId ?? ''}
              onChange={(e) => setContractId(e.target.value === '' ? null : Number(e.target.value))}
            >
              <option value="">请选择合同</option>
              {contracts.map((c) => (
                <option key={c.contractId} value={c.contractId}>
                  {c.projectName}（{c.contractName}）
                </option>
              ))}
            </select>
          </Field>
        )}
        {info !== null && (
          <>
            <p className="text-sm text-ink-soft" data-testid="closing-contract">
              {info.contract.contractName}（{info.contract.contractNo}） 已回款{' '}
              <b data-testid="closing-back-amount">{info.contract.backAmount}</b> 万元
            </p>
            {locked && (
              <p className="text-sm text-danger-600">
                该合同的{name}记录{info.record?.statusName}，不能修改或再次送审
              </p>
            )}
            <div className="grid grid-cols-2 gap-3">
              <Field
                label="结案金额（万元）"
                required={REQUIRED.has('closedCaseAmount')}
                error={errors.closedCaseAmount?.message}
              >
                <input
                  className={box}
                  aria-label="结案金额"
                  inputMode="decimal"
                  {...register('closedCaseAmount')}
                />
              </Field>
              <Field
                label="结算金额（万元）"
                hint="不填则等于结案金额"
                error={errors.settleAmount?.message}
              >
                <input
                  className={box}
                  aria-label="结算金额"
                  inputMode="decimal"
                  {...register('settleAmount')}
                />
              </Field>
            </div>
            <table className="w-full text-sm" data-testid="closing-fees">
              <thead>
                <tr className="text-left text-muted">
                  <th className="py-1">费用</th>
                  <th className="py-1 text-right">原费用（万元）</th>
                  <th className="py-1 text-right">结案费用（万元）</th>
                </tr>
              </thead>
              <tbody>
                {CLOSING_FEE_KEYS.map((k) => (
                  <tr key={k} className="border-t border-line">
                    <td className="py-1">{CLOSING_FIELD_LABELS[k]}</td>
                    <td className="py-1 text-right">{info.contract.fees[k]}</td>
                    <td className="py-1 text-right" data-testid={`closing-fee-${k}`}>
                      {preview?.ok ? preview.fees[k] : '-'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {preview !== null && !preview.ok && (
              <p className="text-sm text-danger-600" role="alert">
                {preview.message}
              </p>
            )}
            <p className="text-xs text-muted">结案费用 = 结案金额 ÷ 回款金额 × 原费用，精确到分</p>
            <Field label="备注" error={errors.remark?.message}>
              <textarea
                className={box}
                aria-label="备注"
                maxLength={CLOSING_REMARK_MAX}
                {...register('remark')}
              />
            </Field>
          </>
        )}
      </div>
    </Dialog>
  );
}
