import { resetPasswordBody, userCreateBody, userUpdateBody } from '@dpms/wire';
import { useQuery } from '@tanstack/react-query';
import type { SysUserRow, TreeNode } from '@dpms/http-client';
import { useMemo, useState } from 'react';
import { mayActOnUser, type UserAction } from '@dpms/core';
import { useService } from '../../app/di';
import { useActionActor } from '../../app/hooks';
import { TOKENS } from '../../app/tokens';
import { CrudPage } from '../../components/crud/CrudPage';
import { Button } from '../../components/ui/Button';
import { StatusTag } from '../../components/ui/Page';
import { Autocomplete } from '../../components/widgets/Autocomplete';
import { MultiSelectDialog, SingleChoiceDialog } from '../../components/widgets/ChoiceDialogs';
import { FormDialog, type FormFieldDef } from '../../components/widgets/FormDialog';
import { REMARK_FIELD, STATUS_FIELD, STATUS_OPTIONS } from './status-options';
import { useInstituteClock } from '../../components/time/institute-clock';
import { useActionKeys } from '../../components/crud/action-keys';
import { useConfirmedAction } from '../../components/crud/useConfirmedAction';

type UserFilter = { userName: string; phonenumber: string; status: string; deptId: string };

export function flattenTree(nodes: TreeNode[], depth = 0): { value: string; label: string }[] {
  return nodes.flatMap((n) => [
    { value: String(n.id), label: `${'　'.repeat(depth)}${n.label}` },
    ...flattenTree(n.children ?? [], depth + 1),
  ]);
}

