import { REQUIRED_TASK_FIELDS, TASK_TEXT_LIMITS } from '@dpms/core';
import type { TaskRow } from '@dpms/http-client';
import { taskSaveBody, taskUpdateBody } from '@dpms/wire';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { Button } from '../../components/ui/Button';
import { DateInput } from '../../components/ui/DateInput';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { landRefusal, useWireForm } from '../../components/form/wire-form';
import { box, STAGES, useOptions, useTaskGateway } from './task-shared';

/** What the sheet form holds: every field as typed (ids as the selects hold them). */
export interface TaskFormValues {
  contractId: string;
  taskName: string;
  subItemName: string;
  taskResultName: string;
  designStageId: string;
  /** The sheet's disciplines (majorList): several of the stage's, as the spec's list holds. */
  majorIds: string[];
  qualityType: string;
  designUserId: string;
  projectManagerId: string;
  planFinishDate: string;
  taskAmount: string;
  remark: string;
}

export const EMPTY_TASK_FORM: TaskFormValues = {
  contractId: '',
  taskName: '',
  subItemName: '',
  taskResultName: '',
  designStageId: '3',
  majorIds: [],
  qualityType: '0',
  designUserId: '',
  projectManagerId: '',
  planFinishDate: '',
  taskAmount: '',
  remark: '',
};

/** The form's values of a stored sheet (for editing). */
export const taskFormValuesOf = (t: TaskRow): TaskFormValues => ({
  contractId: String(t.contractId),
  taskName: t.taskName,
  subItemName: t.subItemName,
  taskResultName: t.taskResultName,
  designStageId: t.designStageId,
  majorIds: t.majorList.map((m) => String(m.majorId)),
  qualityType: t.qualityType,
  designUserId: String(t.designUserId),
  projectManagerId: String(t.projectManagerId),
  planFinishDate: t.planFinishDate,
  taskAmount: t.taskAmount,
  remark: t.remark,
});

/**
 * The body the save sends: the typed fields, every chosen discipline of the stage (the server
 * refuses one that is not the stage's), a blank 任务产值 left out (core reads it as 0).
 */
export function taskBodyOf(v: TaskFormValues) {
  const { majorIds, taskAmount, ...rest } = v;
  return {
    ...rest,
    ...(taskAmount.trim() === '' ? {} : { taskAmount: taskAmount.trim() }),
    majorIds: majorIds.filter((m) => m !== '').map(Number),
  };
}

/** The form's fields, by wire name: a server refusal of one of them lands beside it. */
const FORM_FIELDS: readonly string[] = Object.keys(EMPTY_TASK_FORM);
/** The form names its fields as the body does. */
const ALIASES = {} as const;
/** What core requires of a sheet (the schema refuses these blank): marked with `*`. */
const REQUIRED = new Set<string>(REQUIRED_TASK_FIELDS);

export interface TaskFormDialogProps {
  /** The stored sheet when editing (its id and version are sent back). */
  editing?: TaskRow | undefined;
  onClose: () => void;
  onSaved: (saved: TaskRow) => void;
}

/**
 * 新增任务单 / 修改任务单. The form checks with the @dpms/wire body its call sends (core's
 * `taskInputProblems` through `taskSaveBody` / `taskUpdateBody`): core's required fields are
 * marked, every field's problem shows beside it at once, a server refusal of a field lands on that
 * field, and the save carries the dialog's Idempotency-Key, kept while its answer is outstanding,
 * so a double click or a retry makes one sheet. A refusal keeps what was typed.
 */
