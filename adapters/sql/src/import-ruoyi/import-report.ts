/**
 * What an import brought and what it left, and its Chinese wording (one catalogue, so it can be
 * translated).
 */

export const IMPORT_KINDS = [
  'dept',
  'post',
  'role',
  'user',
  'userRole',
  'userPost',
  'roleMenu',
  'roleDept',
  'deptLeader',
  'dictType',
  'dictData',
  'config',
  'notice',
] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const KIND_LABEL: Readonly<Record<ImportKind, string>> = {
  dept: '部门',
  post: '岗位',
  role: '角色',
  user: '用户',
  userRole: '用户的角色',
  userPost: '用户的岗位',
  roleMenu: '角色的菜单和权限',
  roleDept: '角色的自定数据权限部门',
  deptLeader: '部门负责人',
  dictType: '字典类型',
  dictData: '字典数据',
  config: '参数',
  notice: '通知公告',
};

export interface ImportCount {
  /** Rows (or links) this run wrote. */
  added: number;
  /** Rows already in our database that the file's rows were matched to (and left as they were). */
  matched: number;
}

export interface ImportNote {
  readonly kind: ImportKind;
  /** The record in RuoYi's words: a name, a key. */
  readonly item: string;
  readonly reason: string;
}

export interface RuoyiImportReport {
  readonly counts: Readonly<Record<ImportKind, ImportCount>>;
  /** What the file holds that was not brought over, with the reason. */
  readonly skipped: readonly ImportNote[];
  /** What was brought over differently from RuoYi (matched to ours, kept ours …). */
  readonly notes: readonly ImportNote[];
  /** Tables of the file the import does not read that hold rows: [name, rows]. */
  readonly leftBehind: readonly (readonly [string, number])[];
  /** False when the database already held everything: the run wrote nothing. */
  readonly changed: boolean;
}

export const MSG = {
  deleted: '在若依中已删除',
  rootMerged: (ours: string) => `若依的顶级部门并入本系统的根部门「${ours}」（名称保留本系统的）`,
  secondRoot: '若依有多个顶级部门：此部门放在本系统的根部门之下',
  parentMissing: '上级部门不在文件中（或已跳过），无法放入部门树',
  leaderUnknown: (leader: string) => `负责人「${leader}」对应不到唯一的用户，未设置负责人`,
  postByName: (code: string) => `按名称对应到本系统已有的岗位（编码 ${code}）`,
  roleImportedAs: (key: string) => `作为新角色导入（权限字符 ${key}），不并入本系统的同名角色`,
  adminRoleOurs: '对应本系统的超级管理员角色：不导入其授权，也不把它授予任何导入的用户',
  dataScopeUnknown: (v: string) => `数据范围「${v}」无法识别，按“仅本人数据”导入`,
  menuUnmatched: (roles: string) => `本系统没有对应的菜单或权限（授予了：${roles}）`,
  userExists: '本系统已有同名账号：保留其资料、密码和角色，只补充岗位',
  userNameDeleted: '本系统中同名账号已删除，不能再用这个账号名',
  userDeptMissing: '所在部门不在文件中（或已跳过），导入后没有部门',
  noPassword: '若依中没有密码，导入后无法登录，需要管理员重置密码',
  notBcrypt: '密码不是 bcrypt 散列，导入后无法登录，需要管理员重置密码',
  dictTypeNew: '本系统原来没有这个字典类型，已新建（本系统的页面不使用它）',
  dictTypeMissing: '字典类型既不在文件中也不在本系统中',
  configKept: (ours: string, theirs: string) => `保留本系统的值「${ours}」（若依为「${theirs}」）`,
  linkRoleMissing: '角色不在文件中、已删除或未导入',
  existingUserRolesKept: '本系统已有这个账号：保留本系统给它的角色，不增加若依的角色',
  adminNotGiven: '超级管理员角色不通过导入授予，需要时由管理员在用户管理中分配',
  linkTargetMissing: '关联的记录不在文件中、已删除或未导入',
} as const;

export class ImportLedger {
  readonly counts = Object.fromEntries(
    IMPORT_KINDS.map((k) => [k, { added: 0, matched: 0 }]),
  ) as Record<ImportKind, ImportCount>;
  readonly skipped: ImportNote[] = [];
  readonly notes: ImportNote[] = [];

  skip(kind: ImportKind, item: string, reason: string): void {
    this.skipped.push({ kind, item, reason });
  }
  note(kind: ImportKind, item: string, reason: string): void {
    this.notes.push({ kind, item, reason });
  }
}

/** The report as the CLI prints it. */
export function formatReport(report: RuoyiImportReport): string {
  const lines: string[] = [];
  if (!report.changed) {
    lines.push('数据库已包含这份文件的全部内容，本次没有任何改动。');
  } else {
    lines.push('若依数据已导入（一个事务内完成）：');
  }
  for (const kind of Object.keys(KIND_LABEL) as ImportKind[]) {
    const c = report.counts[kind];
    if (c.added === 0 && c.matched === 0) continue;
    lines.push(`  ${KIND_LABEL[kind]}：新增 ${String(c.added)}，已有 ${String(c.matched)}`);
  }
  if (report.skipped.length > 0) {
    lines.push(`未导入 ${String(report.skipped.length)} 项：`);
    for (const s of report.skipped) lines.push(`  [${KIND_LABEL[s.kind]}] ${s.item}：${s.reason}`);
  }
  if (report.notes.length > 0) {
    lines.push(`说明 ${String(report.notes.length)} 项：`);
    for (const s of report.notes) lines.push(`  [${KIND_LABEL[s.kind]}] ${s.item}：${s.reason}`);
  }
  if (report.leftBehind.length > 0) {
    lines.push(
      `不在导入范围内的表（未读取）：${report.leftBehind.map(([t, n]) => `${t}（${String(n)} 行）`).join('、')}`,
    );
  }
  return lines.join('\n');
}