/** 用户管理: search, department filter, status, add/edit, roles, password reset, delete. */
export function UsersPage() {
  const users = useService(TOKENS.UserGateway);
  const clock = useInstituteClock();
  const depts = useService(TOKENS.DeptGateway);
  const feedback = useService(TOKENS.Feedback);
  const actor = useActionActor();
  // The status toggle and the role assignment each keep their Idempotency-Key until answered.
  const keys = useActionKeys();
  const confirmed = useConfirmedAction();
  /** The row's buttons follow the server's rule for that user (userActionCheck). */
  const may = (action: UserAction, u: SysUserRow) =>
    mayActOnUser(action, { userId: u.userId, status: u.status, admin: u.admin }, actor);
  const tree = useQuery({ queryKey: ['deptTree'], queryFn: () => depts.treeselect() });
  const options = useQuery({ queryKey: ['userFormOptions'], queryFn: () => users.get('') });
  const deptOptions = useMemo(() => flattenTree(tree.data ?? []), [tree.data]);
  const [deptDialog, setDeptDialog] = useState(false);
  const [columnsDialog, setColumnsDialog] = useState(false);
  const [rolesFor, setRolesFor] = useState<SysUserRow | null>(null);
  const [resetFor, setResetFor] = useState<SysUserRow | null>(null);
  const roleOptions = (options.data?.roles ?? []).map((r) => ({
    value: String(r.roleId),
    label: r.roleName,
  }));

  const fields = (mode: 'add' | 'edit'): FormFieldDef[] => [
    { key: 'nickName', label: '用户昵称', required: true, maxLength: 30 },
    { key: 'deptId', label: '归属部门', type: 'select', options: deptOptions },
    { key: 'phonenumber', label: '手机号码', maxLength: 11 },
    { key: 'email', label: '邮箱', maxLength: 50 },
    ...(mode === 'add'
      ? ([
          { key: 'userName', label: '用户名称', required: true, maxLength: 30 },
          { key: 'password', label: '用户密码', type: 'password', required: true, maxLength: 64 },
        ] satisfies FormFieldDef[])
      : []),
    {
      key: 'sex',
      label: '用户性别',
      type: 'select',
      options: [
        { value: '0', label: '男' },
        { value: '1', label: '女' },
        { value: '2', label: '未知' },
      ],
    },
    STATUS_FIELD,
    REMARK_FIELD,
  ];

  const toggleStatus = (u: SysUserRow, refetch: () => void) => {
    const next = u.status === '0' ? '1' : '0';
    return confirmed({
      ask: `确认要${next === '0' ? '启用' : '停用'}"${u.userName}"用户吗？`,
      slot: `status:${u.userId}`,
      action: (idempotencyKey) => users.changeStatus(u.userId, next, { idempotencyKey }),
      done: next === '0' ? '启用成功' : '停用成功',
      refetch,
    });
  };

  return (
    <CrudPage<SysUserRow, UserFilter>
      title="用户管理"
      noun="用户"
      queryKey="users"
      gateway={users}
      filter={{ userName: '', phonenumber: '', status: '', deptId: '' }}
      search={[
        {
          key: 'userName',
          label: '用户名称',
          type: 'custom',
          render: (_value, set) => (
            <Autocomplete<SysUserRow>
              aria-label="用户名称"
              placeholder="请输入用户名称"
              search={async (q) =>
                (await users.list({ userName: q, pageNum: 1, pageSize: 20 })).rows
              }
              labelOf={(u) => u.userName}
              keyOf={(u) => u.userId}
              onSelect={(u) => set(u?.userName ?? '')}
            />
          ),
        },
        { key: 'phonenumber', label: '手机号码' },
        { key: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS },
        {
          key: 'deptId',
          label: '部门',
          type: 'custom',
          render: (value, set) => (
            <>
              <button type="button" className="input text-left" onClick={() => setDeptDialog(true)}>
                {deptOptions.find((d) => d.value === value)?.label.trim() ?? (
                  <span className="text-muted">选择部门</span>
                )}
              </button>
              {deptDialog && (
                <SingleChoiceDialog
                  open
                  title="选择部门"
                  options={deptOptions}
                  initial={value}
                  onClose={() => setDeptDialog(false)}
                  onConfirm={(v) => {
                    set(v);
                    setDeptDialog(false);
                  }}
                />
              )}
            </>
          ),
        },
      ]}
      rowKey="userId"
      columns={({ refetch }) => [
        { key: 'userId', title: '用户编号', width: 90, sortable: true },
        { key: 'userName', title: '用户名称', sortable: true },
        { key: 'nickName', title: '用户昵称', sortable: true },
        { key: 'dept', title: '部门', render: (u) => u.dept?.deptName ?? '' },
        { key: 'phonenumber', title: '手机号码' },
        {
          key: 'status',
          title: '状态',
          sortable: true,
          render: (u) =>
            may('changeStatus', u) ? (
              <button
                type="button"
                onClick={() => void toggleStatus(u, refetch)}
                aria-label={`切换 ${u.userName} 状态`}
              >
                <StatusTag status={u.status} />
              </button>
            ) : (
              <StatusTag status={u.status} />
            ),
        },
        {
          key: 'createTime',
          title: '创建时间',
          sortable: true,
          render: (u) => clock.date(u.createTime),
        },
      ]}
      permissions={{
        add: 'system:user:add',
        edit: 'system:user:edit',
        remove: 'system:user:remove',
      }}
      form={{
        idKey: 'userId',
        schemas: { add: userCreateBody, edit: userUpdateBody },
        defaults: { status: '0', sex: '0' },
        toForm: (u) => ({
          nickName: u.nickName,
          deptId: String(u.deptId ?? ''),
          phonenumber: u.phonenumber,
          email: u.email,
          sex: u.sex,
          status: u.status,
          remark: u.remark,
        }),
        toBody: (v) => ({ ...v, deptId: v['deptId'] ? Number(v['deptId']) : null }),
        fields,
        saved: { add: '新增成功', edit: '修改成功' },
      }}
      remove={{ what: (u) => `用户编号为"${u.userId}"的数据项` }}
      rowActions={(u) => (
        <>
          {may('assignRoles', u) && (
            <Button size="sm" variant="text" onClick={() => setRolesFor(u)}>
              分配角色
            </Button>
          )}
          {may('resetPwd', u) && (
            <Button size="sm" variant="text" onClick={() => setResetFor(u)}>
              重置密码
            </Button>
          )}
        </>
      )}
      offered={{ edit: (u) => may('edit', u), remove: (u) => may('remove', u) }}
      headerActions={<Button onClick={() => setColumnsDialog(true)}>显示列</Button>}
      table={{
        columnsDialogOpen: columnsDialog,
        onColumnsDialogClose: () => setColumnsDialog(false),
      }}
    >
      {({ refetch }) => (
        <>
          {rolesFor && (
            <MultiSelectDialog
              open
              title={`分配角色：${rolesFor.nickName}`}
              options={roleOptions}
              initial={rolesFor.roleIds.map(String)}
              onClose={() => setRolesFor(null)}
              onConfirm={(values) => {
                const body = { userId: rolesFor.userId, roleIds: values.map(Number) };
                void keys
                  .run(`roles:${rolesFor.userId}`, (idempotencyKey) =>
                    users.update(body, { idempotencyKey }),
                  )
                  .then((outcome) => {
                    if (outcome.ok) {
                      setRolesFor(null);
                      feedback.success('授权成功');
                      refetch();
                    } else feedback.error(outcome.message);
                  });
              }}
            />
          )}
          {resetFor && (
            <FormDialog
              open
              title={`重置密码：${resetFor.userName}`}
              width={450}
              fields={[
                {
                  key: 'password',
                  label: '新密码',
                  type: 'password',
                  required: true,
                  maxLength: 64,
                },
              ]}
              initial={{}}
              schema={{
                schema: resetPasswordBody,
                bodyOf: (v) => ({ userId: resetFor.userId, password: v['password'] }),
              }}
              onClose={() => setResetFor(null)}
              onSubmit={async (v, idempotencyKey) => {
                await users.resetPwd(resetFor.userId, v['password'] ?? '', { idempotencyKey });
                setResetFor(null);
                feedback.success('修改成功');
              }}
            />
          )}
        </>
      )}
    </CrudPage>
  );
}
