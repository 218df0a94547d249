/**
 * The approval form types of 000 §3 (code = group_variant) and the template kinds they are
 * created through (POST /project/approval/add{Kind}Template, 000 §7).
 */

export const TEMPLATE_KINDS = [
  'Common',
  'Declare',
  'FundMonthPlan',
  'Seal',
  'ShowImage',
  'TechnicalManage',
  'Invoice',
  'Contract',
  'ContractSeal',
  'ContractChange',
  'ArchivesApproval',
] as const;

export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

export const isTemplateKind = (value: unknown): value is TemplateKind =>
  typeof value === 'string' && (TEMPLATE_KINDS as readonly string[]).includes(value);

export interface TemplateKindInfo {
  readonly kind: TemplateKind;
  readonly name: string;
  /** POST path that creates an approval of this kind. */
  readonly addPath: string;
  /** POST path that updates one; absent where the spec has no update call. */
  readonly updatePath?: string;
  readonly hasUpdate: boolean;
}

const KIND_NAMES: Readonly<Record<TemplateKind, string>> = {
  Common: '通用审批',
  Declare: '项目备案',
  FundMonthPlan: '资金计划与付款',
  Seal: '用印申请',
  ShowImage: '晒图/效果图申请',
  TechnicalManage: '技术管理审批',
  Invoice: '开票申请',
  Contract: '合同评审',
  ContractSeal: '合同用印',
  ContractChange: '合同变更',
  ArchivesApproval: '档案借阅',
};

/** 000 §7: every kind has add{Kind}Template; all but ArchivesApproval have update{Kind}Template. */
const KINDS_WITHOUT_UPDATE: readonly TemplateKind[] = ['ArchivesApproval'];

export const TEMPLATE_KIND_CATALOGUE: readonly TemplateKindInfo[] = TEMPLATE_KINDS.map((kind) => {
  const hasUpdate = !KINDS_WITHOUT_UPDATE.includes(kind);
  const base = {
    kind,
    name: KIND_NAMES[kind],
    addPath: `/project/approval/add${kind}Template`,
    hasUpdate,
  };
  return hasUpdate ? { ...base, updatePath: `/project/approval/update${kind}Template` } : base;
});

export const templateKindInfo = (kind: TemplateKind): TemplateKindInfo => {
  const info = TEMPLATE_KIND_CATALOGUE.find((k) => k.kind === kind);
  if (info === undefined) throw new Error(`unknown template kind ${kind}`);
  return info;
};

/**
 * The groups of 000 §3 with their Chinese name and the kind each group is created through.
 * The spec gives the groups and the kinds but not the mapping; ours, with the reason:
 * - Contract: contract review sheets (1, 24) and payment contracts (5): each carries the contract
 *   approval field set (contract name, number, parties, amounts, dept, sign time, content).
 * - ContractSeal: the second payment-contract family (16): sealing a signed payment contract is a
 *   seal request on a contract, which is what the ContractSeal kind names.
 * - Declare: project filing records (2) and their changes (12), the declared-project side.
 * - FundMonthPlan: monthly fund plan (8), fund execution (9, 26) and monthly in-plan payment
 *   (20): all carry the payment request field set, whose planMonth/planPayAmount tie to the plan.
 * - Seal: result seal (13), official seal (21), technical seal (25): seal-use requests with seal
 *   category and type; 25_1 carries the general manager rule.
 * - ShowImage: blueprint/rendering requests (17).
 * - TechnicalManage: technical management approval (18).
 * - Invoice: invoice request (23).
 * - ContractChange: contract change (28).
 * - ArchivesApproval: retrieval commitment (27), the archive borrowing form with its pledge.
 * - Common: whatever has no dedicated kind: design task sheet (3), output value confirmation (4),
 *   loan agreement (10), settlement and closing review (11), approval document (19), generic (22).
 */
