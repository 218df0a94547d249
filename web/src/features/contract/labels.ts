import { BIZ_SOURCE_LABELS, CONTRACT_BIZ_TYPE_LABELS } from '@dpms/core';

export const BIZ_SOURCE_OPTIONS = Object.entries<string>(BIZ_SOURCE_LABELS);
export const BIZ_TYPE_OPTIONS = Object.entries<string>(CONTRACT_BIZ_TYPE_LABELS);

/** Approval status of a record (-1 待提交, 0 审批中, 1 已通过, 2 已驳回, 3 已撤回). */
export const STATUS_OPTIONS: [string, string][] = [
  ['-1', '待提交'],
  ['0', '审批中'],
  ['1', '已通过'],
  ['2', '已驳回'],
  ['3', '已撤回'],
];

/** The fee split's fields, in the order finance reads them. */
export type FeeFieldKey =
  'realAmount' | 'directFee' | 'technicalFee' | 'operateFee' | 'expertFee' | 'designFee';
export const FEE_FIELDS: [FeeFieldKey, string][] = [
  ['realAmount', '实际金额'],
  ['directFee', '直接费'],
  ['technicalFee', '技术费'],
  ['operateFee', '经营费'],
  ['expertFee', '专家费'],
  ['designFee', '设计费'],
];

export const STAGE_TITLES = {
  stay: '未签合同',
  declare: '立项合同',
  contract: '合同',
  formal: '历史合同',
} as const;