export function TaskFormDialog({ editing, onClose, onSaved }: TaskFormDialogProps) {
  const gateway = useTaskGateway();
  const feedback = useService(TOKENS.Feedback);
  const contracts = useOptions(() => gateway.contracts());
  const hosts = useOptions(() => gateway.usersOfRole(7));
  const managers = useOptions(() => gateway.usersOfRole(2));
  const bodyOf = (v: TaskFormValues) =>
    editing
      ? { ...taskBodyOf(v), taskId: editing.taskId, version: editing.version }
      : taskBodyOf(v);
  const { form, keys } = useWireForm<TaskFormValues>(
    () => (editing ? taskUpdateBody : taskSaveBody),
    editing ? taskFormValuesOf(editing) : EMPTY_TASK_FORM,
    { bodyOf, alias: ALIASES },
  );
  const { control, register, formState, setError, handleSubmit } = form;
  const errors = formState.errors;
  const { designStageId } = useWatch({ control }) as TaskFormValues;
  // The disciplines of the chosen stage (the spec's majorList of a task holds several).
  const majors = useOptions(
    () => (designStageId === '' ? Promise.resolve([]) : gateway.majors(designStageId)),
    [designStageId],
  );
  const [busy, setBusy] = useState(false);
  const mark = (field: keyof TaskFormValues) => ({
    required: REQUIRED.has(field),
    error: errors[field]?.message,
  });

  const send = async (values: TaskFormValues) => {
    setBusy(true);
    const saved = await keys.run('save', (idempotencyKey) =>
      editing
        ? gateway.update(
            { ...taskBodyOf(values), taskId: editing.taskId, version: editing.version },
            { idempotencyKey },
          )
        : gateway.add(taskBodyOf(values), { idempotencyKey }),
    );
    setBusy(false);
    if (!saved.ok) {
      if (!landRefusal(saved.error, FORM_FIELDS, setError, ALIASES)) feedback.error(saved.message);
      return;
    }
    feedback.success(editing ? '修改成功' : '新增成功');
    onSaved(saved.value);
  };
  const save = () => void handleSubmit(send)();

  const select = (name: keyof TaskFormValues, label: string, options: typeof STAGES) => (
    <Field label={label} {...mark(name)}>
      {/* Controlled: the choices arrive after the stored value, and must still show it. */}
      <Controller
        control={control}
        name={name}
        render={({ field: f }) => (
          <select
            className={box}
            aria-label={label}
            value={f.value}
            onChange={(e) => f.onChange(e.target.value)}
          >
            <option value="">请选择</option>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        )}
      />
    </Field>
  );
  const text = (name: keyof typeof TASK_TEXT_LIMITS & keyof TaskFormValues, label: string) => (
    <Field label={label} {...mark(name)}>
      <input
        className={box}
        aria-label={label}
        maxLength={TASK_TEXT_LIMITS[name]}
        {...register(name)}
      />
    </Field>
  );

  return (
    <Dialog
      open
      onClose={onClose}
      title={editing ? '修改任务单' : '添加任务单'}
      width={720}
      closeOnClickOutside={false}
      testId="task-form"
      footer={
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" loading={busy} onClick={save}>
            保存
          </Button>
        </div>
      }
    >
      <form className="grid gap-3" noValidate onSubmit={(e) => e.preventDefault()}>
        {select('contractId', '所属合同', contracts)}
        {text('taskName', '任务名称')}
        {text('subItemName', '子项名称')}
        {text('taskResultName', '成果名称')}
        {select('designStageId', '设计阶段', STAGES)}
        <Field label="专业" {...mark('majorIds')} hint="可多选（按住 Ctrl 选择多个）">
          <Controller
            control={control}
            name="majorIds"
            render={({ field: f }) => (
              <select
                multiple
                className={box}
                aria-label="专业"
                value={f.value}
                onChange={(e) => f.onChange(Array.from(e.target.selectedOptions, (o) => o.value))}
              >
                {majors.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            )}
          />
        </Field>
        <Field label="质量要求" {...mark('qualityType')}>
          <div className="flex gap-4 text-sm">
            {[
              { value: '0', label: '无' },
              { value: '1', label: '有' },
            ].map((o) => (
              <label key={o.value} className="flex items-center gap-1">
                <input type="radio" value={o.value} {...register('qualityType')} />
                {o.label}
              </label>
            ))}
          </div>
        </Field>
        {select('designUserId', '设计主持', hosts)}
        {select('projectManagerId', '项目经理', managers)}
        <Field label="计划完成日期" {...mark('planFinishDate')}>
          <Controller
            control={control}
            name="planFinishDate"
            render={({ field: f }) => (
              <DateInput
                className={box}
                aria-label="计划完成日期"
                value={f.value}
                onChange={(e) => f.onChange(e.target.value)}
              />
            )}
          />
        </Field>
        <Field label="任务产值" {...mark('taskAmount')} hint="万元，不填为0">
          <input
            className={box}
            aria-label="任务产值"
            inputMode="decimal"
            {...register('taskAmount')}
          />
        </Field>
        <Field label="备注" {...mark('remark')}>
          <textarea
            className={box}
            aria-label="备注"
            maxLength={TASK_TEXT_LIMITS.remark}
            {...register('remark')}
          />
        </Field>
      </form>
    </Dialog>
  );
}
