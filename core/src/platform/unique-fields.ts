import { domainError, type DomainError } from '../shared/result.js';

/**
 * The uniqueness a person expects of the platform's records, each kept by a database constraint
 * (migration 0003 and 0001). `record` and `label` are RuoYi's words, so a refusal reads as RuoYi's
 * does: `新增部门'研发部'失败，部门名称已存在`. `field` is the wire name the refusal points at.
 *
 * Where RuoYi has no rule of its own we chose one and say why:
 * - dictValue: RuoYi lets one dictionary hold a value twice; the label a stored value shows would
 *   then depend on row order, so a value is unique within its dictionary type.
 * - majorName: majors are ours, not RuoYi's; a name is unique among its siblings (same design stage,
 *   same parent), so 建筑 may appear once per stage.
 * - Comparisons are exact (case and width as typed); the routes trim surrounding spaces first.
 * - Phone numbers and e-mail addresses are not unique here (RuoYi refuses duplicates): people sign in
 *   by user name, and an office phone or a shared mailbox may belong to several accounts.
 */
export const UNIQUE_FIELDS = {
  deptName: { record: '部门', label: '部门名称', field: 'deptName' },
  postCode: { record: '岗位', label: '岗位编码', field: 'postCode' },
  postName: { record: '岗位', label: '岗位名称', field: 'postName' },
  roleKey: { record: '角色', label: '角色权限', field: 'roleKey' },
  roleName: { record: '角色', label: '角色名称', field: 'roleName' },
  menuName: { record: '菜单', label: '菜单名称', field: 'menuName' },
  dictType: { record: '字典', label: '字典类型', field: 'dictType' },
  dictValue: { record: '字典数据', label: '字典键值', field: 'dictValue' },
  configKey: { record: '参数', label: '参数键名', field: 'configKey' },
  userName: { record: '用户', label: '登录账号', field: 'userName' },
  majorName: { record: '专业', label: '专业名称', field: 'majorName' },
} as const satisfies Record<
  string,
  { readonly record: string; readonly label: string; readonly field: string }
>;

export type UniqueField = keyof typeof UNIQUE_FIELDS;

/** A create (新增) or an update (修改): RuoYi's refusal names which. */
export type WriteAction = 'create' | 'update';

/**
 * The refusal of a write that would take a value another record holds: `PLATFORM.DUPLICATE`
 * (answered 409) naming the field. `subject` is the record's name as RuoYi shows it (the
 * department's, the role's, the config's name...), as sent or, when a change leaves it, as stored.
 */
export function uniqueTaken(
  unique: UniqueField,
  action: WriteAction,
  subject: string,
): DomainError {
  const { record, label, field } = UNIQUE_FIELDS[unique];
  const verb = action === 'create' ? '新增' : '修改';
  return domainError(
    'PLATFORM.DUPLICATE',
    `${verb}${record}'${subject}'失败，${label}已存在`,
    field,
  );
}
