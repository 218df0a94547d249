import { isApprovalTypeCode } from './approval-type-catalogue.js';
import type { NodeCondition } from './node-condition.js';
import { templateDefinitionForType } from './template-definitions.js';
import { defaultOptionsOf } from './template-options.js';
import {
  findTemplateField,
  templateOptionText,
  templateOptionValue,
  type TemplateField,
} from './template.js';

const COMPARISON = { gt: '>', gte: '≥', lt: '<', lte: '≤', eq: '=' } as const;

/** The field of the type's form a condition or a node names, if the form has it. */
export function approvalFormField(typeCode: string, refname: string): TemplateField | undefined {
  if (!isApprovalTypeCode(typeCode)) return undefined;
  const form = templateDefinitionForType(typeCode);
  return form === undefined ? undefined : findTemplateField(form, refname);
}

/**
 * A form field's label as a sentence names it: the type's form's label without its unit
 * ('合同金额（万元）' → '合同金额'), or the refname when the form does not have the field.
 */
export function approvalFormFieldLabel(typeCode: string, refname: string): string {
  const field = approvalFormField(typeCode, refname);
  return field === undefined ? refname : field.label.replace(/（[^（）]*）$/, '');
}

/** A choice's text: the field's own options, else the source's defaults, else the value. */
function choiceText(field: TemplateField | undefined, value: string): string {
  const options =
    field?.options ??
    (field?.optionsource === undefined ? undefined : defaultOptionsOf(field.optionsource));
  const found = options?.find((o) => templateOptionValue(o) === value);
  return found === undefined ? value : templateOptionText(found);
}

/**
 * A node's condition as a sentence, in the words of the approval type's form:
 * "合同金额 ≥ 100 万元", "印章类型 包含 公章", joined by 且 / 或, negated as 不满足（…）.
 */
export function nodeConditionText(c: NodeCondition | null, typeCode: string): string {
  if (c === null) return '';
  switch (c.kind) {
    case 'contains': {
      const field = approvalFormField(typeCode, c.refname);
      return `${approvalFormFieldLabel(typeCode, c.refname)} 包含 ${choiceText(field, c.value)}`;
    }
    case 'amount':
      return `${approvalFormFieldLabel(typeCode, c.refname)} ${COMPARISON[c.op]} ${c.threshold} 万元`;
    case 'all':
      return c.conditions.map((x) => nodeConditionText(x, typeCode)).join(' 且 ');
    case 'any':
      return c.conditions.map((x) => nodeConditionText(x, typeCode)).join(' 或 ');
    case 'not':
      return `不满足（${nodeConditionText(c.condition, typeCode)}）`;
  }
}
