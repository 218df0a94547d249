import { domainError, type DomainError } from '../shared/result.js';
import { SYSTEM_MESSAGES } from './system-fields.js';

/** Expected failures of the platform repositories; codes are stable, messages are shown to people. */
export const PlatformErrors = {
  notFound: (what: string): DomainError =>
    domainError('PLATFORM.NOT_FOUND', `${what}不存在或已被删除`),
  outOfScope: (): DomainError => domainError('PLATFORM.DATA_SCOPE_DENIED', '没有权限访问该数据'),
  duplicate: (what: string, field: string): DomainError =>
    domainError('PLATFORM.DUPLICATE', `${what}已存在`, field),
  deptHasChildren: (): DomainError =>
    domainError('PLATFORM.DEPT_HAS_CHILDREN', '存在下级部门，不允许删除'),
  deptHasUsers: (): DomainError =>
    domainError('PLATFORM.DEPT_HAS_USERS', '部门存在用户，不允许删除'),
  /** RuoYi's 修改部门 refusal of a department named as its own parent (422, no field). */
  deptOwnParent: (): DomainError => domainError('PLATFORM.DEPT_OWN_PARENT', '上级部门不能是自己'),
  deptParentInvalid: (): DomainError =>
    domainError('PLATFORM.DEPT_PARENT_INVALID', '上级部门不能是自己或自己的下级', 'parentId'),
  menuHasChildren: (): DomainError =>
    domainError('PLATFORM.MENU_HAS_CHILDREN', '存在子菜单，不允许删除'),
  /** RuoYi's words: `项目经理已分配,不能删除`. */
  roleInUse: (roleName = '角色'): DomainError =>
    domainError('PLATFORM.ROLE_IN_USE', `${roleName}已分配,不能删除`),
  postInUse: (postName = '岗位'): DomainError =>
    domainError('PLATFORM.POST_IN_USE', `${postName}已分配,不能删除`),
  builtinConfig: (): DomainError => domainError('PLATFORM.BUILTIN_CONFIG', '内置参数不能删除'),
  majorHasChildren: (): DomainError =>
    domainError('PLATFORM.MAJOR_HAS_CHILDREN', '存在下级专业，不允许删除'),
  /** A department's leader is one of its users (`leaderChoiceStands`). */
  leaderNotMember: (): DomainError =>
    domainError('VALIDATION.DEPT_LEADER', SYSTEM_MESSAGES.leaderNotMember(), 'leaderUserId'),
  roleNotHeld: (): DomainError =>
    domainError('PLATFORM.ROLE_NOT_HELD', '用户未拥有该角色', 'roleId'),
} as const;

export const PLATFORM_ERROR_CODES = {
  NOT_FOUND: 'PLATFORM.NOT_FOUND',
  DATA_SCOPE_DENIED: 'PLATFORM.DATA_SCOPE_DENIED',
  DUPLICATE: 'PLATFORM.DUPLICATE',
} as const;
