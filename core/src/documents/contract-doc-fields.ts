import type { ContractDocType } from './contract-doc-type.js';

/** Every field any contract document has (001 §3 "Contract document content"). */
export const CONTRACT_DOC_FIELD_NAMES = [
  // Party A: the fixed institute, from company settings.
  'signBySub',
  'subAddress',
  'subTaxpayerNum',
  'subOpenBank',
  'subOpenBankNum',
  'subPhone',
  // Party B: the outside party.
  'signByMain',
  'mainAddress',
  'mainPhone',
  'mainOpenBank',
  'mainOpenBankNum',
  'mainTaxpayerNum',
  // The contract.
  'projectName',
  'contractId',
  'contractName',
  'designStage',
  'designStageId',
  'totalAmount',
  'upValue',
  'signDate',
  // Per type.
  'projectChildName',
  'fwContent',
  'majorId',
  'majorName',
  'projectResultContent',
  'totalNum',
  'withinAmount',
  'withinUpValue',
  'withinDay',
  'startTime',
  'endTime',
] as const;
export type ContractDocFieldName = (typeof CONTRACT_DOC_FIELD_NAMES)[number];

/** A document's values: every field as text, '' when empty or not used by the type. */
export type ContractDocValues = Readonly<Record<ContractDocFieldName, string>>;

export const EMPTY_CONTRACT_DOC_VALUES: ContractDocValues = Object.fromEntries(
  CONTRACT_DOC_FIELD_NAMES.map((name) => [name, '']),
) as Record<ContractDocFieldName, string>;

/**
 * How a field is filled:
 * - partyA: from company settings, never editable;
 * - words: amount in words, computed, never editable;
 * - derived: computed from other fields (the contract name);
 * - reference: an id set together with its text by a choice (contractId, designStageId, majorId);
 * - choice: chosen from options (project, stage, discipline, type 7's production type);
 * - text, textarea, amount, date, integer: typed by the person.
 */
export type ContractDocFieldKind =
  | 'partyA'
  | 'words'
  | 'derived'
  | 'reference'
  | 'choice'
  | 'text'
  | 'textarea'
  | 'amount'
  | 'date'
  | 'integer';

export interface ContractDocFieldSpec {
  readonly name: ContractDocFieldName;
  readonly label: string;
  readonly kind: ContractDocFieldKind;
  readonly party?: 'A' | 'B';
  /** Characters (UTF-16 units, as the browser's maxlength counts them); digits for integers. */
  readonly maxLength?: number;
  /** Needed before the document is submitted; a draft may leave it empty. */
  readonly requiredOnSubmit: boolean;
}

/** Input and textarea defaults (000 §5). */
export const DEFAULT_INPUT_MAX = 50;
export const DEFAULT_TEXTAREA_MAX = 1000;
/** Quantities and day counts: nine digits is far beyond any real value and fits an int. */
export const INTEGER_MAX_DIGITS = 9;

/** The production types of the graphics production contract (001 §3, type 7). */
export const GRAPHICS_PRODUCTION_TYPES = [
  '打印',
  '复印',
  '出图',
  '效果图',
  '画册',
  '模型',
  '动画',
] as const;

type Spec = Omit<ContractDocFieldSpec, 'name' | 'requiredOnSubmit'> & {
  readonly requiredOnSubmit?: boolean;
};

/**
 * Field specs shared by every type. Party limits are the spec's (001 §5); other typed text takes
 * the input default. Why choice, reference and derived fields have no length limit: their text
 * comes from the server's own records (project and stage names), not from the keyboard.
 */
