import { hasPermission, mayActOnRole, type RoleAction, ROLE_SORT_COLUMNS } from '@dpms/core';
import type { SysRole } from '@dpms/http-client';
import { roleCreateBody, roleUpdateBody } from '@dpms/wire';
import { useState } from 'react';
import { useService } from '../../app/di';
import { useActionActor } from '../../app/hooks';
import { TOKENS } from '../../app/tokens';
import { CrudPage } from '../../components/crud/CrudPage';
import { useConfirmedAction } from '../../components/crud/useConfirmedAction';
import { HasPermi } from '../../components/auth/Access';
import { downloadExport } from '../../components/upload/download';
import { useInstituteClock } from '../../components/time/institute-clock';
import { Button } from '../../components/ui/Button';
import { StatusTag } from '../../components/ui/Page';
import type { FormValues } from '../../components/widgets/FormDialog';
import { AuthUserDialog } from './role/AuthUserDialog';
import { DataScopeDialog } from './role/DataScopeDialog';
import { decodeGrant } from './role/grant-value';
import { MenuGrantField } from './role/MenuGrantField';
import { REMARK_FIELD, STATUS_FIELD, STATUS_OPTIONS } from './status-options';

type RoleFilter = { roleName: string; roleKey: string; status: string };

/** The body the role form sends: its menu grant decoded, left out while not loaded. */
export function roleBodyOf(v: FormValues): Record<string, unknown> {
  // roleId names the role to the grant field only; the save sends it from the row.
  const { menuIds, menuCheckStrictly: _initial, roleSort, roleId: _id, ...rest } = v;
  void _initial;
  void _id;
  const grant = decodeGrant(menuIds);
  return {
    ...rest,
    ...(roleSort !== undefined && roleSort !== '' ? { roleSort: Number(roleSort) } : {}),
    ...(grant ? { menuIds: [...grant.ids], menuCheckStrictly: grant.linked } : {}),
  };
}

/** 角色管理: search, status, add/edit with the menu grant, 数据权限, 分配用户, delete. */
export function RolesPage() {
  const roles = useService(TOKENS.RoleGateway);
  const clock = useInstituteClock();
  const actor = useActionActor();
  const confirmed = useConfirmedAction();
  const [scopeFor, setScopeFor] = useState<SysRole | null>(null);
  const [usersFor, setUsersFor] = useState<SysRole | null>(null);
  /** A row's buttons follow core's role rule and the caller's permission, as the server. */
  const may = (action: RoleAction, r: SysRole, perm: string) =>
    hasPermission(actor.permissions, [perm]) && mayActOnRole(action, r, actor.isAdmin);

  const toggleStatus = (r: SysRole, refetch: () => void) => {
    const next = r.status === '0' ? '1' : '0';
    return confirmed({
      ask: `确认要${next === '0' ? '启用' : '停用'}"${r.roleName}"角色吗？`,
      slot: `status:${r.roleId}`,
      action: (idempotencyKey) => roles.changeStatus(r.roleId, next, { idempotencyKey }),
      done: next === '0' ? '启用成功' : '停用成功',
      refetch,
    });
  };

  return (
    <CrudPage<SysRole, RoleFilter>
      title="角色管理"
      noun="角色"
      queryKey="roles"
      sortColumns={ROLE_SORT_COLUMNS}
      gateway={roles}
      filter={{ roleName: '', roleKey: '', status: '' }}
      search={[
        { key: 'roleName', label: '角色名称' },
        { key: 'roleKey', label: '权限字符' },
        { key: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS },
      ]}
      rowKey="roleId"
      columns={({ refetch }) => [
        { key: 'roleId', title: '角色编号', width: 90 },
        { key: 'roleName', title: '角色名称' },
        { key: 'roleKey', title: '权限字符' },
        { key: 'roleSort', title: '显示顺序', width: 90, align: 'right' },
        {
          key: 'status',
          title: '状态',
          render: (r) =>
            may('changeStatus', r, 'system:role:edit') ? (
              <button
                type="button"
                onClick={() => void toggleStatus(r, refetch)}
                aria-label={`切换 ${r.roleName} 状态`}
              >
                <StatusTag status={r.status} />
              </button>
            ) : (
              <StatusTag status={r.status} />
            ),
        },
        { key: 'createTime', title: '创建时间', render: (r) => clock.instant(r.createTime) },
      ]}
      permissions={{
        add: 'system:role:add',
        edit: 'system:role:edit',
        remove: 'system:role:remove',
      }}
      offered={{
        edit: (r) => mayActOnRole('edit', r, actor.isAdmin),
        remove: (r) => mayActOnRole('remove', r, actor.isAdmin),
      }}
      form={{
        idKey: 'roleId',
        schemas: { add: roleCreateBody, edit: roleUpdateBody },
        defaults: { status: '0', roleSort: '0', menuIds: '', menuCheckStrictly: 'true' },
        toForm: (r) => ({
          roleName: r.roleName,
          roleKey: r.roleKey,
          roleSort: String(r.roleSort),
          status: r.status,
          remark: r.remark,
          roleId: String(r.roleId),
          menuIds: '',
          menuCheckStrictly: String(r.menuCheckStrictly),
        }),
        toBody: roleBodyOf,
        fields: [
          { key: 'roleName', label: '角色名称', required: true, maxLength: 30 },
          { key: 'roleKey', label: '权限字符', required: true, maxLength: 100 },
          { key: 'roleSort', label: '角色顺序', type: 'number', required: true },
          STATUS_FIELD,
          {
            key: 'menuIds',
            label: '菜单权限',
            render: (value, set, values) => (
              <MenuGrantField
                roleId={values['roleId'] ? Number(values['roleId']) : undefined}
                initialLinked={values['menuCheckStrictly'] !== 'false'}
                value={value}
                set={set}
              />
            ),
          },
          REMARK_FIELD,
        ],
        saved: { add: '新增成功', edit: '修改成功' },
      }}
      remove={{ what: (r) => `角色编号为"${r.roleId}"的数据项` }}
      headerActions={
        <HasPermi perms={['system:role:export']}>
          <Button onClick={() => void downloadExport('/system/role/export', '角色数据.xlsx')}>
            导出
          </Button>
        </HasPermi>
      }
      rowActions={(r) => (
        <>
          {may('dataScope', r, 'system:role:edit') && (
            <Button size="sm" variant="text" onClick={() => setScopeFor(r)}>
              数据权限
            </Button>
          )}
          {may('authUser', r, 'system:role:edit') && (
            <Button size="sm" variant="text" onClick={() => setUsersFor(r)}>
              分配用户
            </Button>
          )}
        </>
      )}
    >
      {({ refetch }) => (
        <>
          {scopeFor && (
            <DataScopeDialog
              role={scopeFor}
              onClose={() => setScopeFor(null)}
              onSaved={() => {
                setScopeFor(null);
                refetch();
              }}
            />
          )}
          {usersFor && <AuthUserDialog role={usersFor} onClose={() => setUsersFor(null)} />}
        </>
      )}
    </CrudPage>
  );
}