/** Every type code of 000 §3, in the spec's order. */
// prettier-ignore
export const APPROVAL_TYPE_CODES = [
  '1_1', '1_2', '1_3', '1_4', '1_5', '1_6', '1_7', '1_8',
  '2_1', '2_2', '2_3', '2_4', '2_5',
  '3_1', '3_2', '3_3', '3_4', '3_5',
  '4_1', '4_2', '4_3',
  '5_1', '5_2', '5_3',
  '8_1', '8_2',
  '9_1', '9_2',
  '10_1',
  '11_1', '11_2',
  '12_1', '12_2', '12_3',
  '13_1',
  '16_1', '16_2',
  '17_1', '17_2', '17_3',
  '18_1',
  '19_1',
  '20_1',
  '21_1',
  '22_1',
  '23_1',
  '24_1',
  '25_1', '25_2',
  '26_1', '26_2', '26_3',
  '27_1',
  '28_1',
] as const;

export type ApprovalTypeCode = (typeof APPROVAL_TYPE_CODES)[number];

const GROUPS: Readonly<Record<number, { readonly name: string; readonly kind: TemplateKind }>> = {
  1: { name: '合同评审单', kind: 'Contract' },
  2: { name: '项目备案表', kind: 'Declare' },
  3: { name: '设计任务单', kind: 'Common' },
  4: { name: '产值确认单', kind: 'Common' },
  5: { name: '付款合同', kind: 'Contract' },
  8: { name: '月度资金计划', kind: 'FundMonthPlan' },
  9: { name: '资金执行单', kind: 'FundMonthPlan' },
  10: { name: '借款协议', kind: 'Common' },
  11: { name: '结算审核', kind: 'Common' },
  12: { name: '备案变更', kind: 'Declare' },
  13: { name: '成果盖章', kind: 'Seal' },
  16: { name: '付款合同', kind: 'ContractSeal' },
  17: { name: '晒图/效果图申请', kind: 'ShowImage' },
  18: { name: '技术管理审批', kind: 'TechnicalManage' },
  19: { name: '审批单', kind: 'Common' },
  20: { name: '月度计划内付款', kind: 'FundMonthPlan' },
  21: { name: '公章', kind: 'Seal' },
  22: { name: '通用模板', kind: 'Common' },
  23: { name: '开票申请', kind: 'Invoice' },
  24: { name: '合同评审', kind: 'Contract' },
  25: { name: '技术章', kind: 'Seal' },
  26: { name: '资金执行单', kind: 'FundMonthPlan' },
  27: { name: '调档承诺书', kind: 'ArchivesApproval' },
  28: { name: '合同变更', kind: 'ContractChange' },
};

/** Group 11 is the one group whose variants have different names. */
const NAME_BY_CODE: Partial<Record<ApprovalTypeCode, string>> = {
  '11_1': '结算审核',
  '11_2': '结案审核',
};

/** What 发起审批 picks a form's record by (a list with names, never a typed id). */
export type RecordPicker =
  | 'contract'
  | 'task'
  | 'archive'
  | 'payItem'
  | 'fundPlan'
  | 'fundPerform'
  | 'loan'
  | 'closing'
  | 'resultSeal'
  | 'filing'
  | 'dept'
  | 'paymentPlan';

/** The picker's noun: the refusal reads "请选择关联合同", the picker's label "关联合同". */
export const RECORD_PICKER_LABELS: Readonly<Record<RecordPicker, string>> = {
  contract: '合同',
  task: '任务单',
  archive: '档案',
  payItem: '付款项',
  fundPlan: '资金计划',
  fundPerform: '资金执行单',
  loan: '借款',
  closing: '结算结案',
  resultSeal: '成果盖章',
  filing: '立项备案',
  dept: '借款部门',
  paymentPlan: '付款计划',
};

/**
 * How a form of the code reaches its record from 发起审批 (the approval centre):
 * - `link`: the form names the record itself; the record's handler checks its rules when sent
 *   (a design task sheet, 3_x).
 * - `create`: the form names the record the new one is drawn on (`picker`: the contract of an
 *   invoice or a change, the archive of a borrowing); the record's own use case creates it from
 *   the form's fields with its rules (the invoice cap) and sends it, so both paths give the same
 *   linked record.
 * - `screen`: only from the record's own screen (`screen`), whose call checks who may send it.
 */
export type CentreStart = 'link' | 'create' | 'screen';