const BASE: Readonly<Record<Exclude<ContractDocFieldName, 'fwContent'>, Spec>> = {
  signBySub: {
    label: '甲方',
    kind: 'partyA',
    party: 'A',
    maxLength: DEFAULT_INPUT_MAX,
    requiredOnSubmit: true,
  },
  subAddress: { label: '甲方地址', kind: 'partyA', party: 'A', maxLength: DEFAULT_INPUT_MAX },
  subTaxpayerNum: { label: '甲方纳税人识别号', kind: 'partyA', party: 'A', maxLength: 15 },
  subOpenBank: { label: '甲方开户银行', kind: 'partyA', party: 'A', maxLength: 20 },
  subOpenBankNum: { label: '甲方银行账号', kind: 'partyA', party: 'A', maxLength: 20 },
  subPhone: { label: '甲方电话', kind: 'partyA', party: 'A', maxLength: 15 },
  signByMain: {
    label: '乙方',
    kind: 'text',
    party: 'B',
    maxLength: DEFAULT_INPUT_MAX,
    requiredOnSubmit: true,
  },
  mainAddress: { label: '乙方地址', kind: 'text', party: 'B', maxLength: DEFAULT_INPUT_MAX },
  mainPhone: { label: '乙方电话', kind: 'text', party: 'B', maxLength: 15 },
  mainOpenBank: { label: '乙方开户银行', kind: 'text', party: 'B', maxLength: 20 },
  mainOpenBankNum: { label: '乙方银行账号', kind: 'text', party: 'B', maxLength: 30 },
  mainTaxpayerNum: { label: '乙方纳税人识别号', kind: 'text', party: 'B', maxLength: 15 },
  projectName: { label: '项目名称', kind: 'choice', requiredOnSubmit: true },
  contractId: { label: '关联合同', kind: 'reference' },
  contractName: { label: '合同名称', kind: 'derived', requiredOnSubmit: true },
  designStage: { label: '设计阶段', kind: 'choice', requiredOnSubmit: true },
  designStageId: { label: '设计阶段编号', kind: 'reference' },
  totalAmount: { label: '合同金额（万元）', kind: 'amount', requiredOnSubmit: true },
  upValue: { label: '合同金额大写', kind: 'words' },
  signDate: { label: '签订日期', kind: 'date', requiredOnSubmit: true },
  projectChildName: { label: '子项名称', kind: 'text', maxLength: DEFAULT_INPUT_MAX },
  majorId: { label: '专业编号', kind: 'reference' },
  majorName: { label: '专业', kind: 'choice', requiredOnSubmit: true },
  projectResultContent: { label: '成果内容', kind: 'textarea', maxLength: DEFAULT_TEXTAREA_MAX },
  totalNum: { label: '数量', kind: 'integer', maxLength: INTEGER_MAX_DIGITS },
  withinAmount: { label: '期限内支付金额（万元）', kind: 'amount' },
  withinUpValue: { label: '期限内支付金额大写', kind: 'words' },
  withinDay: { label: '支付期限（天）', kind: 'integer', maxLength: INTEGER_MAX_DIGITS },
  startTime: { label: '服务开始日期', kind: 'date', requiredOnSubmit: true },
  endTime: { label: '服务结束日期', kind: 'date', requiredOnSubmit: true },
};

/**
 * fwContent means something different per type (001 §3): the service content (2, 8), the special
 * technical service content (3), the production type (7). Why type 8's is a one-line input: it
 * becomes the contract name.
 */
const FW_CONTENT: Readonly<Partial<Record<ContractDocType, Spec>>> = {
  2: { label: '服务内容', kind: 'textarea', maxLength: DEFAULT_TEXTAREA_MAX },
  3: { label: '特殊技术服务内容', kind: 'textarea', maxLength: DEFAULT_TEXTAREA_MAX },
  7: { label: '制作类型', kind: 'choice', requiredOnSubmit: true },
  8: { label: '服务内容', kind: 'text', maxLength: DEFAULT_INPUT_MAX, requiredOnSubmit: true },
};

const PARTIES = [
  'signBySub',
  'subAddress',
  'subTaxpayerNum',
  'subOpenBank',
  'subOpenBankNum',
  'subPhone',
  'signByMain',
  'mainAddress',
  'mainPhone',
  'mainOpenBank',
  'mainOpenBankNum',
] as const satisfies readonly ContractDocFieldName[];

