import { z } from 'zod';
import {
  checkNewPassword,
  CONFIG_KEY_PATTERN,
  DICT_TYPE_PATTERN,
  PHONE_PATTERN,
  SYSTEM_MESSAGES as M,
  SYSTEM_TEXT_LIMITS as L,
  USER_NAME_MIN_LENGTH,
  USER_NAME_PATTERN,
  type SystemField,
} from '@dpms/core';
import { nullAsAbsent, timestamp } from './envelope.js';
import { formFields } from './form-fields.js';
import { id, integer, statusFlag } from './primitives.js';

/*
 * The system slices' write bodies (参数设置, 部门, 字典, 专业, 用户): the API validates with them
 * and the system pages' forms check with them (FormDialog's `schema`), so a form marks and refuses
 * exactly what the server does, in core's words ("部门名称不能为空"). Limits, patterns and
 * messages are core's (`SYSTEM_TEXT_LIMITS`, `SYSTEM_MESSAGES`).
 */

export const { requiredText, optionalText, order, choice } = formFields<
  SystemField,
  keyof typeof L
>(M, L);

const email = z.preprocess(
  nullAsAbsent,
  z
    .union(
      [z.literal(''), z.email(M.invalidEmail('email')).max(L.email, M.tooLong('email', L.email))],
      {
        error: M.invalidEmail('email'),
      },
    )
    .optional(),
);

const phone = (f: 'phone' | 'phonenumber') =>
  z.preprocess(
    nullAsAbsent,
    z
      .string()
      .trim()
      .max(L[f], M.tooLong(f, L[f]))
      .regex(PHONE_PATTERN, M.invalidPhone(f))
      .optional(),
  );

/** The listed required fields become optional on an update: a patch sends only what changes. */
export const optionalOnUpdate = <S extends z.ZodRawShape>(shape: S) =>
  Object.fromEntries(
    Object.entries(shape).map(([k, v]) => [k, (v as z.ZodType).optional()]),
  ) as unknown as {
    [K in keyof S]: z.ZodOptional<S[K]>;
  };

// 参数设置 (000 §7 "Configuration").
const configFields = {
  configName: requiredText('configName'),
  configKey: z
    .string({ error: M.required('configKey') })
    .trim()
    .min(1, M.required('configKey'))
    .max(L.configKey, M.tooLong('configKey', L.configKey))
    .regex(CONFIG_KEY_PATTERN, M.configKeyFormat()),
  // The value is kept as written (a blank value is a value); core's configValueError checks it.
  configValue: z
    .string({ error: M.required('configValue') })
    .max(L.configValue, M.tooLong('configValue', L.configValue)),
  configType: choice('configType', ['Y', 'N']).optional(),
  remark: optionalText('remark'),
};
export const configCreateBody = z.object(configFields);
export const configUpdateBody = z.object({
  configId: id(),
  ...configFields,
  ...optionalOnUpdate({
    configName: configFields.configName,
    configKey: configFields.configKey,
    configValue: configFields.configValue,
  }),
});
export type ConfigCreateBody = z.input<typeof configCreateBody>;
export type ConfigUpdateBody = z.input<typeof configUpdateBody>;

// 部门 (000 §7 "Departments").
const deptFields = {
  parentId: integer(0),
  deptName: requiredText('deptName'),
  orderNum: order('orderNum'),
  leaderUserId: id().nullable().optional(),
  phone: phone('phone'),
  email,
  status: statusFlag().optional(),
  deptType: choice('deptType', ['0', '1']).optional(),
};
export const deptCreateBody = z.object(deptFields);
export const deptUpdateBody = z.object({
  deptId: id(),
  ...deptFields,
  ...optionalOnUpdate({ parentId: deptFields.parentId, deptName: deptFields.deptName }),
});
export type DeptCreateBody = z.input<typeof deptCreateBody>;
export type DeptUpdateBody = z.input<typeof deptUpdateBody>;

// 字典 (000 §7 "Dictionaries").
const dictType = z
  .string({ error: M.required('dictType') })
  .trim()
  .min(1, M.required('dictType'))
  .max(L.dictType, M.tooLong('dictType', L.dictType))
  .regex(DICT_TYPE_PATTERN, M.dictTypeFormat());
const dictTypeFields = {
  dictName: requiredText('dictName'),
  dictType,
  status: statusFlag().optional(),
  remark: optionalText('remark'),
};
export const dictTypeCreateBody = z.object(dictTypeFields);
export const dictTypeUpdateBody = z.object({
  dictId: id(),
  ...dictTypeFields,
  ...optionalOnUpdate({ dictName: dictTypeFields.dictName, dictType }),
});
const dictDataFields = {
  dictType,
  dictLabel: requiredText('dictLabel'),
  dictValue: requiredText('dictValue'),
  dictSort: order('dictSort'),
  cssClass: optionalText('cssClass'),
  listClass: optionalText('listClass'),
  isDefault: choice('isDefault', ['Y', 'N']).optional(),
  status: statusFlag().optional(),
  remark: optionalText('remark'),
};
export const dictDataCreateBody = z.object(dictDataFields);
export const dictDataUpdateBody = z.object({
  dictCode: id(),
  ...dictDataFields,
  ...optionalOnUpdate({
    dictType,
    dictLabel: dictDataFields.dictLabel,
    dictValue: dictDataFields.dictValue,
  }),
});
export type DictTypeCreateBody = z.input<typeof dictTypeCreateBody>;
export type DictDataCreateBody = z.input<typeof dictDataCreateBody>;

