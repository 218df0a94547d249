import {
  templateOptionText,
  templateOptionValue,
  type TemplateContent,
  type TemplateField,
  type ValidatableTemplate,
} from '@dpms/core';
import { Button } from '../../components/ui/Button';
import {
  entryChoices,
  entryFiles,
  entryText,
  entryTexts,
  fieldOptions,
  isFieldLocked,
  maxLengthOf,
  optionInputIsFreeText,
  optionLabel,
  setEntry,
  type OptionSources,
} from './template-rules';
import { DateInput } from '../../components/ui/DateInput';
import { FileField, type FileActions } from './TemplateFiles';
import { AutoTextarea, Cascader, ChoiceDialogField, shown } from './TemplateWidgets';

export type { FileActions } from './TemplateFiles';
export {
  EXPIRED_FILE_TEXT,
  isExpiredFile,
  storedFileId,
  toUploadRecord,
  withoutExpiredFiles,
} from './TemplateFiles';

export interface TemplateRendererProps {
  template: ValidatableTemplate;
  content: TemplateContent;
  onChange?: (content: TemplateContent) => void;
  errors?: Readonly<Record<string, string>>;
  /** The whole form is shown, not edited (detail view, approving). */
  readOnly?: boolean;
  sources: OptionSources;
  files?: FileActions;
  /** A message for the person (a refused file, a failed upload). */
  onMessage?: (message: string) => void;
}

/**
 * Renders an approval template (000 §3): its sections and every field type, with the options of
 * every option source, the limits of core, and the errors core's validator gives.
 */
