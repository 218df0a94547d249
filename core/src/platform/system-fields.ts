import { fieldMessages } from '../shared/field-messages.js';

/**
 * The system screens' fields (用户, 角色, 岗位, 部门, 字典, 参数, 专业): their names as the spec's forms show
 * them, their text limits (the columns' widths) and the messages refusing them. One wording per
 * rule, core's "X不能为空" style, used by the API's schemas and the web's forms alike
 * (@dpms/wire builds both from these).
 */
export const SYSTEM_FIELD_LABELS = {
  // 参数设置
  configName: '参数名称',
  configKey: '参数键名',
  configValue: '参数键值',
  configType: '系统内置',
  // 部门
  parentId: '上级部门',
  deptName: '部门名称',
  orderNum: '显示排序',
  leaderUserId: '负责人',
  phone: '联系电话',
  deptType: '部门类型',
  // 字典
  dictName: '字典名称',
  dictType: '字典类型',
  dictLabel: '数据标签',
  dictValue: '数据键值',
  dictSort: '显示排序',
  cssClass: '样式属性',
  listClass: '回显样式',
  isDefault: '是否默认',
  // 专业
  majorName: '专业名称',
  designStageId: '设计阶段',
  // 用户
  userName: '登录名称',
  nickName: '用户名称',
  password: '用户密码',
  deptId: '归属部门',
  email: '邮箱',
  phonenumber: '手机号码',
  sex: '用户性别',
  postIds: '岗位',
  roleIds: '角色',
  oldPassword: '旧密码',
  newPassword: '新密码',
  // 角色
  roleName: '角色名称',
  roleKey: '权限字符',
  roleSort: '角色顺序',
  dataScope: '数据权限',
  menuIds: '菜单权限',
  deptIds: '数据权限部门',
  userIds: '用户',
  // 岗位
  postCode: '岗位编码',
  postName: '岗位名称',
  postSort: '岗位顺序',
  // 共用
  status: '状态',
  remark: '备注',
} as const;

export type SystemField = keyof typeof SYSTEM_FIELD_LABELS;

/** Text limits of the system tables' columns, in characters. */
export const SYSTEM_TEXT_LIMITS = {
  configName: 100,
  configKey: 100,
  configValue: 500,
  deptName: 30,
  phone: 20,
  email: 50,
  dictName: 100,
  dictType: 100,
  dictLabel: 100,
  dictValue: 100,
  cssClass: 100,
  listClass: 100,
  majorName: 50,
  userName: 30,
  nickName: 30,
  phonenumber: 20,
  password: 64,
  roleName: 30,
  roleKey: 100,
  postCode: 64,
  postName: 50,
  remark: 500,
} as const satisfies Partial<Record<SystemField, number>>;

/** The shortest login name. */
export const USER_NAME_MIN_LENGTH = 2;

/** Orders (显示排序) run from 0 to this. */
export const SYSTEM_ORDER_MAX = 9999;

const label = (f: SystemField): string => SYSTEM_FIELD_LABELS[f];

/** The messages refusing a system field. */
export const SYSTEM_MESSAGES = {
  ...fieldMessages(label),
  tooShort: (f: SystemField, min: number) => `${label(f)}长度不能少于 ${min} 个字符`,
  invalidEmail: (f: SystemField) => `${label(f)}不是有效的邮箱地址`,
  invalidPhone: (f: SystemField) => `${label(f)}只能包含数字、+、- 和空格，5 至 20 位`,
  configKeyFormat: () => `${label('configKey')}必须以字母开头，只能包含字母、数字和 _ . -`,
  dictTypeFormat: () => `${label('dictType')}必须以字母开头，只能包含字母、数字和下划线`,
  userNameFormat: () => `${label('userName')}只能包含字母、数字和 _ . @ -`,
  roleKeyReserved: () => `${label('roleKey')} admin 只属于超级管理员角色`,
  leaderNotMember: () => `${label('leaderUserId')}必须是本部门或其下级部门的在职用户`,
} as const;

/** A config key: a letter, then letters, digits, `_`, `.` or `-` (sys.institute.timeZone). */
export const CONFIG_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{0,99}$/;
/** A dictionary type: a letter, then letters, digits or `_` (sys_user_sex). */
export const DICT_TYPE_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;
/** A login name: letters, digits, `_`, `.`, `@` or `-`. */
export const USER_NAME_PATTERN = /^[A-Za-z0-9_.@-]+$/;
/** A phone number as staff write it: digits, `+`, `-` and spaces, 5 to 20 of them; or blank. */
export const PHONE_PATTERN = /^$|^[0-9+\-\s]{5,20}$/;