export interface ApprovalRecordLink {
  /** The linked record kinds (LinkedRecordRegistry keys) an approval of the code carries. */
  readonly recordKinds: readonly string[];
  readonly fromCentre: CentreStart;
  readonly picker: RecordPicker;
  /** The record's own screen, named when the centre refuses. */
  readonly screen: string;
  /**
   * The permissions the record's own routes check for what the centre does on a `create` or
   * `link` form (creating the record and sending it): 发起审批 requires them besides
   * `project:approval:add`, so the centre is no way round the record screen's permission. Every
   * one is required (a technical seal is added, then sent: both of the seal screen's calls).
   * Pinned against the routes' own constants by the catalogue's tests.
   */
  readonly permissions: readonly string[];
  /**
   * 发起审批 shows the record screen's own dialog (its launcher: 借款管理's 申请借款, 结算结案's
   * 新增结算/新增结案), not the template form, although the centre's create call also takes the
   * form (`create`, through the same use case): one form for the person, one rule for every path.
   */
  readonly screenForm?: true;
}

const link = (
  recordKinds: readonly string[],
  fromCentre: CentreStart,
  picker: RecordPicker,
  screen: string,
  permissions: readonly string[] = [],
): ApprovalRecordLink => ({ recordKinds, fromCentre, picker, screen, permissions });

/** A `create` form whose 发起审批 form is its record screen's own dialog (`screenForm`). */
const screenFormCreate = (
  recordKinds: readonly string[],
  picker: RecordPicker,
  screen: string,
  permissions: readonly string[],
): ApprovalRecordLink => ({
  ...link(recordKinds, 'create', picker, screen, permissions),
  screenForm: true,
});

/**
 * The one table of what each form carries: the record kind per group (the keys of the domains'
 * LinkedRecordRegistry entries, pinned against their constants by the catalogue's test). A group
 * without an entry is a free form: 19 (审批单) and 22 (通用模板) by the issue, and the seal-use,
 * blueprint and technical-management requests (17, 18, 21), whose form is the whole record: no
 * domain keeps them apart from their approval.
 */
const RECORD_LINKS: Readonly<Partial<Record<number, ApprovalRecordLink>>> = {
  1: link(['contract', 'contractDocument'], 'screen', 'contract', '合同管理'),
  2: link(['contract', 'lixiang'], 'screen', 'contract', '项目备案'),
  3: link(['designTask'], 'link', 'task', '设计任务单', ['project:designTask:edit']),
  4: link(['task.value'], 'create', 'task', '产值确认', ['project:valueConfirm:list']),
  5: link(['contractChild', 'contractDocument'], 'screen', 'contract', '付款合同'),
  8: link(['fund.plan'], 'screen', 'fundPlan', '月度资金计划'),
  9: link(['fund.perform'], 'screen', 'fundPerform', '资金执行'),
  // A loan is drawn on the team that borrows (借款部门, the picker), through 借款管理's own use case
  // (the team's limit); a closing on its contract, through 结算结案's (the back-money ceiling and
  // the fees scaled by closedCaseAmount / backAmount). The form is the screen's dialog.
  10: screenFormCreate(['fund.loan'], 'dept', '借款管理', ['contract:loan:add']),
  11: screenFormCreate(['contract.closing'], 'contract', '结算结案', ['project:closedCase:add']),
  12: link(['lixiangChange'], 'create', 'filing', '项目备案', ['project:lixiang:edit']),
  13: link(['resultSeal'], 'screen', 'resultSeal', '成果盖章'),
  // A payment is entered on its pay item (16_x) or its plan line (20_1) through 资金支付's own use
  // case (approved sub-contracts only, within the item or line, the fund plan switch).
  16: screenFormCreate(['fund.pay'], 'payItem', '分包付款', ['contract:fundPay:add']),
  20: screenFormCreate(['fund.pay'], 'paymentPlan', '分包付款', ['contract:fundPay:add']),
  23: link(['account.invoice'], 'create', 'contract', '开票管理', ['contract:finance:add']),
  24: link(['contract', 'contractDocument'], 'screen', 'contract', '合同管理'),
  // The technical seal stamps named results of a task, as 成果盖章's request does (added, then sent).
  25: link(['resultSeal'], 'create', 'task', '成果盖章', [
    'project:resultSeal:add',
    'project:resultSeal:edit',
  ]),
  26: link(['fund.perform'], 'screen', 'fundPerform', '资金执行'),
  27: link(['archives.borrow'], 'create', 'archive', '档案借阅', ['project:archives:borrow']),
  28: link(['contractChange'], 'create', 'contract', '合同变更', ['project:contract:edit']),
};

