import type { OptionSource, TemplateOption } from './template.js';

/** Default text of the seal purpose field (000 §9). */
export const DEFAULT_SEAL_PURPOSE = '其他相关设计技术文件';

/**
 * Option values are the codes of the dictionaries the seed creates (seal_type, invoice_type,
 * invoice_purpose, draw_file_type, blueprint_color), so content stored from a dictionary and
 * content checked against these defaults agree; the label is what people see and what prints.
 */
const opts = (labels: readonly string[]): readonly TemplateOption[] =>
  labels.map((text, i) => ({ text, value: String(i + 1) }));

/**
 * Seal types (000 §9), in the spec's order. The registered seals take the titles the seals
 * themselves carry (注册建筑师, 注册结构工程师); the technical seal is 技术章, the name the spec
 * gives the 25_x forms.
 */
export const SEAL_TYPE_OPTIONS: readonly TemplateOption[] = opts([
  '公章',
  '节能章',
  '审图章',
  '出图章',
  '技术章',
  '工艺图章',
  '施工准备章',
  '注册建筑师章',
  '注册结构工程师章',
]);

/** The value in a seal type selection that means the company seal (the 25_1 rule): 公章. */
export const COMPANY_SEAL_VALUE = '1';

/** Invoice types (000 §9). */
export const INVOICE_TYPE_OPTIONS: readonly TemplateOption[] = opts([
  '增值税普通发票',
  '增值税专用发票',
]);

/** Invoice purposes (000 §9). */
export const INVOICE_PURPOSE_OPTIONS: readonly TemplateOption[] = opts(['设计费', '咨询费']);

/** Blueprint colours (000 §9): white print or blue print. */
export const BLUEPRINT_COLOUR_OPTIONS: readonly TemplateOption[] = opts(['白图', '蓝图']);

/** Drawing file categories with the extensions each accepts (000 §9 "file types per category"). */
export const DRAW_FILE_TYPES: readonly {
  readonly value: string;
  readonly text: string;
  readonly extensions: readonly string[];
}[] = [
  { value: '1', text: '效果图', extensions: ['jpg', 'png', 'pdf'] },
  { value: '2', text: '文本', extensions: ['doc', 'docx', 'pdf', 'txt'] },
  { value: '3', text: 'CAD图纸', extensions: ['dwg', 'dxf', 'zip'] },
  { value: '4', text: '压缩包', extensions: ['zip', 'rar'] },
];

export const DRAW_FILE_TYPE_OPTIONS: readonly TemplateOption[] = DRAW_FILE_TYPES.map(
  ({ text, value }) => ({ text, value }),
);

/** The extensions a drawing file category accepts; empty for an unknown category. */
export const drawFileExtensions = (category: string): readonly string[] =>
  DRAW_FILE_TYPES.find((t) => t.value === category)?.extensions ?? [];

/** Where each option source's options come from at run time. */
export type OptionSourceOrigin =
  | {
      readonly origin: 'dictionary';
      readonly dictType: string;
      /** What core checks against when the caller passes no run-time options. */
      readonly defaults?: readonly TemplateOption[];
    }
  /** The two fixed bank names kept in session, then the bank_name dictionary (000 §3). */
  | { readonly origin: 'bankNames'; readonly dictType: 'bank_name' }
  | { readonly origin: 'departments' };

/**
 * The option sources of 000 §3 and where their options come from. The spec names the sources
 * but not their contents; our reading:
 * - unGuidangStore / guidangStore: the print colour of the unarchived and the archived blueprint
 *   (unGuidangShowImg, guidangShowImg), i.e. the blueprint colours.
 * - drawFileTypeNewStore: the newer list of drawFileTypeStore; the spec shows one set of
 *   categories, so both read it.
 * - Everything that is a list of values is a dictionary, so an administrator can change it
 *   without a release; where 000 §9 gives the values core keeps them as defaults.
 */
export const OPTION_SOURCE_ORIGINS: Readonly<Record<OptionSource, OptionSourceOrigin>> = {
  drawFileTypeNewStore: {
    origin: 'dictionary',
    dictType: 'draw_file_type',
    defaults: DRAW_FILE_TYPE_OPTIONS,
  },
  drawFileTypeStore: {
    origin: 'dictionary',
    dictType: 'draw_file_type',
    defaults: DRAW_FILE_TYPE_OPTIONS,
  },
  unGuidangStore: {
    origin: 'dictionary',
    dictType: 'blueprint_color',
    defaults: BLUEPRINT_COLOUR_OPTIONS,
  },
  guidangStore: {
    origin: 'dictionary',
    dictType: 'blueprint_color',
    defaults: BLUEPRINT_COLOUR_OPTIONS,
  },
  sealTypeStore: { origin: 'dictionary', dictType: 'seal_type', defaults: SEAL_TYPE_OPTIONS },
  sealCatetoryStore: { origin: 'dictionary', dictType: 'seal_category' },
  taxRateStore: { origin: 'dictionary', dictType: 'tax_rate' },
  BankName: { origin: 'bankNames', dictType: 'bank_name' },
  deptlist: { origin: 'departments' },
};

/** The options core knows for a source without a server call, if any. */
export const defaultOptionsOf = (source: OptionSource): readonly TemplateOption[] | undefined => {
  const o = OPTION_SOURCE_ORIGINS[source];
  return o.origin === 'dictionary' ? o.defaults : undefined;
};
