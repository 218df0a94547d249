/**
 * The four refusals every form field may meet, in one wording for every slice: a field's label
 * comes first ("部门名称不能为空"). A slice adds its own refusals beside these.
 */
export const fieldMessages = <F extends string>(label: (f: F) => string) =>
  ({
    required: (f: F) => `${label(f)}不能为空`,
    tooLong: (f: F, max: number) => `${label(f)}长度不能超过 ${max} 个字符`,
    outOfRange: (f: F, min: number, max: number) => `${label(f)}必须是 ${min} 至 ${max} 之间的整数`,
    invalidValue: (f: F) => `${label(f)}的取值不正确`,
  }) as const;

export type FieldMessages<F extends string> = ReturnType<typeof fieldMessages<F>>;
