import {
  actorHolds,
  displayAmount,
  FINISH_ACTION_PERMISSIONS,
  FINISH_CONFIRM_REQUIRED_FIELDS,
  finishActions,
  type FinishAction,
} from '@dpms/core';
import { errorMessage } from '@dpms/http-client';
import { finishConfirmBody } from '@dpms/wire';
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useActionKeys, type ActionOutcome } from '../../components/crud/action-keys';
import { useService } from '../../app/di';
import { useActionActor } from '../../app/hooks';
import { TOKENS } from '../../app/tokens';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import {
  FileUpload,
  UploadActivity,
  useUploadsInFlight,
  type UploadedFileRecord,
} from '../../components/upload';
import type {
  ClosingGateway,
  FinishConfirmationRow,
  FinishOverview,
  FinishTaskRow,
  UncollectedSummary,
} from './closing.gateway';
import { landRefusal, wireResolver } from '../../components/form/wire-form';

const box = 'w-full rounded border border-line px-2 py-1.5 text-sm';
const cell = 'border-t border-line py-1 px-1';

export type FinishGateway = Pick<
  ClosingGateway,
  | 'finishOverview'
  | 'uncollected'
  | 'confirmations'
  | 'confirmAmount'
  | 'deleteConfirmation'
  | 'uploadFinishFiles'
  | 'confirmFinish'
>;

interface ConfirmValues {
  taskId: string;
  confirmFinishAmount: string;
  remark: string;
}
const REQUIRED = new Set<string>(FINISH_CONFIRM_REQUIRED_FIELDS);
const CONFIRM_FIELDS = new Set<string>(['taskId', 'confirmFinishAmount', 'remark']);

/**
 * 确认产值: checks with the wire body of its call (react-hook-form's zodResolver over core's
 * rules), the task and the amount marked, every problem beside its field at once, and the
 * server's refusal of a field beside that field. One Idempotency-Key per confirmation, re-sent
 * unchanged when retried after a lost answer (`ActionKeys`). Cleared once the server confirmed.
 */