const PROJECT = [
  'projectName',
  'contractId',
  'contractName',
  'designStage',
  'designStageId',
] as const;
const AMOUNT = ['totalAmount', 'upValue', 'signDate'] as const;

/** Which fields each type has, in reading order. */
export const CONTRACT_DOC_FIELDS_BY_TYPE: Readonly<
  Record<ContractDocType, readonly ContractDocFieldName[]>
> = {
  1: [...PARTIES, ...PROJECT, 'projectChildName', ...AMOUNT],
  2: [...PARTIES, ...PROJECT, 'projectChildName', 'fwContent', ...AMOUNT],
  3: [...PARTIES, ...PROJECT, 'fwContent', ...AMOUNT],
  6: [...PARTIES, ...PROJECT, 'projectChildName', 'majorId', 'majorName', ...AMOUNT],
  7: [...PARTIES, ...PROJECT, 'fwContent', 'projectResultContent', 'totalNum', ...AMOUNT],
  // Type 8 has no project or stage; its name comes from fwContent.
  8: [
    ...PARTIES,
    'mainTaxpayerNum',
    'contractName',
    'fwContent',
    'totalAmount',
    'upValue',
    'withinAmount',
    'withinUpValue',
    'withinDay',
    'startTime',
    'endTime',
    'signDate',
  ],
};

export const hasContractDocField = (type: ContractDocType, field: ContractDocFieldName): boolean =>
  CONTRACT_DOC_FIELDS_BY_TYPE[type].includes(field);

/** Whether a type chooses a project and a stage (all but type 8). */
export const hasProjectAndStage = (type: ContractDocType): boolean => type !== 8;

/** The spec of one field of a type; throws for a field the type does not have. */
export const contractDocFieldSpec = (
  type: ContractDocType,
  field: ContractDocFieldName,
): ContractDocFieldSpec => {
  if (!hasContractDocField(type, field)) {
    throw new RangeError(`contract document type ${type} has no field ${field}`);
  }
  const spec = field === 'fwContent' ? FW_CONTENT[type] : BASE[field];
  if (spec === undefined) throw new RangeError(`no spec for ${field} of type ${type}`);
  return { name: field, ...spec, requiredOnSubmit: spec.requiredOnSubmit ?? false };
};

export const contractDocFieldSpecs = (type: ContractDocType): readonly ContractDocFieldSpec[] =>
  CONTRACT_DOC_FIELDS_BY_TYPE[type].map((field) => contractDocFieldSpec(type, field));

export const contractDocFieldLabel = (
  type: ContractDocType,
  field: ContractDocFieldName,
): string => (field === 'fwContent' ? (FW_CONTENT[type]?.label ?? '服务内容') : BASE[field].label);

/**
 * Whether the person can change a field on screen (001 §5): party A and the amount words never;
 * the contract name and the ids never directly (they follow the choices); everything else only
 * when the document is not read-only. Choices are edited through their actions.
 */
export const isContractDocFieldEditable = (
  type: ContractDocType,
  field: ContractDocFieldName,
  readOnly: boolean,
): boolean => {
  if (readOnly || !hasContractDocField(type, field)) return false;
  const { kind } = contractDocFieldSpec(type, field);
  return kind !== 'partyA' && kind !== 'words' && kind !== 'derived' && kind !== 'reference';
};

/** What no person types or chooses: filled from the settings, or computed from other fields. */
const FILLED_FOR_THEM: readonly ContractDocFieldKind[] = [
  'partyA',
  'words',
  'derived',
  'reference',
];

/**
 * The fields the person must fill before the document is submitted, which its form marks with
 * `*`: the type's fields a submit needs, less those filled for them (party A from the company
 * settings by the server; the name, the words and the ids from what they chose or typed).
 */
export const requiredContractDocFields = (type: ContractDocType): ContractDocFieldName[] =>
  contractDocFieldSpecs(type)
    .filter((s) => s.requiredOnSubmit && !FILLED_FOR_THEM.includes(s.kind))
    .map((s) => s.name);
