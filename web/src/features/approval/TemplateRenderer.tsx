import {
  FILE_FIELD_TYPES,
  TEMPLATE_TEXTAREA_AUTOSIZE,
  fileIdOfReference,
  toFileEntry,
  templateOptionText,
  templateOptionValue,
  type TemplateContent,
  type TemplateField,
  type TemplateFile,
  type ValidatableTemplate,
} from '@dpms/core';
import { useState, type ReactNode } from 'react';
import { BigUpload } from '../../components/upload/BigUpload';
import { FileUpload } from '../../components/upload/FileUpload';
import type { UploadedFileRecord } from '../../components/upload/file-record';
import { Button } from '../../components/ui/Button';
import { MultiSelectDialog, SingleChoiceDialog } from '../../components/widgets/ChoiceDialogs';
import {
  cascaderLevel,
  cascaderPath,
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
import { fileNameOf, fileUrlOf } from './useApprovalFiles';
import { DateInput } from '../../components/ui/DateInput';

/** What file fields do with files; the form binds these to the server. */
export interface FileActions {
  preview: (file: TemplateFile) => void;
  download: (file: TemplateFile) => void;
}

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

const shown = (text: string): ReactNode =>
  text === '' ? <span className="text-muted">-</span> : text;

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

/** A textarea that grows from 5 to 10 rows (000 §5). */
function AutoTextarea({
  id,
  label,
  value,
  maxLength,
  placeholder,
  onChange,
}: {
  id?: string;
  label: string;
  value: string;
  maxLength: number | undefined;
  placeholder?: string;
  onChange: (value: string) => void;
}) {
  const lines = value.split('\n').length;
  const rows = Math.min(
    TEMPLATE_TEXTAREA_AUTOSIZE.maxRows,
    Math.max(TEMPLATE_TEXTAREA_AUTOSIZE.minRows, lines),
  );
  return (
    <div className="w-full">
      <textarea
        id={id}
        className="input h-auto! py-1.5"
        aria-label={label}
        rows={rows}
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        onBlur={(e) => e.target.value !== e.target.value.trim() && onChange(e.target.value.trim())}
      />
      {maxLength !== undefined && (
        <p className="text-right text-xs text-muted">
          {value.length}/{maxLength}
        </p>
      )}
    </div>
  );
}

/** Department-style cascader: one select per level; the value is the last id (000 §3). */
function Cascader({
  id,
  field,
  locked,
  options,
  value,
  onChange,
}: {
  id: string;
  field: TemplateField;
  locked: boolean;
  options: ReturnType<typeof fieldOptions>;
  value: string;
  onChange: (value: string) => void;
}) {
  const stored = cascaderPath(options, value);
  const [path, setPath] = useState<string[] | null>(null);
  const current = path ?? stored;
  if (locked) {
    const labels = current.map((v, i) =>
      optionLabel(cascaderLevel(options, current.slice(0, i)), v),
    );
    return (
      <p className="py-1.5 text-sm text-ink" id={id}>
        {shown(labels.join(' / ') || value)}
      </p>
    );
  }
  const selects: { level: readonly ReturnType<typeof fieldOptions>[number][]; chosen: string }[] =
    [];
  for (let i = 0; i <= current.length; i++) {
    const level = cascaderLevel(options, current.slice(0, i));
    if (level.length === 0) break;
    selects.push({ level, chosen: current[i] ?? '' });
  }
  return (
    <div className="flex flex-wrap gap-2" id={id}>
      {selects.map((s, i) => (
        <select
          key={i}
          className="input w-auto!"
          aria-label={i === 0 ? field.label : `${field.label}第${i + 1}级`}
          value={s.chosen}
          onChange={(e) => {
            const next = [...current.slice(0, i), ...(e.target.value ? [e.target.value] : [])];
            setPath(next);
            onChange(next[next.length - 1] ?? '');
          }}
        >
          <option value="">请选择</option>
          {s.level.map((o) => (
            <option key={templateOptionValue(o)} value={templateOptionValue(o)}>
              {templateOptionText(o)}
            </option>
          ))}
        </select>
      ))}
    </div>
  );
}

/** checkbox and radioBox: the choice is made in a dialog (000 §3). */
function ChoiceDialogField({
  id,
  field,
  locked,
  options,
  chosen,
  onChange,
}: {
  id: string;
  field: TemplateField;
  locked: boolean;
  options: ReturnType<typeof fieldOptions>;
  chosen: readonly string[];
  onChange: (values: string[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const text = chosen.map((v) => optionLabel(options, v)).join('、');
  const choices = options.map((o) => ({
    value: templateOptionValue(o),
    label: templateOptionText(o),
  }));
  if (locked)
    return (
      <p className="py-1.5 text-sm text-ink" id={id}>
        {shown(text)}
      </p>
    );
  return (
    <div className="flex items-center gap-2" id={id}>
      <span
        className="min-w-0 flex-1 truncate text-sm text-ink"
        data-testid={`${field.refname}-chosen`}
      >
        {text || <span className="text-muted">未选择</span>}
      </span>
      <Button size="sm" onClick={() => setOpen(true)}>
        {field.buttonText ?? '选择'}
      </Button>
      {open && field.type === 'checkbox' && (
        <MultiSelectDialog
          open
          title={field.label}
          options={choices}
          initial={[...chosen]}
          onClose={() => setOpen(false)}
          onConfirm={(values) => {
            onChange(values);
            setOpen(false);
          }}
        />
      )}
      {open && field.type === 'radioBox' && (
        <SingleChoiceDialog
          open
          title={field.label}
          options={choices}
          initial={chosen[0] ?? ''}
          onClose={() => setOpen(false)}
          onConfirm={(value) => {
            onChange([value]);
            setOpen(false);
          }}
        />
      )}
    </div>
  );
}

/**
 * The server id a stored form file names: its `fileId`, else the download address it carries.
 * Null for files saved before ids existed (the server answers them with `fileId: ''` and no
 * address).
 */
export function storedFileId(f: TemplateFile & { url?: string }): string | null {
  if (f.fileId !== undefined && f.fileId !== '') return f.fileId;
  for (const reference of [f.url, f.filePath]) {
    const id = reference ? fileIdOfReference(reference) : null;
    if (id !== null) return id;
  }
  return null;
}

/** A file the server no longer names: it cannot be opened, nor sent back (the server refuses it). */
export const isExpiredFile = (f: TemplateFile): boolean => storedFileId(f) === null;

export const EXPIRED_FILE_TEXT = '文件已失效，请重新上传';

/** The content with expired files left out of every file list, as a save sends it. */
export function withoutExpiredFiles(content: TemplateContent): TemplateContent {
  let changed = false;
  const out: Record<string, TemplateContent[string]> = {};
  for (const [refname, entry] of Object.entries(content)) {
    const value = entry.value;
    if (FILE_FIELD_TYPES.includes(entry.type) && Array.isArray(value)) {
      const files = (value as readonly unknown[]).filter(
        (f) => !(typeof f === 'object' && f !== null && isExpiredFile(f as TemplateFile)),
      );
      if (files.length !== value.length) {
        changed = true;
        out[refname] = { ...entry, value: files as readonly TemplateFile[] };
        continue;
      }
    }
    out[refname] = entry;
  }
  return changed ? out : content;
}

/** A stored form file as the shared uploader holds it (name, path, id, type). */
export const toUploadRecord = (f: TemplateFile & { size?: number }): UploadedFileRecord => ({
  ...toFileEntry({
    fileName: fileNameOf(f),
    filePath: fileUrlOf(f),
    isUpload: true,
  }),
  fileId: storedFileId(f) ?? '',
  ...(f.size === undefined ? {} : { size: f.size }),
});

/** Expired files, by name, with what to do: no preview, no download. */
function ExpiredFiles({ files }: { files: readonly TemplateFile[] }) {
  if (files.length === 0) return null;
  return (
    <ul className="divide-y divide-line rounded-control border border-line text-sm">
      {files.map((f, i) => (
        <li
          key={`${fileNameOf(f)}-${i}`}
          className="flex items-center gap-2 px-2.5 py-1.5"
          data-testid="expired-file"
        >
          <span className="min-w-0 flex-1 truncate text-muted line-through">{fileNameOf(f)}</span>
          <span className="text-xs text-danger-600">{EXPIRED_FILE_TEXT}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * upload, bigUpload, uploadAlways: while editable the shared uploader (FileUpload, or the
 * chunked BigUpload) with the field's limit; otherwise the stored files with preview and
 * download.
 */
function FileField({
  id,
  field,
  locked,
  files,
  actions,
  onChange,
}: {
  id: string;
  field: TemplateField;
  locked: boolean;
  files: readonly TemplateFile[];
  actions: FileActions | undefined;
  onChange: (files: readonly TemplateFile[]) => void;
}) {
  const limit = field.limit ?? 0;
  const expired = files.filter(isExpiredFile);
  if (!locked) {
    const value = files.filter((f) => !isExpiredFile(f)).map(toUploadRecord);
    // The form keeps and sends only what names a file: the id the server issued.
    // Expired files stay listed (the save leaves them out) so the person knows to upload again.
    const change = (records: readonly UploadedFileRecord[]) =>
      onChange([...records.map((r) => ({ fileId: r.fileId, fileName: r.fileName })), ...expired]);
    return (
      <div id={id} className="space-y-1.5">
        <ExpiredFiles files={expired} />
        {field.type === 'bigUpload' ? (
          <BigUpload profile="shell" value={value} onChange={change} limit={limit} />
        ) : (
          <FileUpload
            value={value}
            onChange={change}
            limit={limit}
            testId={`upload-${field.refname}`}
          />
        )}
      </div>
    );
  }
  return (
    <div className="space-y-1.5" id={id}>
      {files.length === 0 ? (
        <p className="py-1.5 text-sm text-muted">无附件</p>
      ) : (
        <ul className="divide-y divide-line rounded-control border border-line text-sm">
          {files.map((f, i) => (
            <li
              key={`${f.fileId || fileNameOf(f)}-${i}`}
              className="flex items-center gap-2 px-2.5 py-1.5"
              {...(isExpiredFile(f) ? { 'data-testid': 'expired-file' } : {})}
            >
              <span
                className={`min-w-0 flex-1 truncate ${isExpiredFile(f) ? 'text-muted line-through' : 'text-ink'}`}
              >
                {fileNameOf(f)}
              </span>
              {isExpiredFile(f) ? (
                <span className="text-xs text-danger-600">{EXPIRED_FILE_TEXT}</span>
              ) : (
                actions && (
                  <>
                    <Button size="sm" variant="text" onClick={() => actions.preview(f)}>
                      预览
                    </Button>
                    <Button size="sm" variant="text" onClick={() => actions.download(f)}>
                      下载
                    </Button>
                  </>
                )
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