function ConfirmAmountForm({
  tasks,
  onConfirm,
}: {
  tasks: readonly FinishTaskRow[];
  onConfirm: (values: ConfirmValues) => Promise<ActionOutcome<unknown>>;
}) {
  const { register, formState, handleSubmit, reset, setError } = useForm<ConfirmValues>({
    defaultValues: { taskId: '', confirmFinishAmount: '', remark: '' },
    // contractId is the dialog's own; the form checks what the person fills.
    resolver: wireResolver<ConfirmValues>(finishConfirmBody, {
      bodyOf: (values) => ({ ...values, contractId: 1 }),
    }),
  });
  const errors = formState.errors;
  const confirm = async (values: ConfirmValues) => {
    const outcome = await onConfirm(values);
    if (outcome.ok) {
      reset({ taskId: values.taskId, confirmFinishAmount: '', remark: '' });
      return;
    }
    landRefusal(outcome.error, CONFIRM_FIELDS, setError);
  };
  return (
    <section className="grid grid-cols-4 items-end gap-2">
      <Field label="任务单" required={REQUIRED.has('taskId')} error={errors.taskId?.message}>
        <select className={box} aria-label="任务单" {...register('taskId')}>
          <option value="">请选择</option>
          {tasks.map((t) => (
            <option key={t.taskId} value={t.taskId}>
              {t.taskNo} {t.taskName}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label="确认完成产值（万元）"
        required={REQUIRED.has('confirmFinishAmount')}
        error={errors.confirmFinishAmount?.message}
      >
        <input
          className={box}
          aria-label="确认完成产值"
          inputMode="decimal"
          {...register('confirmFinishAmount')}
        />
      </Field>
      <Field label="备注" error={errors.remark?.message}>
        <input className={box} aria-label="确认备注" {...register('remark')} />
      </Field>
      <Button variant="primary" onClick={() => void handleSubmit(confirm)()}>
        确认产值
      </Button>
    </section>
  );
}

/**
 * 完工确认 of one contract: its tasks with the output value confirmed finished, the confirmations
 * (deleted while the contract is not finished), what is performed but not collected, the finish
 * files, and 确认完成 once every condition holds (the reasons shown while it does not).
 */
export function FinishDialog({
  gateway,
  contractId,
  onClose,
}: {
  gateway: FinishGateway;
  contractId: number;
  onClose: () => void;
}) {
  const feedback = useService(TOKENS.Feedback);
  const [overview, setOverview] = useState<FinishOverview | null>(null);
  const [confirmations, setConfirmations] = useState<FinishConfirmationRow[]>([]);
  const [uncollected, setUncollected] = useState<UncollectedSummary | null>(null);
  const [files, setFiles] = useState<UploadedFileRecord[]>([]);
  const uploads = useUploadsInFlight();

  const load = useCallback(async () => {
    try {
      const [o, c, u] = await Promise.all([
        gateway.finishOverview(contractId),
        gateway.confirmations(contractId),
        gateway.uncollected(contractId),
      ]);
      setOverview(o);
      setConfirmations(c);
      setUncollected(u);
    } catch (e) {
      feedback.error(errorMessage(e));
    }
  }, [gateway, contractId, feedback]);
  useEffect(() => {
    void load();
  }, [load]);

  /**
   * A write under the Idempotency-Key of its intent (`slot`), kept while its answer is lost, so
   * a retry sends the same key and the server applies it once.
   */
  const keys = useActionKeys();
  const act = async (
    slot: string,
    run: (idempotencyKey: string) => Promise<unknown>,
    success = '操作成功',
  ): Promise<ActionOutcome<unknown>> => {
    const outcome = await keys.run(slot, run);
    if (outcome.ok) {
      feedback.success(success);
      await load();
    } else {
      feedback.error(outcome.message);
      if (outcome.reload) await load();
    }
    return outcome;
  };

  // What the dialog offers is core's finish rule: the route's permission, then the state.
  const actor = useActionActor();
  const may = (action: FinishAction) =>
    overview !== null &&
    finishActions.may(
      action,
      {
        stage: overview.contract.stage,
        finished: overview.contract.finished,
        blockers: overview.blockers,
      },
      actor,
    );
  const finished = overview?.contract.finished ?? false;
  return (
    <Dialog
      open
      onClose={onClose}
      title={`完工确认${overview ? `：${overview.contract.contractName}` : ''}`}
      width={900}
      testId="finish-dialog"
      footer={
        <>
          {/* Shown to who may confirm a contract not finished yet; enabled once nothing blocks it
              (the reasons are listed in the dialog meanwhile). */}
          {actorHolds(actor, FINISH_ACTION_PERMISSIONS.finish) && !finished && (
            <Button
              variant="primary"
              disabled={!may('finish')}
              onClick={() =>
                void act(
                  'finish',
                  (idempotencyKey) => gateway.confirmFinish(contractId, { idempotencyKey }),
                  '合同已确认完成',
                )
              }
            >
              确认完成
            </Button>
          )}
          <Button onClick={onClose}>关闭</Button>
        </>
      }
    >
      {overview === null ? (
        <p className="py-6 text-center text-muted">加载中</p>
      ) : (
        <div className="grid gap-4 text-sm">
          <p>
            合同金额 {displayAmount(overview.contract.totalAmount)} 万元，已回款 {displayAmount(overview.contract.backAmount)}{' '}
            万元，完成状态：
            <b data-testid="finish-status">{overview.contract.finishStatusName}</b>
            {finished && `（${overview.contract.finishBy}）`}
          </p>
          {overview.blockers.length > 0 && (
            <ul className="list-disc pl-5 text-warning-600" data-testid="finish-blockers">
              {overview.blockers.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
          )}

          <section>
            <h3 className="mb-1 font-semibold">任务单产值</h3>
            <table className="w-full" data-testid="finish-tasks">
              <thead>
                <tr className="text-left text-muted">
                  <th>任务单号</th>
                  <th>任务名称</th>
                  <th className="text-right">任务产值</th>
                  <th className="text-right">确认完成产值</th>
                  <th className="text-right">可确认</th>
                  <th className="text-right">已履约未收款</th>
                </tr>
              </thead>
              <tbody>
                {overview.tasks.map((t) => (
                  <tr key={t.taskId}>
                    <td className={cell}>{t.taskNo}</td>
                    <td className={cell}>{t.taskName}</td>
                    <td className={`${cell} text-right`}>{displayAmount(t.taskAmount)}</td>
                    <td className={`${cell} text-right`}>{displayAmount(t.confirmFinishAmount)}</td>
                    <td className={`${cell} text-right`}>{displayAmount(t.confirmableAmount)}</td>
                    <td className={`${cell} text-right`}>
                      {uncollected?.rows.find((r) => r.taskId === t.taskId)?.uncollectedAmount ??
                        '-'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {uncollected && (
              <p className="mt-1 text-ink-soft" data-testid="finish-uncollected">
                已履约 {displayAmount(uncollected.performedAmount)} 万元，已回款 {displayAmount(uncollected.backAmount)}{' '}
                万元，已履约未收款 {displayAmount(uncollected.uncollectedAmount)} 万元
              </p>
            )}
          </section>

          {may('confirmAmount') && (
            <ConfirmAmountForm
              tasks={overview.tasks}
              onConfirm={(values) =>
                act('confirmAmount', (idempotencyKey) =>
                  gateway.confirmAmount(
                    {
                      contractId,
                      taskId: Number(values.taskId),
                      confirmFinishAmount: values.confirmFinishAmount.trim(),
                      remark: values.remark,
                    },
                    { idempotencyKey },
                  ),
                )
              }
            />
          )}

          <section>
            <h3 className="mb-1 font-semibold">确认记录</h3>
            {confirmations.length === 0 ? (
              <p className="text-muted">暂无确认记录</p>
            ) : (
              <table className="w-full" data-testid="finish-confirmations">
                <tbody>
                  {confirmations.map((c) => (
                    <tr key={c.id}>
                      <td className={cell}>{c.taskNo}</td>
                      <td className={`${cell} text-right`}>{displayAmount(c.confirmFinishAmount)} 万元</td>
                      <td className={cell}>
                        {displayAmount(c.beforeAmount)} → {displayAmount(c.afterAmount)}
                      </td>
                      <td className={cell}>{c.remark}</td>
                      <td className={cell}>{c.nickName}</td>
                      <td className={cell}>
                        {may('unconfirm') && (
                          <>
                            <Button
                              size="sm"
                              variant="text"
                              className="text-danger-600!"
                              onClick={() =>
                                void feedback
                                  .confirm({
                                    message: `是否确认删除该条 ${displayAmount(c.confirmFinishAmount)} 万元的确认记录？`,
                                  })
                                  .then(async (yes) => {
                                    if (yes)
                                      await act(`unconfirm-${String(c.id)}`, (idempotencyKey) =>
                                        gateway.deleteConfirmation(c.id, { idempotencyKey }),
                                      );
                                  })
                              }
                            >
                              删除
                            </Button>
                          </>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>

          <section>
            <h3 className="mb-1 font-semibold">完工文件</h3>
            <ul className="mb-2" data-testid="finish-files">
              {overview.files.map((f) => (
                <li key={f.finishFileId}>
                  {f.fileName}
                  <span className="ml-2 text-muted">{f.createByName}</span>
                </li>
              ))}
            </ul>
            {may('upload') && (
              <>
                <UploadActivity value={uploads.report}>
                  <FileUpload value={files} onChange={setFiles} testId="finish-upload" />
                </UploadActivity>
                <Button
                  className="mt-2"
                  disabled={files.length === 0 || uploads.uploading}
                  onClick={() =>
                    void act(
                      'upload',
                      (idempotencyKey) =>
                        gateway.uploadFinishFiles(
                          contractId,
                          files.map((f) => f.fileId),
                          { idempotencyKey },
                        ),
                      '完工文件已上传',
                    ).then((outcome) => outcome.ok && setFiles([]))
                  }
                >
                  上传完工文件
                </Button>
              </>
            )}
          </section>
        </div>
      )}
    </Dialog>
  );
}