export interface ApprovalTypeInfo {
  /** `group_variant`, e.g. `25_1`. */
  readonly code: ApprovalTypeCode;
  readonly group: number;
  readonly variant: number;
  /** The Chinese name; variants of a group share it, since the spec does not tell them apart. */
  readonly name: string;
  readonly kind: TemplateKind;
  /** The record the form concerns; absent for a free form. */
  readonly record?: ApprovalRecordLink;
}

export const APPROVAL_TYPE_CATALOGUE: readonly ApprovalTypeInfo[] = APPROVAL_TYPE_CODES.map(
  (code) => {
    const [group, variant] = code.split('_').map(Number) as [number, number];
    const g = GROUPS[group];
    if (g === undefined) throw new Error(`approval type group ${group} has no entry`);
    const record = RECORD_LINKS[group];
    const info = { code, group, variant, name: NAME_BY_CODE[code] ?? g.name, kind: g.kind };
    return record === undefined ? info : { ...info, record };
  },
);

const BY_CODE: ReadonlyMap<string, ApprovalTypeInfo> = new Map(
  APPROVAL_TYPE_CATALOGUE.map((t) => [t.code, t]),
);

export const isApprovalTypeCode = (value: unknown): value is ApprovalTypeCode =>
  typeof value === 'string' && BY_CODE.has(value);

export function approvalTypeInfo(code: ApprovalTypeCode): ApprovalTypeInfo {
  const t = BY_CODE.get(code);
  if (t === undefined) throw new Error(`unknown approval type ${code}`);
  return t;
}

/** The types created through one kind, e.g. for the flow configuration screen. */
export const approvalTypesOfKind = (kind: TemplateKind): readonly ApprovalTypeInfo[] =>
  APPROVAL_TYPE_CATALOGUE.filter((t) => t.kind === kind);

const ORDINALS = '一二三四五六七八九十';

/**
 * A label that tells variants apart as people read them: the name alone when no other code shares
 * it, else the name with its place among the codes that share it, in the spec's order
 * (合同评审单（二） is 1_2; 资金执行单（三） is 26_1, after 9_1 and 9_2). The spec gives no
 * per-variant names, and a code such as 1_2 is not a word staff use.
 */
export function approvalTypeLabel(code: string): string {
  const t = BY_CODE.get(code);
  if (t === undefined) return code;
  const shared = APPROVAL_TYPE_CATALOGUE.filter((o) => o.name === t.name);
  if (shared.length === 1) return t.name;
  const place = shared.indexOf(t);
  return `${t.name}（${ORDINALS[place] ?? String(place + 1)}）`;
}

/**
 * The record screen's permissions 发起审批 requires for a form of the code besides
 * `project:approval:add` (all of them): those of a `create` or `link` form's record routes; none
 * for a free form or a `screen` form (refused from the centre anyway).
 */
export const centreRecordPermissions = (code: string): readonly string[] => {
  const record = BY_CODE.get(code)?.record;
  return record === undefined || record.fromCentre === 'screen' ? [] : record.permissions;
};

/**
 * Whether 发起审批 shows the record screen's own dialog for the form (a `screen` form, or a `create`
 * form marked `screenForm`) rather than the template form with its picker.
 */
export const opensScreenForm = (link: ApprovalRecordLink | undefined): boolean =>
  link !== undefined && (link.fromCentre === 'screen' || link.screenForm === true);

/** The record a form of the code concerns, or undefined for a free form (and an unknown code). */
export const approvalRecordLink = (code: string): ApprovalRecordLink | undefined =>
  BY_CODE.get(code)?.record;
