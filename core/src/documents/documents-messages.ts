/** Every user-facing text of the documents slice, in one place so it can be translated. */
export const DOCUMENT_MESSAGES = {
  readOnly: '当前合同为只读，不能修改',
  notApplicable: (what: string, title: string): string => `${title}没有${what}`,
  unknownOption: (label: string): string => `所选${label}不在可选列表中，请重新选择`,
  singleStageOnly: '只能选择一个设计阶段',
  fieldNotEditable: (label: string): string => `${label}不能直接修改`,
  required: (label: string): string => `请输入${label}`,
  requiredChoice: (label: string): string => `请选择${label}`,
  partyAMissing: (label: string): string => `${label}未设置，请联系管理员在系统参数中设置`,
  maxLength: (label: string, max: number): string => `${label}不能超过${max}个字符`,
  dateFormat: (label: string): string => `${label}格式应为yyyy-MM-dd`,
  dateOrder: (endLabel: string, startLabel: string): string => `${endLabel}不能早于${startLabel}`,
  positiveInteger: (label: string): string => `${label}必须为正整数`,
  amountFormat: (label: string, decimals: number): string =>
    `${label}格式不正确，应为数字，最多保留${decimals}位小数`,
  amountOutOfRange: (label: string): string => `${label}超出范围`,
  notAnOption: (label: string, options: readonly string[]): string =>
    `${label}只能是${options.join('、')}之一`,
} as const;
