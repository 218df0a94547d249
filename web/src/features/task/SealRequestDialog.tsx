import { SEAL_TEXT_LIMITS } from '@dpms/core';
import { requiredSealFields, taskSealBody } from '@dpms/wire';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useService } from '../../app/di';
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
import { landRefusal, useWireForm } from '../../components/form/wire-form';
import { resultLabel } from './FileIdsDialog';
import { box, SEAL_TYPES, useConfirmedTasks, useOptions, useTaskGateway } from './task-shared';

interface SealFormValues {
  taskId: string;
  /** The confirmed results of the task this request stamps. */
  resultIds: string[];
  drawContent: string;
  drawNum: string;
  sealType: string[];
}

const EMPTY_SEAL_FORM: SealFormValues = {
  taskId: '',
  resultIds: [],
  drawContent: '',
  drawNum: '1',
  sealType: [],
};
const FORM_FIELDS: readonly string[] = Object.keys(EMPTY_SEAL_FORM);
/** What core requires of a seal request (the schema refuses these blank): marked with `*`. */
const REQUIRED = new Set<string>(requiredSealFields);

/** The body the save sends (the drawing files added at the save). */
const sealBodyOf = (v: SealFormValues) => ({
  taskId: v.taskId,
  resultIds: v.resultIds.map(Number),
  drawContent: v.drawContent,
  drawNum: v.drawNum.trim(),
  sealType: v.sealType,
});

/**
 * 成果盖章申请. The form checks with the @dpms/wire body its call sends (`taskSealBody`, core's
 * `sealInputProblems`): core's required fields are marked, every field's problem shows beside it
 * at once, a server refusal of a field lands on it, and the save carries the dialog's
 * Idempotency-Key, kept while its answer is outstanding, so a double click makes one request.
 */
export function SealRequestDialog({
  onClose,
  onSaved,
}: {
  onClose: () => void;
  onSaved: () => void;
}) {
  const gateway = useTaskGateway();
  const feedback = useService(TOKENS.Feedback);
  const tasks = useConfirmedTasks();
  const [files, setFiles] = useState<UploadedFileRecord[]>([]);
  const [busy, setBusy] = useState(false);
  const uploads = useUploadsInFlight();
  const { form, keys } = useWireForm<SealFormValues>(taskSealBody, EMPTY_SEAL_FORM, {
    bodyOf: sealBodyOf,
  });
  const { control, register, formState, setError, handleSubmit } = form;
  const errors = formState.errors;
  const { taskId } = useWatch({ control }) as SealFormValues;
  // The results a seal may stamp: the chosen sheet's results its project manager confirmed.
  const results = useOptions(
    () =>
      taskId === ''
        ? Promise.resolve([])
        : gateway.results({ pageNum: 1, pageSize: 1000, taskId, resultConfirmed: '1' }).then((p) =>
            p.rows.map((r) => ({
              value: String(r.resultId),
              label: resultLabel(r),
            })),
          ),
    [taskId],
  );
  const mark = (field: keyof SealFormValues) => ({
    required: REQUIRED.has(field),
    error: errors[field]?.message,
  });

  const send = async (values: SealFormValues) => {
    setBusy(true);
    const saved = await keys.run('save', (idempotencyKey) =>
      gateway.addSeal(
        { ...sealBodyOf(values), imgFiles: files.map((f) => f.fileId) },
        { idempotencyKey },
      ),
    );
    setBusy(false);
    if (!saved.ok) {
      if (!landRefusal(saved.error, FORM_FIELDS, setError)) feedback.error(saved.message);
      return;
    }
    feedback.success('操作成功');
    onSaved();
    onClose();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title="成果盖章申请"
      testId="seal-request"
      closeOnClickOutside={false}
      footer={
        <Button
          variant="primary"
          loading={busy}
          disabled={uploads.uploading}
          onClick={() => void handleSubmit(send)()}
        >
          保存
        </Button>
      }
    >
      <form className="grid gap-3" noValidate onSubmit={(e) => e.preventDefault()}>
        <Field label="任务单" {...mark('taskId')}>
          <Controller
            control={control}
            name="taskId"
            render={({ field: f }) => (
              <select
                className={box}
                aria-label="任务单"
                value={f.value}
                onChange={(e) => f.onChange(e.target.value)}
              >
                <option value="">请选择</option>
                {tasks.map((t) => (
                  <option key={t.value} value={t.value}>
                    {t.label}
                  </option>
                ))}
              </select>
            )}
          />
        </Field>
        <Field label="盖章成果" {...mark('resultIds')} hint="可多选">
          <Controller
            control={control}
            name="resultIds"
            render={({ field: f }) => (
              <select
                multiple
                className={box}
                aria-label="盖章成果"
                value={f.value}
                onChange={(e) => f.onChange(Array.from(e.target.selectedOptions, (o) => o.value))}
              >
                {results.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            )}
          />
        </Field>
        <Field label="图纸内容" {...mark('drawContent')}>
          <textarea
            className={box}
            aria-label="图纸内容"
            maxLength={SEAL_TEXT_LIMITS.drawContent}
            {...register('drawContent')}
          />
        </Field>
        <Field label="份数" {...mark('drawNum')}>
          <input className={box} aria-label="份数" inputMode="numeric" {...register('drawNum')} />
        </Field>
        <Field label="印章类型" {...mark('sealType')}>
          <Controller
            control={control}
            name="sealType"
            render={({ field: f }) => (
              <div className="flex flex-wrap gap-3 text-sm">
                {SEAL_TYPES.map((o) => (
                  <label key={o.value} className="flex items-center gap-1">
                    <input
                      type="checkbox"
                      checked={f.value.includes(o.value)}
                      onChange={(e) =>
                        f.onChange(
                          e.target.checked
                            ? [...f.value, o.value]
                            : f.value.filter((v) => v !== o.value),
                        )
                      }
                    />
                    {o.label}
                  </label>
                ))}
              </div>
            )}
          />
        </Field>
        <Field label="图纸文件">
          <UploadActivity value={uploads.report}>
            <FileUpload value={files} onChange={setFiles} limit={0} />
          </UploadActivity>
        </Field>
      </form>
    </Dialog>
  );
}