export function TemplateRenderer(props: TemplateRendererProps) {
  const { template } = props;
  return (
    <div className="space-y-5" data-testid="template-renderer">
      {template.templateContent.map((section, i) => (
        <fieldset key={section.title ?? i} className="rounded-card border border-line p-4">
          {section.title && (
            <legend className="px-1 text-sm font-semibold text-ink">{section.title}</legend>
          )}
          <div className="grid gap-3.5 lg:grid-cols-2">
            {section.fields.map((field) => (
              <FieldRow key={field.refname} field={field} {...props} />
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}

const WIDE = new Set([
  'textarea',
  'textareas',
  'optionInput',
  'upload',
  'bigUpload',
  'uploadAlways',
]);

function FieldRow(props: TemplateRendererProps & { field: TemplateField }) {
  const { field, errors } = props;
  const error = errors?.[field.refname];
  const id = `tpl-${field.refname}`;
  return (
    <div
      className={`grid gap-1 sm:grid-cols-[8rem_1fr] sm:items-start sm:gap-3 ${WIDE.has(field.type) ? 'lg:col-span-2' : ''}`}
      data-field={field.refname}
      data-type={field.type}
    >
      <label htmlFor={id} className="pt-1.5 text-sm text-ink-soft sm:text-right">
        {field.required && !props.readOnly && <span className="mr-0.5 text-danger-500">*</span>}
        {field.label}
      </label>
      <div className="min-w-0">
        <FieldControl {...props} id={id} />
        {error && (
          <p role="alert" className="mt-1 text-xs text-danger-600">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

function FieldControl(props: TemplateRendererProps & { field: TemplateField; id: string }) {
  const { field, content, sources, id } = props;
  const entry = content[field.refname];
  const locked = props.readOnly === true || isFieldLocked(field);
  const options = fieldOptions(field, sources);
  const change = (value: TemplateContent[string]['value'], selectValue?: string) =>
    props.onChange?.(setEntry(content, field, value, selectValue));
  const max = maxLengthOf(field, props.template);
  const placeholder = field.placeholder ?? `请输入${field.label}`;

  switch (field.type) {
    case 'input':
      return locked ? (
        <p className="py-1.5 text-sm break-all text-ink" id={id}>
          {shown(entryText(entry))}
        </p>
      ) : (
        <input
          id={id}
          className="input"
          aria-label={field.label}
          value={entryText(entry)}
          maxLength={max}
          inputMode={field.format === 'amount' ? 'decimal' : field.format ? 'numeric' : undefined}
          placeholder={placeholder}
          onChange={(e) => change(e.target.value)}
          onBlur={(e) => e.target.value !== e.target.value.trim() && change(e.target.value.trim())}
        />
      );
    case 'textarea':
      return locked ? (
        <p className="py-1.5 text-sm break-all whitespace-pre-wrap text-ink" id={id}>
          {shown(entryText(entry))}
        </p>
      ) : (
        <AutoTextarea
          id={id}
          label={field.label}
          value={entryText(entry)}
          maxLength={max}
          placeholder={placeholder}
          onChange={(v) => change(v)}
        />
      );
    case 'textareas': {
      const texts = entryTexts(entry);
      if (locked)
        return (
          <ol className="list-decimal space-y-1 py-1.5 pl-5 text-sm text-ink" id={id}>
            {texts
              .filter((t) => t !== '')
              .map((t, i) => (
                <li key={i} className="break-all whitespace-pre-wrap">
                  {t}
                </li>
              ))}
          </ol>
        );
      return (
        <div className="space-y-2" id={id}>
          {texts.map((t, i) => (
            <div key={i} className="flex items-start gap-2">
              <AutoTextarea
                label={`${field.label}${i + 1}`}
                value={t}
                maxLength={max}
                placeholder={placeholder}
                onChange={(v) => change(texts.map((x, j) => (j === i ? v : x)))}
              />
              {texts.length > 1 && (
                <Button
                  size="sm"
                  variant="text"
                  onClick={() => change(texts.filter((_, j) => j !== i))}
                >
                  删除
                </Button>
              )}
            </div>
          ))}
          <Button size="sm" onClick={() => change([...texts, ''])}>
            添加一条
          </Button>
        </div>
      );
    }
    case 'text':
      return (
        <p className="py-1.5 text-sm break-all text-ink" id={id}>
          {shown(entryText(entry) || (field.value ?? ''))}
        </p>
      );
    case 'option':
      return locked ? (
        <p className="py-1.5 text-sm text-ink" id={id}>
          {shown(optionLabel(options, entryText(entry)))}
        </p>
      ) : (
        <select
          id={id}
          className="input"
          aria-label={field.label}
          value={entryText(entry)}
          onChange={(e) => change(e.target.value)}
        >
          <option value="">请选择{field.label}</option>
          {options.map((o) => (
            <option key={templateOptionValue(o)} value={templateOptionValue(o)}>
              {templateOptionText(o)}
            </option>
          ))}
        </select>
      );
    case 'options': {
      const chosen = entryChoices(entry);
      if (locked)
        return (
          <p className="py-1.5 text-sm text-ink" id={id}>
            {shown(chosen.map((v) => optionLabel(options, v)).join('、'))}
          </p>
        );
      return (
        <div
          className="flex flex-wrap gap-x-4 gap-y-1.5 py-1"
          id={id}
          role="group"
          aria-label={field.label}
        >
          {options.map((o) => {
            const v = templateOptionValue(o);
            return (
              <label key={v} className="flex items-center gap-1.5 text-sm text-ink">
                <input
                  type="checkbox"
                  checked={chosen.includes(v)}
                  onChange={(e) =>
                    change(
                      options
                        .map(templateOptionValue)
                        .filter((x) => (x === v ? e.target.checked : chosen.includes(x))),
                    )
                  }
                />
                {templateOptionText(o)}
              </label>
            );
          })}
        </div>
      );
    }
    case 'optionInput': {
      const selected = entry?.selectValue ?? '';
      const free = optionInputIsFreeText(field, selected);
      if (locked)
        return (
          <p className="py-1.5 text-sm break-all whitespace-pre-wrap text-ink" id={id}>
            {shown(
              free
                ? entryText(entry) || optionLabel(options, selected)
                : optionLabel(options, selected),
            )}
          </p>
        );
      if (free)
        return (
          <div className="space-y-1.5" id={id}>
            <AutoTextarea
              label={field.label}
              value={entryText(entry)}
              maxLength={max}
              placeholder={`请填写${field.label}`}
              onChange={(v) => change(v, selected)}
            />
            <Button size="sm" variant="text" onClick={() => change('', '')}>
              重新选择
            </Button>
          </div>
        );
      return (
        <select
          id={id}
          className="input"
          aria-label={field.label}
          value={selected}
          onChange={(e) => change('', e.target.value)}
        >
          <option value="">请选择{field.label}</option>
          {options.map((o) => (
            <option key={templateOptionValue(o)} value={templateOptionValue(o)}>
              {templateOptionText(o)}
            </option>
          ))}
        </select>
      );
    }
    case 'cascader':
      return (
        <Cascader
          id={id}
          field={field}
          locked={locked}
          options={options}
          value={entryText(entry)}
          onChange={(v) => change(v)}
        />
      );
    case 'timeSelect':
      return locked ? (
        <p className="py-1.5 text-sm text-ink" id={id}>
          {shown(entryText(entry))}
        </p>
      ) : (
        <DateInput
          id={id}
          className="input"
          aria-label={field.label}
          value={entryText(entry)}
          onChange={(e) => change(e.target.value)}
        />
      );
    case 'checkbox':
    case 'radioBox':
      return (
        <ChoiceDialogField
          id={id}
          field={field}
          locked={locked}
          options={options}
          chosen={
            field.type === 'checkbox' ? entryChoices(entry) : [entryText(entry)].filter(Boolean)
          }
          onChange={(values) => change(field.type === 'checkbox' ? values : (values[0] ?? ''))}
        />
      );
    case 'upload':
    case 'bigUpload':
    case 'uploadAlways':
      return (
        <FileField
          id={id}
          field={field}
          locked={locked && !(field.type === 'uploadAlways' && props.onChange && !props.readOnly)}
          files={entryFiles(entry)}
          actions={props.files}
          onChange={(files) => change(files)}
        />
      );
    case 'previewpdf':
    case 'previewpdfs': {
      const urls = (entryText(entry) || field.value || field.signurl || '')
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean);
      const list = field.type === 'previewpdf' ? urls.slice(0, 1) : urls;
      if (list.length === 0)
        return (
          <p className="py-1.5 text-sm text-muted" id={id}>
            暂无文件
          </p>
        );
      return (
        <div className="flex flex-wrap gap-2 py-0.5" id={id}>
          {list.map((url, i) => (
            <Button
              key={url}
              size="sm"
              onClick={() =>
                props.files?.preview({
                  name: `${field.label}${list.length > 1 ? i + 1 : ''}.pdf`,
                  filePath: url,
                })
              }
            >
              {field.buttonText ?? '预览'}
              {list.length > 1 ? i + 1 : ''}
            </Button>
          ))}
        </div>
      );
    }
    case 'valueOption': {
      const selected = entry?.selectValue ?? field.selectval ?? '';
      const text = entryText(entry) || field.value || '';
      return (
        <div className="flex items-center gap-2" id={id}>
          <span className="text-sm whitespace-nowrap text-ink">{text}</span>
          {locked ? (
            <span className="text-sm text-ink">{shown(optionLabel(options, selected))}</span>
          ) : (
            <select
              className="input"
              aria-label={field.label}
              value={selected}
              onChange={(e) => change(text, e.target.value)}
            >
              <option value="">请选择</option>
              {options.map((o) => (
                <option key={templateOptionValue(o)} value={templateOptionValue(o)}>
                  {templateOptionText(o)}
                </option>
              ))}
            </select>
          )}
        </div>
      );
    }
  }
}
