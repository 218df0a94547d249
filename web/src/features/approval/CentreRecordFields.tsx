import {
  CHANGEABLE_FIELDS,
  CONTRACT_FIELD_LABELS,
  LIXIANG_CHANGEABLE_FIELDS,
  lixiangFieldLabel,
} from '@dpms/core';
import { useQuery } from '@tanstack/react-query';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import type { PickedRecord } from './RecordPicker';

/** What 发起审批 sends as `recordFields`: the record's own fields the form proposes. */
export type RecordFields = Readonly<Record<string, unknown>>;

/** The groups whose form proposes record fields: a filing change, a technical seal, a change. */
export const takesRecordFields = (typeCode: string): boolean =>
  ['12', '25', '28'].includes(typeCode.split('_')[0] ?? '');

/** The record fields the form shows for a type, by the record's own names (their problems land there). */
export function recordFieldNames(typeCode: string): readonly string[] {
  if (!takesRecordFields(typeCode)) return [];
  if (typeCode.startsWith('25_')) return ['resultIds'];
  const filing = typeCode.startsWith('12_');
  const fields: readonly string[] = filing ? LIXIANG_CHANGEABLE_FIELDS : CHANGEABLE_FIELDS;
  const shown = fields.filter((f) => f !== 'serviceManagerId');
  return filing ? [...shown, 'reason'] : shown;
}

/** A change's fields now, by name, as text (blank for none): shown as 变更前. */
function useCurrent(typeCode: string, picked: PickedRecord | null) {
  const contracts = useService(TOKENS.ContractGateway);
  const group = typeCode.split('_')[0];
  const id = Number(picked?.recordId ?? '');
  return useQuery({
    queryKey: ['centre-record-now', group, id],
    enabled: picked !== null && (group === '12' || group === '28'),
    queryFn: async (): Promise<Record<string, string>> => {
      const r: object =
        group === '12' ? await contracts.lixiangDetail(id) : await contracts.detail(id);
      return Object.fromEntries(
        Object.entries(r).map(([k, v]) => [
          k,
          v === null || v === undefined ? '' : typeof v === 'object' ? '' : String(v as string),
        ]),
      );
    },
  }).data;
}

/** The confirmed results of the picked task, by discipline and file name. */
function useResults(typeCode: string, picked: PickedRecord | null) {
  const tasks = useService(TOKENS.TaskGateway);
  const taskId = Number(picked?.recordId ?? '');
  return useQuery({
    queryKey: ['centre-task-results', taskId],
    enabled: picked !== null && typeCode.startsWith('25_'),
    queryFn: async () =>
      (await tasks.results({ pageNum: 1, pageSize: 1000, taskId, resultConfirmed: '1' })).rows,
  }).data;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * The record fields a 发起审批 form proposes beyond its sections, once its record is picked: a
 * filing change (12_x) or a contract change (28_1) shows every field its record screen's change
 * call takes, with the record's value now as 变更前 (only the fields that differ are sent); a
 * technical seal (25_x) lists the picked task's confirmed results to stamp. Each field's problem
 * (the wire schema's or the server's) shows beside it.
 */
export function CentreRecordFields({
  typeCode,
  picked,
  value,
  errors,
  onChange,
}: {
  typeCode: string;
  picked: PickedRecord | null;
  value: RecordFields;
  errors: Readonly<Record<string, string>>;
  onChange: (next: RecordFields) => void;
}) {
  const now = useCurrent(typeCode, picked);
  const results = useResults(typeCode, picked);
  if (picked === null) return null;
  if (typeCode.startsWith('25_')) {
    const chosen = Array.isArray(value['resultIds']) ? (value['resultIds'] as number[]) : [];
    return (
      <fieldset className="space-y-1 text-sm text-ink-soft" data-field="resultIds">
        <legend>
          <span className="text-danger" aria-hidden="true">
            *{' '}
          </span>
          盖章成果
        </legend>
        {(results ?? []).length === 0 && <p>{results ? '该任务单没有已确认的成果' : '加载中…'}</p>}
        {(results ?? []).map((r) => (
          <label key={r.resultId} className="mr-4 inline-flex items-center gap-1">
            <input
              type="checkbox"
              aria-label={r.fileName}
              checked={chosen.includes(r.resultId)}
              onChange={(e) =>
                onChange({
                  ...value,
                  resultIds: e.target.checked
                    ? [...chosen, r.resultId]
                    : chosen.filter((x) => x !== r.resultId),
                })
              }
            />
            {r.majorName === '' ? r.fileName : `${r.majorName}·${r.fileName}`}
          </label>
        ))}
        {errors['resultIds'] !== undefined && (
          <p role="alert" className="text-xs text-danger">
            {errors['resultIds']}
          </p>
        )}
      </fieldset>
    );
  }
  const filing = typeCode.startsWith('12_');
  const label = (f: string) => (filing ? lixiangFieldLabel(f) : (CONTRACT_FIELD_LABELS[f] ?? f));
  const shown = recordFieldNames(typeCode).filter((f) => f !== 'reason');
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2" data-testid="centre-change-fields">
      <legend className="text-sm text-ink-soft">变更内容（只提交与变更前不同的字段）</legend>
      {shown.map((f) => {
        const before = now?.[f] ?? '';
        return (
          <label key={f} className="flex flex-col gap-1 text-sm text-ink-soft" data-field={f}>
            {label(f)}
            <input
              className="input"
              aria-label={label(f)}
              aria-invalid={errors[f] !== undefined}
              value={value[f] === undefined ? before : text(value[f])}
              onChange={(e) => {
                const next: Record<string, unknown> = { ...value };
                if (e.target.value === before) delete next[f];
                else next[f] = e.target.value;
                onChange(next);
              }}
            />
            <span className="text-xs">变更前：{before === '' ? '（空）' : before}</span>
            {errors[f] !== undefined && (
              <span role="alert" className="text-xs text-danger">
                {errors[f]}
              </span>
            )}
          </label>
        );
      })}
      {filing && (
        <label
          className="flex flex-col gap-1 text-sm text-ink-soft sm:col-span-2"
          data-field="reason"
        >
          <span>
            <span className="text-danger" aria-hidden="true">
              *{' '}
            </span>
            变更原因
          </span>
          <textarea
            className="input min-h-16"
            aria-label="变更原因"
            aria-invalid={errors['reason'] !== undefined}
            maxLength={2000}
            value={text(value['reason'])}
            onChange={(e) => onChange({ ...value, reason: e.target.value })}
          />
          {errors['reason'] !== undefined && (
            <span role="alert" className="text-xs text-danger">
              {errors['reason']}
            </span>
          )}
        </label>
      )}
    </fieldset>
  );
}
