import {
  ARCHIVE_PLEDGE_MAX_LENGTH,
  ARCHIVE_PURPOSE_MAX_LENGTH,
  TEMPLATE_COMPACT_MAX_LENGTH,
} from './approval-limits.js';
import {
  approvalTypeInfo,
  type ApprovalTypeCode,
  type TemplateKind,
} from './approval-type-catalogue.js';
import {
  DEFAULT_SEAL_PURPOSE,
  INVOICE_PURPOSE_OPTIONS,
  INVOICE_TYPE_OPTIONS,
} from './template-options.js';
import type {
  TemplateField,
  TemplateFieldType,
  TemplateSection,
  ValidatableTemplate,
} from './template.js';

/**
 * The form field sets of 000 §3 ("Form field sets by template kind") as data: the web renders
 * them, the server validates content against them. Labels are ours (the spec gives refnames).
 */
export type TemplateDefinitionId =
  | 'drawingPrint'
  | 'paymentRequest'
  | 'invoiceRequest'
  | 'contractApproval'
  | 'contractChange'
  | 'archiveBorrowing';

export interface TemplateDefinition extends ValidatableTemplate {
  readonly id: TemplateDefinitionId;
  readonly title: string;
  /** The template kinds whose forms use this field set. */
  readonly kinds: readonly TemplateKind[];
}

type Extra = Omit<TemplateField, 'type' | 'refname' | 'label'>;
const field =
  (type: TemplateFieldType) =>
  (refname: string, label: string, extra: Extra = {}): TemplateField => ({
    type,
    refname,
    label,
    ...extra,
  });
const input = field('input');
const textarea = field('textarea');
const text = field('text');
const option = field('option');
const options = field('options');
const cascader = field('cascader');
const date = field('timeSelect');
const upload = field('upload');
const amount = (refname: string, label: string, extra: Extra = {}) =>
  input(refname, `${label}（万元）`, { format: 'amount', ...extra });
const section = (title: string, fields: readonly TemplateField[]): TemplateSection => ({
  title,
  fields,
});

/**
 * Drawing confirmation and printing (seal and blueprint requests). The spec lists drawContent
 * twice; a refname names one field, so it appears once. This is the template we give the
 * template-level 150 default: its inputs (production company, discipline signers) and its short
 * remarks fit neither 50 nor need 1000, and 000 §5 says some templates use 150 without naming
 * them.
 */
export const DRAWING_PRINT_TEMPLATE: TemplateDefinition = {
  id: 'drawingPrint',
  title: '图纸确认及打印',
  kinds: ['Seal', 'ShowImage'],
  defaultMaxLength: TEMPLATE_COMPACT_MAX_LENGTH,
  templateContent: [
    section('基本信息', [
      text('taskName', '任务单名称'),
      text('contractName', '合同名称'),
      text('userName', '申请人'),
      input('productionCompany', '制作单位'),
    ]),
    section('图纸信息', [
      textarea('drawContent', '图纸内容', { required: true }),
      // A result seal (13_1, 25_x) names the design results it stamps; filled by the server.
      text('resultList', '盖章成果'),
      option('drawFileType', '文件类型', { optionsource: 'drawFileTypeStore' }),
      input('drawingNum', '图纸张数', { format: 'integer' }),
      input('drawNum', '份数', { format: 'integer' }),
      option('unGuidangShowImg', '未归档晒图', { optionsource: 'unGuidangStore' }),
      option('guidangShowImg', '归档晒图', { optionsource: 'guidangStore' }),
    ]),
    section('用印信息', [
      option('sealCategory', '印章类别', { optionsource: 'sealCatetoryStore' }),
      options('sealType', '印章类型', { optionsource: 'sealTypeStore', required: true }),
      textarea('sealAim', '盖章用途', { value: DEFAULT_SEAL_PURPOSE }),
      input('sealTarget', '盖章文件报送单位'),
      textarea('sealGoalContent', '盖章内容'),
      date('sealTime', '盖章日期'),
    ]),
    section('专业负责人签字', [
      input('buildSignDecorate', '建筑/装饰'),
      input('structure', '结构'),
      input('equipment', '设备'),
      input('electric', '电气'),
    ]),
    section('备注', [
      textarea('remarksOne', '备注一'),
      textarea('remarksTwo', '备注二'),
      textarea('remarksThree', '备注三'),
    ]),
    section('附件', [upload('imgFiles', '图纸文件', { limit: 0 })]),
  ],
};

/**
 * Payment request (fund plan, fund execution, in-plan payment). The spec says "applyDept or
 * applyDeptId": the department is chosen from the tree, and a cascader's value is the last id,
 * so the field is applyDeptId. The net pay is computed (fees slice), hence read-only.
 */
export const PAYMENT_REQUEST_TEMPLATE: TemplateDefinition = {
  id: 'paymentRequest',
  title: '付款申请',
  kinds: ['FundMonthPlan'],
  templateContent: [
    section('付款信息', [
      textarea('reason', '付款事由', { required: true }),
      input('contractName', '合同名称'),
      input('planMonth', '计划月份', { format: 'month', placeholder: 'yyyy-MM' }),
      input('subjectName', '科目名称'),
      cascader('applyDeptId', '申请部门', { optionsource: 'deptlist', required: true }),
      date('payTime', '付款日期'),
    ]),
    section('金额', [
      amount('totalAmount', '合同金额'),
      amount('planPayAmount', '计划付款金额'),
      amount('totalPayAmount', '累计已付金额'),
      amount('payAmount', '本次付款金额', { required: true }),
      option('taxRate', '税率', { optionsource: 'taxRateStore' }),
      amount('realPayAmount', '实付金额', { readonly: true }),
    ]),
    section('收付款单位', [
      input('payCompanyName', '付款单位'),
      input('receiveCompanyName', '收款单位'),
      textarea('remark', '备注'),
    ]),
  ],
};

