/** The profile the 个人中心 tests sign in with, and the API's plain success answer. */
export const OK = { code: 200, msg: '操作成功' };
export const USER = {
  userId: 15,
  userName: 'yuangong',
  nickName: '员工',
  deptId: 107,
  dept: { deptId: 107, deptName: '综合经营部' },
  email: '',
  phonenumber: '',
  sex: '0' as const,
  avatar: '',
  status: '0' as const,
  remark: '',
  createTime: '2026-11-25T16:30:00.000Z',
  roleIds: [13],
  postIds: [],
  defaultRoleId: 13,
};
