/**
 * The demo institute: fixed ids, so tests, the README and later seeds can name them. Chinese names
 * are what the staff see.
 */

export const ROOT_DEPT_ID = 100;

export interface SeedDept {
  readonly deptId: number;
  readonly parentId: number;
  readonly deptName: string;
  readonly orderNum: number;
  readonly deptType: '0' | '1';
}

export const DEPTS: readonly SeedDept[] = [
  { deptId: 100, parentId: 0, deptName: '华东示范建筑设计研究院', orderNum: 0, deptType: '0' },
  { deptId: 101, parentId: 100, deptName: '院领导', orderNum: 1, deptType: '0' },
  { deptId: 102, parentId: 100, deptName: '经营部', orderNum: 2, deptType: '0' },
  { deptId: 103, parentId: 100, deptName: '财务部', orderNum: 3, deptType: '0' },
  { deptId: 104, parentId: 100, deptName: '运营部', orderNum: 4, deptType: '0' },
  { deptId: 105, parentId: 100, deptName: '综合事务部', orderNum: 5, deptType: '0' },
  { deptId: 106, parentId: 100, deptName: '技术部', orderNum: 6, deptType: '0' },
  { deptId: 107, parentId: 100, deptName: '综合经营部', orderNum: 7, deptType: '0' },
  { deptId: 108, parentId: 100, deptName: '设计院', orderNum: 8, deptType: '1' },
  { deptId: 110, parentId: 108, deptName: '建筑一所', orderNum: 1, deptType: '1' },
  { deptId: 111, parentId: 108, deptName: '建筑二所', orderNum: 2, deptType: '1' },
  { deptId: 112, parentId: 108, deptName: '结构所', orderNum: 3, deptType: '1' },
  { deptId: 113, parentId: 108, deptName: '机电所', orderNum: 4, deptType: '1' },
  { deptId: 114, parentId: 108, deptName: '景观所', orderNum: 5, deptType: '1' },
  { deptId: 115, parentId: 108, deptName: '规划所', orderNum: 6, deptType: '1' },
];

export interface SeedRole {
  readonly roleId: number;
  readonly roleKey: string;
  readonly roleName: string;
  readonly dataScope: '1' | '2' | '3' | '4' | '5';
}

/** Role ids 2 (project manager) and 7 (design host) are fixed by the spec; the others are ours. */
export const ROLES: readonly SeedRole[] = [
  { roleId: 1, roleKey: 'admin', roleName: '超级管理员', dataScope: '1' },
  { roleId: 2, roleKey: 'xmjl', roleName: '项目经理', dataScope: '5' },
  { roleId: 3, roleKey: 'xs_jybfzr', roleName: '经营部负责人', dataScope: '1' },
  { roleId: 4, roleKey: 'bmfzr', roleName: '部门负责人', dataScope: '4' },
  { roleId: 5, roleKey: 'zgcs', roleName: '总工程师', dataScope: '1' },
  { roleId: 6, roleKey: 'jsfzr', roleName: '技术负责人', dataScope: '1' },
  { roleId: 7, roleKey: 'sjzc', roleName: '设计主持', dataScope: '3' },
  { roleId: 8, roleKey: 'cw', roleName: '财务', dataScope: '1' },
  { roleId: 9, roleKey: 'yy', roleName: '运营', dataScope: '1' },
  { roleId: 10, roleKey: 'zhjyb', roleName: '综合经营部', dataScope: '1' },
  { roleId: 11, roleKey: 'zjl', roleName: '总经理', dataScope: '1' },
  { roleId: 12, roleKey: 'zhswb', roleName: '综合事务部', dataScope: '1' },
  { roleId: 13, roleKey: 'common', roleName: '普通员工', dataScope: '5' },
];

export interface SeedUser {
  readonly userId: number;
  readonly userName: string;
  readonly nickName: string;
  readonly deptId: number;
  readonly sex: '0' | '1' | '2';
  /** The first is the default role. */
  readonly roleIds: readonly number[];
  readonly postIds: readonly number[];
}