// 专业 (000 §7 "Majors").
const majorFields = {
  majorName: requiredText('majorName'),
  designStageId: id().nullable().optional(),
  parentId: id().nullable().optional(),
  orderNum: order('orderNum'),
  status: statusFlag().optional(),
};
export const majorCreateBody = z.object(majorFields);
/** An update names its major by `majorId` or, as the spec's page sends it, `id`. */
export const majorUpdateBody = z
  .object({
    majorId: id().optional(),
    id: id().optional(),
    ...majorFields,
    ...optionalOnUpdate({ majorName: majorFields.majorName }),
  })
  .refine((b) => b.majorId !== undefined || b.id !== undefined, {
    error: () => '参数 majorId 不能为空',
    path: ['majorId'],
  });
export type MajorCreateBody = z.input<typeof majorCreateBody>;

// 用户 (000 §7 "Users").
const idArray = z.array(id()).max(100);
const userFields = {
  nickName: requiredText('nickName'),
  deptId: id().nullable().optional(),
  email,
  phonenumber: phone('phonenumber'),
  sex: choice('sex', ['0', '1', '2']).optional(),
  status: statusFlag().optional(),
  remark: optionalText('remark'),
  postIds: idArray.optional(),
  roleIds: idArray.optional(),
  defaultRoleId: id().nullable().optional(),
};
const password = (f: 'password' | 'oldPassword' | 'newPassword') =>
  z
    .string({ error: M.required(f) })
    .min(1, M.required(f))
    .max(L.password, M.tooLong(f, L.password));
/**
 * A password being set (a new user's, a reset, 修改密码's new one): core's policy
 * (`checkNewPassword`: 6 to 20 characters, no spaces at the ends, not one character repeated),
 * so the form refuses what the server refuses, in the same words.
 */
const newPassword = (f: 'password' | 'newPassword') =>
  password(f).superRefine((v, ctx) => {
    if (v === '') return; // refused as blank already
    const r = checkNewPassword(v, f);
    if (!r.ok) ctx.addIssue({ code: 'custom', message: r.error.message });
  });
export const userCreateBody = z.object({
  userName: z
    .string({ error: M.required('userName') })
    .trim()
    .min(1, M.required('userName'))
    .min(USER_NAME_MIN_LENGTH, M.tooShort('userName', USER_NAME_MIN_LENGTH))
    .max(L.userName, M.tooLong('userName', L.userName))
    .regex(USER_NAME_PATTERN, M.userNameFormat()),
  password: newPassword('password'),
  ...userFields,
});
export const userUpdateBody = z.object({
  userId: id(),
  ...userFields,
  ...optionalOnUpdate({ nickName: userFields.nickName }),
});
/** 个人中心's own record: name, email, phone and sex. */
export const profileUpdateBody = z.object({
  nickName: userFields.nickName.optional(),
  email: userFields.email,
  phonenumber: userFields.phonenumber,
  sex: userFields.sex,
});
/** A password change (in the body, or in the query as the spec sends it). */
export const passwordChangeBody = z.object({
  oldPassword: password('oldPassword'),
  newPassword: newPassword('newPassword'),
});
export const resetPasswordBody = z.object({ userId: id(), password: newPassword('password') });
export type UserCreateBody = z.input<typeof userCreateBody>;
export type UserUpdateBody = z.input<typeof userUpdateBody>;
export type ProfileUpdateBody = z.input<typeof profileUpdateBody>;

// The records the config and dictionary routes answer (and the client parses them with).
const flag = z.enum(['0', '1']);
export const configRecord = z
  .object({
    configId: z.number().int(),
    configName: z.string(),
    configKey: z.string(),
    configValue: z.string(),
    configType: z.enum(['Y', 'N']),
    remark: z.string(),
    createTime: timestamp(),
  })
  .meta({ id: 'SysConfig' });
export const dictTypeRecord = z
  .object({
    dictId: z.number().int(),
    dictName: z.string(),
    dictType: z.string(),
    status: flag,
    remark: z.string(),
    createTime: timestamp(),
  })
  .meta({ id: 'SysDictType' });
export const dictDataRecord = z
  .object({
    dictCode: z.number().int(),
    dictSort: z.number().int(),
    dictLabel: z.string(),
    dictValue: z.string(),
    dictType: z.string(),
    cssClass: z.string(),
    listClass: z.string(),
    isDefault: z.enum(['Y', 'N']),
    status: flag,
    remark: z.string(),
    createTime: timestamp(),
  })
  .meta({ id: 'SysDictData' });
export type ConfigRecord = z.output<typeof configRecord>;
export type DictTypeRecord = z.output<typeof dictTypeRecord>;
export type DictDataRecord = z.output<typeof dictDataRecord>;
