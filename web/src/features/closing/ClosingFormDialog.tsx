import { CLOSING_FEE_KEYS, CLOSING_FIELD_LABELS } from '@dpms/core';
import { errorMessage } from '@dpms/http-client';
import { useEffect, useMemo, useState } from 'react';
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

const box = 'w-full rounded border border-line px-2 py-1.5 text-sm';
const KIND_NAMES: Record<ClosingKind, string> = { closed: '结案', settle: '结算' };

export type ClosingFormGateway = Pick<ClosingGateway, 'contracts' | 'info' | 'save'>;

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
  const [closedCaseAmount, setClosed] = useState('');
  const [settleAmount, setSettle] = useState('');
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);

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
        setClosed(r ? r.closedCaseAmount : '');
        setSettle(r ? r.settleAmount : '');
        setRemark(r ? r.remark : '');
      },
      (e: unknown) => live && feedback.error(errorMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [gateway, kind, contractId, feedback]);

  const preview = useMemo(
    () =>
      info === null
        ? null
        : previewClosing(closedCaseAmount, info.contract.backAmount, info.contract.fees),
    [info, closedCaseAmount],
  );
  const locked =
    info?.record !== null && info?.record !== undefined && ![0, 3].includes(info.record.status);

  const save = async (submit: boolean) => {
    if (info === null || preview === null || !preview.ok) return;
    setBusy(true);
    try {
      const saved = await gateway.save(kind, {
        contractId: info.contract.contractId,
        closedCaseAmount: closedCaseAmount.trim(),
        backAmount: info.contract.backAmount,
        ...(settleAmount.trim() === '' ? {} : { settleAmount: settleAmount.trim() }),
        ...preview.fees,
        remark,
        submit,
      });
      feedback.success(submit ? '已提交审批' : '保存成功');
      onSaved(saved);
    } catch (e) {
      feedback.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const ready = info !== null && preview !== null && preview.ok && !locked && !busy;
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
          <Button disabled={!ready} onClick={() => void save(false)}>
            保存
          </Button>
          <Button variant="primary" disabled={!ready} onClick={() => void save(true)}>
            提交审批
          </Button>
        </>
      }
    >
      <div className="grid gap-3">
        {fixed === undefined && (
          <Field label="合同" required>
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
              <Field label="结案金额（万元）" required>
                <input
                  className={box}
                  aria-label="结案金额"
                  inputMode="decimal"
                  value={closedCaseAmount}
                  onChange={(e) => setClosed(e.target.value)}
                />
              </Field>
              <Field label="结算金额（万元）" hint="不填则等于结案金额">
                <input
                  className={box}
                  aria-label="结算金额"
                  inputMode="decimal"
                  value={settleAmount}
                  onChange={(e) => setSettle(e.target.value)}
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
            <Field label="备注">
              <textarea
                className={box}
                aria-label="备注"
                maxLength={2000}
                value={remark}
                onChange={(e) => setRemark(e.target.value)}
              />
            </Field>
          </>
        )}
      </div>
    </Dialog>
  );
}
