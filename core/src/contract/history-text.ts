import { displayAmount, displayRate } from '../money/amount-display.js';
import { CONTRACT_FILE_CATEGORY_LABELS } from './contract-file.js';
import { CONTRACT_FIELD_LABELS } from './contract-messages.js';
import { BIZ_SOURCE_LABELS, CONTRACT_BIZ_TYPE_LABELS, CONTRACT_STAGE_LABELS } from './contract.js';

/**
 * A record's change history (contracts, filings, sub-contracts) read as sentences a person
 * wrote: who, what in words, and each changed field by its label with the values as people
 * read them ("王经营 修改：合同金额 100 → 120 万元"). The one place this wording lives.
 */

/** One stored history line, as the detail answers carry it. */
export interface HistoryLine {
  readonly action: string;
  readonly changes: Readonly<Record<string, readonly [unknown, unknown]>>;
  /** The login of who did it ('审批流程' for the approval's own moves). */
  readonly userName: string;
  /** Who did it by name, when the answer carries it (preferred over the login). */
  readonly createByName?: string | null | undefined;
}

/** What each action says, when its changes do not say more (see `verbOf`). */
export const HISTORY_ACTION_TEXT: Readonly<Record<string, string>> = {
  update: '修改',
  deleteUnEffective: '删除未生效合同',
  updateEffective: '修改生效状态',
  modifyContractName: '修改合同名称',
  convertByStaySign: '签订合同，转为待审合同',
  convertByDeclareProject: '立项转为合同，待提交审批',
  updateToApproval: '提交审批',
  approvalEnded: '审批结束',
  contractChangeRequested: '申请合同变更，提交审批',
  contractChange: '合同变更审批通过，变更生效',
  lixiangChangeRequested: '申请备案变更，提交审批',
  lixiangChange: '备案变更审批通过，变更生效',
  uploadContractFiles: '上传文件',
  deleteContractFile: '删除文件',
  insertChildPay: '登记付款',
  updateChildPay: '修改付款',
  deleteChildPay: '删除付款',
  updateExpensesOfTaxation: '修改税费',
};

/** Fields the verb already tells or that only link records: never listed as changes. */
const UNLISTED = new Set([
  'approvalId',
  'changeId',
  'version',
  'stage',
  'status',
  'effective',
  'convertedFrom',
  'deleted',
  'serviceManagerId',
  'deptId',
  'userId',
]);

/** Fields in 万元: their values read through displayAmount and the line ends in 万元. */
const AMOUNT_FIELDS = new Set([
  'totalAmount',
  'receiveAmount',
  'cleanAmount',
  'realAmount',
  'directFee',
  'technicalFee',
  'operateFee',
  'expertFee',
  'designFee',
  'payAmount',
  'realPayAmount',
  'extendAmount',
]);

/** Fields that hold a fraction read as a percentage. */
const RATE_FIELDS = new Set(['realAmountRate', 'taxRate']);

/** Labels the history reads better with than the form's (the name is the manager). */
const HISTORY_LABELS: Readonly<Record<string, string>> = {
  serviceManagerName: '服务经理',
  ...CONTRACT_FILE_CATEGORY_LABELS,
};

/** Long text fields are named as changed, not quoted: a clause does not fit a line. */
const QUOTABLE_LENGTH = 30;

const EMPTY = '（空）';

const isBlank = (v: unknown): boolean =>
  v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

const plain = (v: unknown): string =>
  typeof v === 'string'
    ? v
    : typeof v === 'number' || typeof v === 'boolean'
      ? String(v)
      : JSON.stringify(v);

/** A value as people read it, by what its field holds. */
function valueText(field: string, v: unknown): string {
  if (isBlank(v)) return EMPTY;
  if (AMOUNT_FIELDS.has(field)) return displayAmount(v);
  if (RATE_FIELDS.has(field)) return displayRate(v);
  if (field === 'bizSource')
    return BIZ_SOURCE_LABELS[plain(v) as keyof typeof BIZ_SOURCE_LABELS] ?? plain(v);
  if (field === 'bizType')
    return CONTRACT_BIZ_TYPE_LABELS[plain(v) as keyof typeof CONTRACT_BIZ_TYPE_LABELS] ?? plain(v);
  if (Array.isArray(v)) return v.map(plain).join('、');
  return plain(v);
}

export const historyFieldLabel = (field: string): string =>
  HISTORY_LABELS[field] ?? CONTRACT_FIELD_LABELS[field] ?? field;

/** One changed field in words: "合同金额 100 → 120 万元", "合同条款 已修改", "合同文件 新增 a.pdf". */
export function fieldChangeText(field: string, before: unknown, after: unknown): string {
  const label = historyFieldLabel(field);
  if (field in CONTRACT_FILE_CATEGORY_LABELS) {
    return isBlank(before)
      ? `${label} ${valueText(field, after)}`
      : `${label} ${valueText(field, before)}`;
  }
  const a = valueText(field, before);
  const b = valueText(field, after);
  if (a.length > QUOTABLE_LENGTH || b.length > QUOTABLE_LENGTH) return `${label} 已修改`;
  return `${label} ${a} → ${b}${AMOUNT_FIELDS.has(field) ? ' 万元' : ''}`;
}

/** The actions that name the record: 新增合同, 补录历史备案, 删除分包合同. */
const NAMING_ACTIONS: Readonly<Record<string, (noun: string) => string>> = {
  add: (noun) => `新增${noun}`,
  addHistory: (noun) => `补录历史${noun}`,
  delete: (noun) => `删除${noun}`,
};

/** What happened, in words; an ended approval and the effective switch say how they ended. */
function verbOf(line: HistoryLine, noun: string): string {
  const { action, changes } = line;
  const naming = NAMING_ACTIONS[action];
  if (naming !== undefined) return naming(noun);
  if (action === 'approvalEnded') {
    const status = changes['status']?.[1];
    const stage = changes['stage']?.[1];
    if (status === 1 && stage === 'formal') return '审批通过，转为正式合同';
    if (status === 1) return '审批通过';
    if (status === 2) return '审批驳回';
    if (status === 3) return '审批撤回';
    if (typeof stage === 'string' && stage in CONTRACT_STAGE_LABELS)
      return `审批结束，转为${CONTRACT_STAGE_LABELS[stage as keyof typeof CONTRACT_STAGE_LABELS]}`;
  }
  if (action === 'updateEffective') {
    const effective = changes['effective']?.[1];
    if (effective === true) return '确认合同生效';
    if (effective === false) return '取消合同生效';
  }
  return HISTORY_ACTION_TEXT[action] ?? action;
}

/** Who did it: the name when the line carries one, else the login. */
export const historyActor = (line: HistoryLine): string =>
  line.createByName?.trim() ? line.createByName : line.userName;

/**
 * A history line as a sentence, `noun` naming the record (合同, 备案, 分包合同):
 * "王经营 新增合同", "王经营 提交审批", "审批流程 审批通过，转为正式合同",
 * "王经营 修改：合同金额 100 → 120 万元；签订日期 （空） → 2026-05-01".
 */
export function historySentence(line: HistoryLine, noun = '记录'): string {
  const changed = Object.entries(line.changes)
    .filter(([field]) => !UNLISTED.has(field))
    .map(([field, [before, after]]) => fieldChangeText(field, before, after));
  const head = `${historyActor(line)} ${verbOf(line, noun)}`;
  return changed.length === 0 ? head : `${head}：${changed.join('；')}`;
}