/** Demo accounts; every one signs in with the password `admin123`. */
export const DEMO_USERS: readonly SeedUser[] = [
  {
    userId: 1,
    userName: 'admin',
    nickName: '系统管理员',
    deptId: 100,
    sex: '0',
    roleIds: [1],
    postIds: [],
  },
  {
    userId: 2,
    userName: 'jingying',
    nickName: '王经营',
    deptId: 102,
    sex: '0',
    roleIds: [3],
    postIds: [3],
  },
  {
    userId: 3,
    userName: 'xmjl',
    nickName: '李项目',
    deptId: 110,
    sex: '0',
    roleIds: [2, 7],
    postIds: [4],
  },
  {
    userId: 4,
    userName: 'sjzc',
    nickName: '张主持',
    deptId: 110,
    sex: '1',
    roleIds: [7],
    postIds: [4],
  },
  {
    userId: 5,
    userName: 'bmfzr',
    nickName: '赵所长',
    deptId: 110,
    sex: '0',
    roleIds: [4, 2],
    postIds: [3],
  },
  {
    userId: 6,
    userName: 'zgcs',
    nickName: '钱总工',
    deptId: 106,
    sex: '0',
    roleIds: [5],
    postIds: [2],
  },
  {
    userId: 7,
    userName: 'jsfzr',
    nickName: '孙技术',
    deptId: 106,
    sex: '1',
    roleIds: [6],
    postIds: [4],
  },
  {
    userId: 8,
    userName: 'caiwu',
    nickName: '周会计',
    deptId: 103,
    sex: '1',
    roleIds: [8],
    postIds: [5],
  },
  {
    userId: 9,
    userName: 'yunying',
    nickName: '吴运营',
    deptId: 104,
    sex: '1',
    roleIds: [9],
    postIds: [5],
  },
  {
    userId: 10,
    userName: 'zhjy',
    nickName: '郑综经',
    deptId: 107,
    sex: '0',
    roleIds: [10],
    postIds: [5],
  },
  {
    userId: 11,
    userName: 'zjl',
    nickName: '陈总',
    deptId: 101,
    sex: '0',
    roleIds: [11],
    postIds: [1],
  },
  {
    userId: 12,
    userName: 'zhsw',
    nickName: '冯主任',
    deptId: 105,
    sex: '1',
    roleIds: [12],
    postIds: [3],
  },
  {
    userId: 13,
    userName: 'xmjl2',
    nickName: '何项目',
    deptId: 111,
    sex: '0',
    roleIds: [2],
    postIds: [4],
  },
  {
    userId: 14,
    userName: 'sjzc2',
    nickName: '吕主持',
    deptId: 112,
    sex: '0',
    roleIds: [7, 2],
    postIds: [4],
  },
  {
    userId: 15,
    userName: 'yuangong',
    nickName: '施设计',
    deptId: 112,
    sex: '1',
    roleIds: [13],
    postIds: [5],
  },
  {
    userId: 16,
    userName: 'bmfzr2',
    nickName: '孔所长',
    deptId: 112,
    sex: '0',
    roleIds: [4],
    postIds: [3],
  },
];

export const DEMO_PASSWORD = 'admin123';

/** Department leaders, set after the users exist. */
export const DEPT_LEADERS: ReadonlyArray<readonly [deptId: number, userId: number]> = [
  // The general manager leads the institute itself: 上报上级 (escalate) from a department head
  // (经营部's jingying drafting his own review) reaches him, and a department without a head of
  // its own (设计院, 建筑二所) has its department-head node signed by him.
  [100, 11],
  [102, 2],
  [110, 5],
  [112, 16],
  [106, 6],
  [101, 11],
  [105, 12],
  // 财务部 and 运营部 are led by their one seeded member; 综合经营部 by the business department's
  // head (jingying), who signs its members' contract reviews. Every department then has someone
  // to ask for a department confirmation or a department-head approval node.
  [103, 8],
  [104, 9],
  [107, 2],
];

