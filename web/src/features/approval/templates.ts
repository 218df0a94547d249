import {
  approvalTypeLabel,
  approvalTypesOfKind,
  templateDefinitionForKind,
  type TemplateField,
  type TemplateKind,
  type TemplateSection,
  type TemplateOption,
  opensScreenForm,
} from '@dpms/core';

/**
 * The form of each template kind: core's field set where the spec gives one (000 §3), and for
 * Common, Declare and TechnicalManage, which it leaves open, a template of ours that is sent with
 * the form (the server validates it with the same rules and stores it with the approval).
 */
export interface KindForm {
  readonly kind: TemplateKind;
  readonly sections: readonly TemplateSection[];
  readonly defaultMaxLength?: number;
  /** True when the sections travel with the form (no field set in core). */
  readonly sendsTemplate: boolean;
}

const f = (
  type: TemplateField['type'],
  refname: string,
  label: string,
  extra: Omit<TemplateField, 'type' | 'refname' | 'label'> = {},
): TemplateField => ({ type, refname, label, ...extra });

const opts = (labels: readonly string[]): TemplateOption[] =>
  labels.map((text) => ({ text, value: text }));

/** 通用审批: a subject, the matter, its items, urgency, a date and attachments. */
export const COMMON_SECTIONS: readonly TemplateSection[] = [
  {
    title: '审批事项',
    fields: [
      f('input', 'subject', '事由', { required: true }),
      f('textarea', 'content', '审批内容', { required: true }),
      f('textareas', 'items', '事项明细'),
      f('radioBox', 'urgency', '紧急程度', { options: opts(['一般', '紧急', '特急']) }),
      f('timeSelect', 'finishDate', '期望完成日期'),
    ],
  },
  { title: '附件', fields: [f('upload', 'attachments', '附件', { limit: 0 })] },
];

/** 项目备案: the project, where it comes from, who takes it on, and the filing documents. */
export const DECLARE_SECTIONS: readonly TemplateSection[] = [
  {
    title: '备案信息',
    fields: [
      f('input', 'projectName', '项目名称', { required: true }),
      f('cascader', 'undertakeDeptId', '承接部门', { optionsource: 'deptlist', required: true }),
      f('optionInput', 'bizSource', '业务来源', {
        options: opts(['市场', '院内', '联合体', '其他（请注明）']),
        keyvalue: '其他',
      }),
      f('input', 'estimateAmount', '预计合同额（万元）', { format: 'amount' }),
      f('checkbox', 'majors', '参与专业', {
        options: opts(['建筑', '结构', '给排水', '暖通', '电气', '景观']),
      }),
      f('valueOption', 'receiveAccount', '收款账户', {
        value: '开户银行',
        optionsource: 'BankName',
      }),
      f('textarea', 'remark', '备注'),
    ],
  },
  { title: '备案资料', fields: [f('bigUpload', 'declareFiles', '备案资料', { limit: 0 })] },
];

/** 技术管理审批: the project, the matter, the technical files and the two stored letters. */
export const TECHNICAL_MANAGE_SECTIONS: readonly TemplateSection[] = [
  {
    title: '技术管理',
    fields: [
      f('input', 'projectName', '项目名称', { required: true }),
      f('option', 'fileCategory', '文件类别', { optionsource: 'drawFileTypeNewStore' }),
      f('textarea', 'content', '技术管理事项', { required: true }),
      f('uploadAlways', 'techFiles', '技术文件', { limit: 0 }),
    ],
  },
  {
    title: '承诺书',
    fields: [
      f('previewpdf', 'dutyLetter', '项目经理履职责任书', { buttonText: '预览' }),
      f('previewpdfs', 'letters', '承诺书', { buttonText: '预览' }),
    ],
  },
];

const WEB_SECTIONS: Partial<Record<TemplateKind, readonly TemplateSection[]>> = {
  Common: COMMON_SECTIONS,
  Declare: DECLARE_SECTIONS,
  TechnicalManage: TECHNICAL_MANAGE_SECTIONS,
};

/**
 * 产值确认 (4_x) from 发起审批: the confirmed finish amount the task's value rule checks (the task
 * is the form's picker); the server asks for it through the value screen's rule.
 */
export const VALUE_SECTIONS: readonly TemplateSection[] = [
  {
    title: '产值确认',
    fields: [
      f('input', 'confirmFinishAmount', '确认完成产值（万元）', {
        format: 'amount',
        required: true,
      }),
    ],
  },
];

/** The form of one type: its kind's, except where a type's record asks for its own fields. */
export function formOf(kind: TemplateKind, typeCode: string): KindForm {
  if (kind === 'Common' && typeCode.startsWith('4_')) {
    return { kind, sections: VALUE_SECTIONS, sendsTemplate: true };
  }
  return kindForm(kind);
}

export function kindForm(kind: TemplateKind): KindForm {
  const def = templateDefinitionForKind(kind);
  if (def !== undefined) {
    return {
      kind,
      sections: def.templateContent,
      ...(def.defaultMaxLength === undefined ? {} : { defaultMaxLength: def.defaultMaxLength }),
      sendsTemplate: false,
    };
  }
  return { kind, sections: WEB_SECTIONS[kind] ?? COMMON_SECTIONS, sendsTemplate: true };
}

/** The type codes a kind's form can be started as, with their names. */
export const typeOptionsOfKind = (kind: TemplateKind) =>
  approvalTypesOfKind(kind).map((t) => ({
    value: t.code,
    label: approvalTypeLabel(t.code),
  }));

/**
 * The type 发起审批 opens a kind on: the first one it can send (a free form or one whose record it
 * picks), else the first (whose notice names the screen that sends it).
 */
export const defaultTypeOfKind = (kind: TemplateKind): string => {
  const types = approvalTypesOfKind(kind);
  return (types.find((t) => !opensScreenForm(t.record)) ?? types[0])?.code ?? '';
};
