import { fieldErrorsOf } from '@dpms/http-client';
import { useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { useActionKeys } from '../crud/action-keys';
import { formPathOf, landProblems, wireResolver } from '../form/wire-form';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { Field } from '../ui/Field';

export interface FormFieldDef {
  key: string;
  label: string;
  type?: 'text' | 'textarea' | 'select' | 'number' | 'password' | 'radio';
  options?: { value: string; label: string }[];
  required?: boolean;
  maxLength?: number;
  placeholder?: string;
  /**
   * The field's own input (a picker), given its value, its setter and the whole form; undefined
   * falls back to the input of `type`.
   */
  render?: (value: string, set: (v: string) => void, values: FormValues) => ReactNode | undefined;
  /**
   * Whether the field shows, given the form's values (菜单管理's fields follow the menu type); a
   * hidden field keeps its value, and `bodyOf` decides whether the save sends it.
   */
  shown?: (values: FormValues) => boolean;
}

export type FormValues = Record<string, string>;

/**
 * The wire body schema the server validates the save with (@dpms/wire), and what it is checked
 * on: the body the save will send, built from the trimmed values (`bodyOf`, by default the values
 * with blanks as they are).
 */
export interface FormSchema {
  readonly schema: z.ZodType;
  readonly bodyOf?: (values: FormValues) => unknown;
}

/** The object schema's shape, if the schema is one (possibly behind a refinement or pipe). */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const def = (schema as { def?: { type?: string; shape?: unknown; in?: z.ZodType } }).def;
  if (def?.type === 'object') return def.shape as Record<string, z.ZodType>;
  if (def?.type === 'pipe' && def.in) return shapeOf(def.in);
  return undefined;
}

/**
 * Whether the schema demands the field: it refuses the field left out or left blank. This is the
 * mark (*) the form shows, so it marks exactly what the server refuses.
 */
export function schemaRequires(schema: z.ZodType, key: string): boolean {
  const field = shapeOf(schema)?.[key];
  if (!field) return false;
  return !field.safeParse(undefined).success || !field.safeParse('').success;
}

/**
 * Whether the dialog's save refuses the field left blank: the schema's verdict on the body the
 * save would send (`bodyOf` of every field blank) names the field. A select whose blank the body
 * leaves out (an optional id) is not marked, though the bare id schema refuses ''.
 */
export function formRequires(
  form: FormSchema,
  fields: readonly FormFieldDef[],
  key: string,
): boolean {
  if (!schemaRequires(form.schema, key)) return false;
  const blank: FormValues = Object.fromEntries(fields.map((f) => [f.key, '']));
  let body: unknown;
  try {
    body = form.bodyOf ? form.bodyOf(blank) : blank;
  } catch {
    return true;
  }
  const verdict = form.schema.safeParse(body);
  return !verdict.success && verdict.error.issues.some((i) => i.path[0] === key);
}

/** The first message of a react-hook-form error entry (a field's, or one nested in an array). */
const trimmedOf = (values: FormValues, fields: readonly FormFieldDef[]): FormValues =>
  Object.fromEntries(fields.map((f) => [f.key, (values[f.key] ?? '').trim()]));

/**
 * The dialog's react-hook-form resolver. With a wire schema: zodResolver with that schema, on the
 * body the save will send (`bodyOf` of the trimmed values); each problem lands on the field it
 * names (its first), and a problem of a field the form does not show lands under the form
 * (`root`). Without one: the fields marked required must not be blank.
 */
function dialogResolver(
  fields: readonly FormFieldDef[],
  form: FormSchema | undefined,
): Resolver<FormValues> {
  return async (values, context, options) => {
    const trimmed = trimmedOf(values, fields);
    const errors: Record<string, { type: string; message: string }> = {};
    if (!form) {
      for (const f of fields)
        if (f.required && trimmed[f.key] === '')
          errors[f.key] = {
            type: 'required',
            message: `${f.type === 'select' || f.type === 'radio' ? '请选择' : '请输入'}${f.label}`,
          };
    } else {
      const labelled = (issue: z.core.$ZodRawIssue) => {
        const key = String(issue.path?.[0] ?? '');
        const label = fields.find((f) => f.key === key)?.label ?? key;
        const blank = issue.input === undefined || issue.input === null || issue.input === '';
        if (issue.code === 'too_big' && issue.origin === 'string')
          return `${label}长度不能超过 ${String(issue.maximum)} 个字符`;
        return blank || (issue.code === 'too_small' && issue.origin === 'string')
          ? `${label}不能为空`
          : `${label}格式不正确`;
      };
      // The wire schema's problems, each on its field (the first per field); one about a field
      // the dialog does not show goes under the form. The trimmed values go on to the save.
      const shown = new Set(fields.map((f) => f.key));
      return wireResolver<FormValues>(form.schema, {
        bodyOf: form.bodyOf,
        error: labelled,
        alias: (path) => (shown.has(String(path[0])) ? String(path[0]) : 'root'),
      })(trimmed, context, options);
    }
    return Object.keys(errors).length === 0
      ? { values: trimmed, errors: {} }
      : { values: {}, errors: errors as FieldErrors<FormValues> };
  };
}