export const POSTS = [
  { postId: 1, postCode: 'yz', postName: '院长', postSort: 1 },
  { postId: 2, postCode: 'zg', postName: '总工', postSort: 2 },
  { postId: 3, postCode: 'bmjl', postName: '部门经理', postSort: 3 },
  { postId: 4, postCode: 'gcs', postName: '工程师', postSort: 4 },
  { postId: 5, postCode: 'zy', postName: '职员', postSort: 5 },
] as const;

export { DICTS, type SeedDict } from './demo-dicts.js';

export interface SeedConfig {
  readonly configName: string;
  readonly configKey: string;
  readonly configValue: string;
}

export const INSTITUTE_NAME = '华东示范建筑设计研究院有限公司';

export function configs(mode: 'demo' | 'production'): readonly SeedConfig[] {
  return [
    { configName: '平台名称', configKey: 'platformName', configValue: '设计项目管理系统' },
    { configName: '资金计划开关', configKey: 'fund_plan_switch', configValue: 'true' },
    { configName: '院联系电话', configKey: 'subPhone', configValue: '0571-88886666' },
    { configName: '院地址', configKey: 'subAddress', configValue: '浙江省杭州市西湖区文三路100号' },
    { configName: '院开户银行', configKey: 'subOpenBank', configValue: '中国工商银行杭州西湖支行' },
    { configName: '院银行账号', configKey: 'subOpenBankNum', configValue: '1202020109900012345' },
    { configName: '院纳税人识别号', configKey: 'subTaxpayerNum', configValue: '913301007654321' },
    { configName: '签约主体', configKey: 'signBySub', configValue: INSTITUTE_NAME },
    {
      configName: '账号自助-验证码开关',
      configKey: 'sys.account.captchaEnabled',
      configValue: mode === 'demo' ? 'false' : 'true',
    },
    {
      configName: '账号自助-是否开启用户注册功能',
      configKey: 'sys.account.registerUser',
      configValue: 'false',
    },
  ];
}

/** Disciplines per design stage (1 scheme, 2 preliminary, 3 construction drawings). */
export const MAJORS: ReadonlyArray<{
  readonly majorId: number;
  readonly majorName: string;
  readonly designStageId: number;
  readonly parentId: number | null;
  readonly orderNum: number;
}> = [
  { majorId: 1, majorName: '建筑', designStageId: 1, parentId: null, orderNum: 1 },
  { majorId: 2, majorName: '景观', designStageId: 1, parentId: null, orderNum: 2 },
  { majorId: 3, majorName: '规划', designStageId: 1, parentId: null, orderNum: 3 },
  { majorId: 11, majorName: '建筑', designStageId: 2, parentId: null, orderNum: 1 },
  { majorId: 12, majorName: '结构', designStageId: 2, parentId: null, orderNum: 2 },
  { majorId: 13, majorName: '机电', designStageId: 2, parentId: null, orderNum: 3 },
  { majorId: 21, majorName: '建筑', designStageId: 3, parentId: null, orderNum: 1 },
  { majorId: 22, majorName: '结构', designStageId: 3, parentId: null, orderNum: 2 },
  { majorId: 23, majorName: '给排水', designStageId: 3, parentId: null, orderNum: 3 },
  { majorId: 24, majorName: '暖通', designStageId: 3, parentId: null, orderNum: 4 },
  { majorId: 25, majorName: '电气', designStageId: 3, parentId: null, orderNum: 5 },
  { majorId: 26, majorName: '强电', designStageId: 3, parentId: 25, orderNum: 1 },
  { majorId: 27, majorName: '弱电', designStageId: 3, parentId: 25, orderNum: 2 },
  { majorId: 28, majorName: '室内', designStageId: 3, parentId: null, orderNum: 6 },
];
