/**
 * RuoYi's role data-scope codes: 1 all, 2 custom departments, 3 own department, 4 own department
 * and below, 5 own records only.
 */
export type DataScopeCode = '1' | '2' | '3' | '4' | '5';

export const DATA_SCOPE_CODES: readonly DataScopeCode[] = ['1', '2', '3', '4', '5'];

/** The spec's names of the data-scope codes: 分配数据权限's choices and the role export's column. */
export const DATA_SCOPE_LABELS: Readonly<Record<DataScopeCode, string>> = {
  '1': '全部数据权限',
  '2': '自定数据权限',
  '3': '本部门数据权限',
  '4': '本部门及以下数据权限',
  '5': '仅本人数据权限',
};

/**
 * Which records a caller may list, read and write. Every repository method over a scoped record
 * (users, departments, and later contracts, tasks ...) takes one; the server derives it from the
 * session's current role, never from the request.
 */
export type DataScope =
  | { readonly kind: 'all' }
  | { readonly kind: 'dept'; readonly deptIds: readonly number[] }
  | { readonly kind: 'deptAndBelow'; readonly deptId: number }
  | { readonly kind: 'own'; readonly userId: number };

export const ALL_DATA: DataScope = { kind: 'all' };

/**
 * The scope of a caller acting in one role. `customDeptIds` are the role's department links, used
 * only by code '2'. A user without a department sees only their own records under codes 3 and 4.
 */
export function dataScopeFor(
  role: { readonly roleKey: string; readonly dataScope: DataScopeCode },
  user: { readonly userId: number; readonly deptId: number | null },
  customDeptIds: readonly number[] = [],
): DataScope {
  if (role.roleKey === 'admin') return ALL_DATA;
  switch (role.dataScope) {
    case '1':
      return ALL_DATA;
    case '2':
      return { kind: 'dept', deptIds: customDeptIds };
    case '3':
      return user.deptId === null
        ? { kind: 'own', userId: user.userId }
        : { kind: 'dept', deptIds: [user.deptId] };
    case '4':
      return user.deptId === null
        ? { kind: 'own', userId: user.userId }
        : { kind: 'deptAndBelow', deptId: user.deptId };
    case '5':
      return { kind: 'own', userId: user.userId };
  }
}