/**
 * An add/edit dialog from a field list, on react-hook-form: inputs are trimmed, then checked.
 * With `schema` (the wire body schema the server validates with) the check is that schema through
 * zodResolver: the required marks are the fields it refuses blank, and every field's problem
 * shows at once beside its field. Without it, required fields say 请输入/请选择. A refusal by the
 * server lands on the fields it names (`errors[]`); what names no field shows under the form.
 * `onSubmit` gets the save's Idempotency-Key to send with its write: one key per save until it is
 * answered, so a retry after a lost answer is applied once (`ActionKeys`); a second click while
 * the save runs sends nothing.
 */
export function FormDialog({
  open,
  title,
  fields,
  initial,
  onSubmit,
  onClose,
  width = 600,
  schema,
}: {
  open: boolean;
  title: string;
  fields: FormFieldDef[];
  schema?: FormSchema | undefined;
  initial: FormValues;
  onSubmit: (values: FormValues, idempotencyKey: string) => Promise<void>;
  onClose: () => void;
  width?: number;
}) {
  const form = useForm<FormValues>({
    defaultValues: initial,
    resolver: dialogResolver(fields, schema),
  });
  const { control, setError, clearErrors, setValue, handleSubmit } = form;
  const errors = form.formState.errors;
  const values = useWatch({ control }) as FormValues;
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const keys = useActionKeys();
  // State updates land after a render; a double click arrives before it.
  const running = useRef(false);
  const save = async (trimmed: FormValues) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setFailure('');
    try {
      const outcome = await keys.run('save', (key) => onSubmit(trimmed, key));
      if (!outcome.ok) {
        const shown = new Set(fields.map((f) => f.key));
        const all = fieldErrorsOf(outcome.error);
        const landed = landProblems(all, shown, setError);
        // The refusal shows under the form too unless every field it names is beside its input.
        if (!landed || all.some((e) => !shown.has(formPathOf(e.field))))
          setFailure(outcome.message);
      }
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  const submit = () => {
    if (running.current) return;
    setFailure('');
    void handleSubmit(save)();
  };
  const visible = fields.filter((f) => f.shown?.(values) ?? true);
  const elsewhere = errors.root?.message ?? '';
  const shownFailure = failure || elsewhere;
  const set = (key: string, v: string) => {
    setValue(key, v);
    // A field the user changes is checked again on the next save; the server's word goes.
    if (errors[key]?.type === 'server') clearErrors(key);
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      width={width}
      closeOnClickOutside={false}
      testId="form-dialog"
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" loading={busy} onClick={submit}>
            确定
          </Button>
        </>
      }
    >
      <form
        className="space-y-3.5"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {visible.map((f) => (
          <Field
            key={f.key}
            label={f.label}
            required={schema ? formRequires(schema, fields, f.key) : f.required}
            error={errors[f.key]?.message}
          >
            {f.render?.(values[f.key] ?? '', (v) => set(f.key, v), values) ??
              (f.type === 'textarea' ? (
                <textarea
                  className="input h-auto! py-2"
                  rows={4}
                  aria-label={f.label}
                  maxLength={f.maxLength ?? 1000}
                  value={values[f.key] ?? ''}
                  onChange={(e) => set(f.key, e.target.value)}
                  placeholder={f.placeholder ?? `请输入${f.label}`}
                />
              ) : f.type === 'select' ? (
                <select
                  className="input"
                  aria-label={f.label}
                  value={values[f.key] ?? ''}
                  onChange={(e) => set(f.key, e.target.value)}
                >
                  <option value="">请选择{f.label}</option>
                  {f.options?.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              ) : f.type === 'radio' ? (
                <div className="flex gap-4 pt-1.5" role="radiogroup" aria-label={f.label}>
                  {f.options?.map((o) => (
                    <label key={o.value} className="flex items-center gap-1.5 text-sm">
                      <input
                        type="radio"
                        name={f.key}
                        value={o.value}
                        checked={values[f.key] === o.value}
                        onChange={() => set(f.key, o.value)}
                        className="accent-brand-500"
                      />
                      {o.label}
                    </label>
                  ))}
                </div>
              ) : (
                <input
                  className="input"
                  aria-label={f.label}
                  type={
                    f.type === 'number' ? 'number' : f.type === 'password' ? 'password' : 'text'
                  }
                  maxLength={f.maxLength ?? 50}
                  value={values[f.key] ?? ''}
                  onChange={(e) => set(f.key, e.target.value)}
                  placeholder={f.placeholder ?? `请输入${f.label}`}
                />
              ))}
          </Field>
        ))}
        {shownFailure && (
          <p
            role="alert"
            className="rounded-control bg-danger-50 px-3 py-2 text-sm text-danger-600"
          >
            {shownFailure}
          </p>
        )}
      </form>
    </Dialog>
  );
}
