import type { OptionSource, TemplateOption } from './template.js';

/** Default text of the seal purpose field (000 §9). */
export const DEFAULT_SEAL_PURPOSE = '其他相关设计技术文件';

/** The value in a seal type selection that means the company seal (the 25_1 rule). */
export const COMPANY_SEAL_VALUE = '公章';

/**
 * Seal types (000 §9). Values are the Chinese labels: the original forms store and print the
 * label, and the 25_1 rule looks for the company-seal value in the selection. The registered
 * seals take the titles the seals themselves carry (注册建筑师, 注册结构工程师), not a short form.
 */
export const SEAL_TYPE_OPTIONS: readonly TemplateOption[] = [
  { text: '公章', value: '公章' },
  { text: '节能章', value: '节能章' },
  { text: '审图章', value: '审图章' },
  { text: '出图章', value: '出图章' },
  { text: '技术章', value: '技术章' },
  { text: '工艺图章', value: '工艺图章' },
  { text: '施工准备章', value: '施工准备章' },
  { text: '注册建筑师章', value: '注册建筑师章' },
  { text: '注册结构工程师章', value: '注册结构工程师章' },
];

/** Invoice types (000 §9). */
export const INVOICE_TYPE_OPTIONS: readonly TemplateOption[] = [
  { text: '增值税普通发票', value: '增值税普通发票' },
  { text: '增值税专用发票', value: '增值税专用发票' },
];

/** Invoice purposes (000 §9). */
export const INVOICE_PURPOSE_OPTIONS: readonly TemplateOption[] = [
  { text: '设计费', value: '设计费' },
  { text: '咨询费', value: '咨询费' },
];

/** Blueprint colours (000 §9): white print or blue print. */
export const BLUEPRINT_COLOUR_OPTIONS: readonly TemplateOption[] = [
  { text: '白图', value: '白图' },
  { text: '蓝图', value: '蓝图' },
];

/** Drawing file categories with the extensions each accepts (000 §9 "file types per category"). */
export const DRAW_FILE_TYPES: readonly {
  readonly value: string;
  readonly text: string;
  readonly extensions: readonly string[];
}[] = [
  { value: '效果图', text: '效果图', extensions: ['jpg', 'png', 'pdf'] },
  { value: '文本', text: '文本', extensions: ['doc', 'docx', 'pdf', 'txt'] },
  { value: 'CAD图纸', text: 'CAD图纸', extensions: ['dwg', 'dxf', 'zip'] },
  { value: '压缩包', text: '压缩包', extensions: ['zip', 'rar'] },
];

export const DRAW_FILE_TYPE_OPTIONS: readonly TemplateOption[] = DRAW_FILE_TYPES.map(
  ({ text, value }) => ({ text, value }),
);

/** The extensions a drawing file category accepts; empty for an unknown category. */
export const drawFileExtensions = (category: string): readonly string[] =>
  DRAW_FILE_TYPES.find((t) => t.value === category)?.extensions ?? [];

/** Where each option source's options come from. */
export type OptionSourceOrigin =
  | { readonly origin: 'static'; readonly options: readonly TemplateOption[] }
  | { readonly origin: 'dictionary'; readonly dictType: string }
  | { readonly origin: 'session' }
  | { readonly origin: 'departments' };

/**
 * The option sources of 000 §3 and where their options come from. The spec names the sources
 * but not their contents; where 000 §9 lists the values we keep them here, the rest are read at
 * run time:
 * - unGuidangStore / guidangStore: the print colour of the unarchived and archived blueprint
 *   (unGuidangShowImg, guidangShowImg), i.e. the blueprint colours.
 * - drawFileTypeNewStore: the newer list of drawFileTypeStore; the spec shows one set of
 *   categories, so both carry it.
 * - sealCatetoryStore and taxRateStore: dictionaries (seal_category, tax_rate), editable by an
 *   administrator without a release.
 * - BankName: the two fixed bank names kept in session plus the bank_name dictionary (000 §3).
 * - deptlist: the department tree.
 */
export const OPTION_SOURCE_ORIGINS: Readonly<Record<OptionSource, OptionSourceOrigin>> = {
  drawFileTypeNewStore: { origin: 'static', options: DRAW_FILE_TYPE_OPTIONS },
  drawFileTypeStore: { origin: 'static', options: DRAW_FILE_TYPE_OPTIONS },
  unGuidangStore: { origin: 'static', options: BLUEPRINT_COLOUR_OPTIONS },
  guidangStore: { origin: 'static', options: BLUEPRINT_COLOUR_OPTIONS },
  sealTypeStore: { origin: 'static', options: SEAL_TYPE_OPTIONS },
  sealCatetoryStore: { origin: 'dictionary', dictType: 'seal_category' },
  taxRateStore: { origin: 'dictionary', dictType: 'tax_rate' },
  BankName: { origin: 'session' },
  deptlist: { origin: 'departments' },
};

/** The options known without a server call, for sources that have them. */
export const staticOptionsOf = (source: OptionSource): readonly TemplateOption[] | undefined => {
  const o = OPTION_SOURCE_ORIGINS[source];
  return o.origin === 'static' ? o.options : undefined;
};