/** Invoice request, with the invoice types and purposes of 000 §9. */
export const INVOICE_REQUEST_TEMPLATE: TemplateDefinition = {
  id: 'invoiceRequest',
  title: '开票申请',
  kinds: ['Invoice'],
  templateContent: [
    section('合同信息', [
      date('invoiceDate', '开票日期', { required: true }),
      input('contractNo', '合同编号'),
      input('contractName', '合同名称', { required: true }),
      amount('totalAmount', '合同金额'),
      input('payCompanyName', '付款单位', { required: true }),
      amount('alreadyPayAmount', '已到账金额'),
      input('receiveCompanyName', '收款单位'),
    ]),
    section('开票信息', [
      option('invoiceType', '发票类型', { options: INVOICE_TYPE_OPTIONS, required: true }),
      option('receiveBankNum', '收款账户', { optionsource: 'BankName' }),
      option('invoicePurpose', '开票内容', { options: INVOICE_PURPOSE_OPTIONS, required: true }),
      amount('invoiceAmount', '开票金额', { required: true }),
      // Ours: a special VAT invoice (type 2) needs the buyer's taxpayer number.
      input('taxNo', '纳税人识别号'),
      textarea('memo', '备注'),
      textarea('otherMemo', '其他说明'),
    ]),
  ],
};

/** Contract approval (contract review sheets, payment contracts and their seal requests). */
export const CONTRACT_APPROVAL_TEMPLATE: TemplateDefinition = {
  id: 'contractApproval',
  title: '合同审批',
  kinds: ['Contract', 'ContractSeal'],
  templateContent: [
    section('合同信息', [
      input('contractName', '合同名称', { required: true }),
      input('contractNo', '合同编号'),
      input('signByMain', '甲方', { required: true }),
      input('signBySub', '乙方', { required: true }),
      amount('totalAmount', '合同金额', { required: true }),
      amount('receiveAmount', '已收金额'),
      cascader('dealDept', '承办部门', { optionsource: 'deptlist' }),
      date('signTime', '签订日期'),
      textarea('contractContent', '合同主要内容'),
    ]),
  ],
};

/** Contract change. Attachments take any number of files (limit 0). */
export const CONTRACT_CHANGE_TEMPLATE: TemplateDefinition = {
  id: 'contractChange',
  title: '合同变更',
  kinds: ['ContractChange'],
  templateContent: [
    section('变更信息', [
      input('contractName', '合同名称', { required: true }),
      // Ours: the new amount at a glance; 发起审批's change fields (recordFields) propose any field
      // the contract change call takes, and win over this one when both name the amount.
      amount('totalAmount', '变更后合同金额'),
      textarea('contractContent', '变更内容', { required: true }),
      upload('files', '附件', { limit: 0 }),
    ]),
  ],
};

/** The confidentiality pledge a borrower starts from; they may edit it within 1200 characters. */
export const DEFAULT_ARCHIVE_PLEDGE =
  '本人承诺：所借阅、调阅的档案仅用于本职工作，严格遵守保密规定，不擅自复制、摘抄、外传或转借，' +
  '妥善保管，不涂改、不损毁，按期归还；如有违反，愿承担相应责任。';

/** Archive borrowing (retrieval commitment) with its 1200-character pledge. */
export const ARCHIVE_BORROWING_TEMPLATE: TemplateDefinition = {
  id: 'archiveBorrowing',
  title: '档案借阅',
  kinds: ['ArchivesApproval'],
  templateContent: [
    section('借阅信息', [
      input('archivesName', '档案名称', { required: true }),
      input('archivesCategory', '档案类别'),
      text('userName', '借阅人'),
      date('createTime', '申请日期'),
      // The borrowing's own rules (archive-borrow.ts) hold the purpose and the period.
      textarea('purpose', '借阅目的', { maxlength: ARCHIVE_PURPOSE_MAX_LENGTH, required: true }),
      date('startDate', '借阅开始日期', { required: true }),
      date('endDate', '借阅结束日期', { required: true }),
    ]),
    section('保密承诺', [
      textarea('remark', '保密承诺', {
        maxlength: ARCHIVE_PLEDGE_MAX_LENGTH,
        value: DEFAULT_ARCHIVE_PLEDGE,
        required: true,
      }),
    ]),
  ],
};

export const TEMPLATE_DEFINITIONS: readonly TemplateDefinition[] = [
  DRAWING_PRINT_TEMPLATE,
  PAYMENT_REQUEST_TEMPLATE,
  INVOICE_REQUEST_TEMPLATE,
  CONTRACT_APPROVAL_TEMPLATE,
  CONTRACT_CHANGE_TEMPLATE,
  ARCHIVE_BORROWING_TEMPLATE,
];

/**
 * The field set a kind's forms use. Common, Declare and TechnicalManage have none here: the
 * spec gives them no field set, so their sections are the template stored with the flow
 * (templateContent), validated by the same `validateContent`.
 */
export const templateDefinitionForKind = (kind: TemplateKind): TemplateDefinition | undefined =>
  TEMPLATE_DEFINITIONS.find((d) => d.kinds.includes(kind));

/** The field set of an approval type, through its kind. */
export const templateDefinitionForType = (code: ApprovalTypeCode): TemplateDefinition | undefined =>
  templateDefinitionForKind(approvalTypeInfo(code).kind);
