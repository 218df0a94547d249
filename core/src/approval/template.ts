/**
 * The approval-form template model of 000 §3: a template is a list of sections with labelled
 * fields; content is keyed by field refname. The web renders it, the server validates against it.
 */

/** Every field type of 000 §3. */
export const TEMPLATE_FIELD_TYPES = [
  'input',
  'textarea',
  'textareas',
  'text',
  'option',
  'options',
  'optionInput',
  'cascader',
  'timeSelect',
  'checkbox',
  'radioBox',
  'upload',
  'bigUpload',
  'uploadAlways',
  'previewpdf',
  'previewpdfs',
  'valueOption',
] as const;

export type TemplateFieldType = (typeof TEMPLATE_FIELD_TYPES)[number];

export const isTemplateFieldType = (value: unknown): value is TemplateFieldType =>
  typeof value === 'string' && (TEMPLATE_FIELD_TYPES as readonly string[]).includes(value);

/** Free text typed by the user. */
export const TEXT_FIELD_TYPES: readonly TemplateFieldType[] = ['input', 'textarea', 'textareas'];
/** Fields whose value is one choice. */
export const SINGLE_CHOICE_FIELD_TYPES: readonly TemplateFieldType[] = [
  'option',
  'radioBox',
  'cascader',
];
/** Fields whose value is several choices. */
export const MULTI_CHOICE_FIELD_TYPES: readonly TemplateFieldType[] = ['options', 'checkbox'];
/** Fields whose value is a list of files. */
export const FILE_FIELD_TYPES: readonly TemplateFieldType[] = [
  'upload',
  'bigUpload',
  'uploadAlways',
];
/** Fields that only show something; their content is never the user's to set. */
export const DISPLAY_FIELD_TYPES: readonly TemplateFieldType[] = [
  'text',
  'previewpdf',
  'previewpdfs',
];

/** Every dropdown option source of 000 §3. */
export const OPTION_SOURCES = [
  'drawFileTypeNewStore',
  'unGuidangStore',
  'guidangStore',
  'sealCatetoryStore',
  'sealTypeStore',
  'drawFileTypeStore',
  'taxRateStore',
  'BankName',
  'deptlist',
] as const;

export type OptionSource = (typeof OPTION_SOURCES)[number];

/** An option, in either of the two shapes of 000 §3; cascader options nest through `children`. */
export type TemplateOption =
  | { readonly text: string; readonly value: string }
  | {
      readonly label: string;
      readonly id: string | number;
      readonly children?: readonly TemplateOption[];
    };

/** The value an option stands for, as a string (ids of the label/id shape are numbers at times). */
export const templateOptionValue = (o: TemplateOption): string =>
  'value' in o ? o.value : String(o.id);
/** The text an option shows. */
export const templateOptionText = (o: TemplateOption): string => ('text' in o ? o.text : o.label);

/** A value format we check on inputs. Not a field attribute of the spec: our addition. */
export type FieldFormat = 'amount' | 'integer' | 'month';

/** A field with the attributes of 000 §3. */
export interface TemplateField {
  readonly type: TemplateFieldType;
  readonly refname: string;
  readonly label: string;
  /** optionInput: the select turns into a text area when the chosen value contains this. */
  readonly keyvalue?: string;
  /** The default value. */
  readonly value?: string;
  /** The default selection (option-like fields). */
  readonly selectval?: string;
  readonly options?: readonly TemplateOption[];
  readonly optionsource?: OptionSource;
  readonly maxlength?: number;
  /** Maximum file count; 1 makes the field single; 0 means no limit (see CHOICES.md). */
  readonly limit?: number;
  readonly placeholder?: string;
  readonly readonly?: boolean;
  readonly disabled?: boolean;
  readonly signurl?: string;
  readonly buttonText?: string;
  /**
   * Ours, not the spec's ("other required checks are not shown"): the server refuses an empty
   * value. Set only where a form means nothing without the field.
   */
  readonly required?: boolean;
  /** Ours: a format the value must have (an amount in 万元, a whole number, a month). */
  readonly format?: FieldFormat;
}

export interface TemplateSection {
  readonly title?: string;
  readonly fields: readonly TemplateField[];
}

/** A file as it sits in a template's files lists and in file-field content. */
export interface TemplateFile {
  readonly name?: string;
  readonly fileName?: string;
  readonly filePath?: string;
  /** The id the server issued for the stored file (DESIGN §6). */
  readonly fileId?: string;
}

/** The template keys of 000 §3, as an approval form carries them. */
export interface ApprovalTemplate {
  readonly approvalName: string;
  readonly approvalTitle: string;
  readonly approvalDept: string;
  readonly templateContent: readonly TemplateSection[];
  readonly files: readonly TemplateFile[];
  readonly contractFiles: readonly TemplateFile[];
  /** Template-level default max length for inputs and textareas (some templates use 150). */
  readonly defaultMaxLength?: number;
}

/** What validation needs of a template: its sections and its template-level default. */
export interface ValidatableTemplate {
  readonly templateContent: readonly TemplateSection[];
  readonly defaultMaxLength?: number;
}

/**
 * A content value: a string for text and single choices, a list of strings for multi-choice and
 * `textareas`, a list of files for upload fields.
 */
export type ContentValue = string | readonly string[] | readonly TemplateFile[];

/** One entry of a form's content (000 §3): keyed by refname. */
export interface ContentEntry {
  readonly label: string;
  readonly value: ContentValue;
  /** The chosen option of optionInput and valueOption (value holds the text). */
  readonly selectValue?: string;
  readonly type: TemplateFieldType;
}

export type TemplateContent = Readonly<Record<string, ContentEntry>>;

/** All fields of a template, in order. */
export const templateFields = (t: ValidatableTemplate): readonly TemplateField[] =>
  t.templateContent.flatMap((s) => s.fields);

/** The field named `refname`, if the template has it. */
export const findTemplateField = (
  t: ValidatableTemplate,
  refname: string,
): TemplateField | undefined => templateFields(t).find((f) => f.refname === refname);

/**
 * The content a new form starts with: every field's default value and selection, labelled and
 * typed from the template.
 */
export function initialContent(t: ValidatableTemplate): TemplateContent {
  const out: Record<string, ContentEntry> = {};
  for (const f of templateFields(t)) {
    const listy = [...FILE_FIELD_TYPES, ...MULTI_CHOICE_FIELD_TYPES, 'textareas'];
    const empty: ContentValue = listy.includes(f.type) ? [] : '';
    out[f.refname] = {
      label: f.label,
      type: f.type,
      value: f.value ?? empty,
      ...(f.selectval === undefined ? {} : { selectValue: f.selectval }),
    };
  }
  return out;
}
