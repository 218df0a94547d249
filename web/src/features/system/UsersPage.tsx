import { useQuery } from '@tanstack/react-query';
import { errorMessage, type SysUser, type TreeNode } from '@dpms/http-client';
import { useMemo, useState } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { cellText, DataTable, type Column } from '../../components/table/DataTable';
import { useListQuery } from '../../components/table/useListQuery';
import { HasPermi } from '../../components/auth/Access';
import { Button } from '../../components/ui/Button';
import { PageCard, SearchBar, SearchField, StatusTag } from '../../components/ui/Page';
import { Autocomplete } from '../../components/widgets/Autocomplete';
import { MultiSelectDialog, SingleChoiceDialog } from '../../components/widgets/ChoiceDialogs';
import { FormDialog, type FormFieldDef } from '../../components/widgets/FormDialog';
import { useCrud } from './useCrud';

export function flattenTree(nodes: TreeNode[], depth = 0): { value: string; label: string }[] {
  return nodes.flatMap((n) => [
    { value: String(n.id), label: `${'　'.repeat(depth)}${n.label}` },
    ...flattenTree(n.children ?? [], depth + 1),
  ]);
}

/** 用户管理: search, department filter, status, add/edit, roles, password reset, delete. */
export function UsersPage() {
  const users = useService(TOKENS.UserGateway);
  const depts = useService(TOKENS.DeptGateway);
  const feedback = useService(TOKENS.Feedback);
  const list = useListQuery(
    'users',
    { userName: '', phonenumber: '', status: '', deptId: '' },
    (q) => users.list(q),
  );
  const crud = useCrud(list.refetch);
  const tree = useQuery({ queryKey: ['deptTree'], queryFn: () => depts.treeselect() });
  const options = useQuery({ queryKey: ['userFormOptions'], queryFn: () => users.get('') });
  const deptOptions = useMemo(() => flattenTree(tree.data ?? []), [tree.data]);
  const [deptDialog, setDeptDialog] = useState(false);
  const [columnsDialog, setColumnsDialog] = useState(false);
  const [rolesFor, setRolesFor] = useState<SysUser | null>(null);
  const [resetFor, setResetFor] = useState<SysUser | null>(null);
  const roleOptions = ((options.data?.roles ?? []) as { roleId: number; roleName: string }[]).map(
    (r) => ({ value: String(r.roleId), label: r.roleName }),
  );

  const fields: FormFieldDef[] = [
    { key: 'nickName', label: '用户昵称', required: true, maxLength: 30 },
    { key: 'deptId', label: '归属部门', type: 'select', options: deptOptions },
    { key: 'phonenumber', label: '手机号码', maxLength: 11 },
    { key: 'email', label: '邮箱', maxLength: 50 },
    ...(crud.editing?.id === undefined
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
    {
      key: 'status',
      label: '状态',
      type: 'radio',
      options: [
        { value: '0', label: '正常' },
        { value: '1', label: '停用' },
      ],
    },
    { key: 'remark', label: '备注', type: 'textarea', maxLength: 500 },
  ];

  const toggleStatus = async (u: SysUser) => {
    const next = u.status === '0' ? '1' : '0';
    const ok = await feedback.confirm({
      message: `确认要${next === '0' ? '启用' : '停用'}"${u.userName}"用户吗？`,
    });
    if (!ok) return;
    try {
      await users.changeStatus(u.userId, next);
      feedback.success(next === '0' ? '启用成功' : '停用成功');
      list.refetch();
    } catch (e) {
      feedback.error(errorMessage(e));
    }
  };

  const columns: Column<SysUser>[] = [
    { key: 'userId', title: '用户编号', width: 90 },
    { key: 'userName', title: '用户名称' },
    { key: 'nickName', title: '用户昵称' },
    { key: 'dept', title: '部门', render: (u) => u.dept?.deptName ?? '' },
    { key: 'phonenumber', title: '手机号码' },
    {
      key: 'status',
      title: '状态',
      render: (u) => (
        <button
          type="button"
          onClick={() => void toggleStatus(u)}
          aria-label={`切换 ${u.userName} 状态`}
        >
          <StatusTag status={u.status} />
        </button>
      ),
    },
    { key: 'createTime', title: '创建时间', render: (u) => (u.createTime ?? '').slice(0, 10) },
    {
      key: 'actions',
      title: '操作',
      render: (u) => (
        <div className="flex gap-1">
          <HasPermi perms={['system:user:edit']}>
            <Button
              size="sm"
              variant="text"
              onClick={() =>
                crud.openEdit('修改用户', u.userId, {
                  nickName: u.nickName,
                  deptId: String(u.deptId ?? ''),
                  phonenumber: u.phonenumber ?? '',
                  email: u.email ?? '',
                  sex: u.sex ?? '',
                  status: u.status,
                  remark: cellText(u['remark']),
                })
              }
            >
              修改
            </Button>
          </HasPermi>
          <HasPermi perms={['system:user:edit']}>
            <Button size="sm" variant="text" onClick={() => setRolesFor(u)}>
              分配角色
            </Button>
          </HasPermi>
          <HasPermi perms={['system:user:resetPwd']}>
            <Button size="sm" variant="text" onClick={() => setResetFor(u)}>
              重置密码
            </Button>
          </HasPermi>
          <HasPermi perms={['system:user:remove']}>
            <Button
              size="sm"
              variant="text"
              className="text-danger-600!"
              onClick={() =>
                void crud.remove(`用户编号为"${u.userId}"的数据项`, () => users.remove(u.userId))
              }
            >
              删除
            </Button>
          </HasPermi>
        </div>
      ),
    },
  ];

  const deptLabel = deptOptions.find((d) => d.value === list.draft.deptId)?.label.trim();
  return (
    <PageCard
      title="用户管理"
      actions={
        <>
          <HasPermi perms={['system:user:add']}>
            <Button
              variant="primary"
              onClick={() => crud.openAdd('添加用户', { status: '0', sex: '0' })}
            >
              新增
            </Button>
          </HasPermi>
          <Button onClick={() => setColumnsDialog(true)}>显示列</Button>
        </>
      }
    >
      <SearchBar onSearch={list.search} onReset={list.reset}>
        <SearchField label="用户名称">
          <Autocomplete<SysUser>
            aria-label="用户名称"
            placeholder="请输入用户名称"
            search={async (q) => (await users.list({ userName: q, pageNum: 1, pageSize: 20 })).rows}
            labelOf={(u) => u.userName}
            keyOf={(u) => u.userId}
            onSelect={(u) => list.setDraft({ ...list.draft, userName: u?.userName ?? '' })}
          />
        </SearchField>
        <SearchField label="手机号码">
          <input
            className="input"
            value={list.draft.phonenumber}
            onChange={(e) => list.setDraft({ ...list.draft, phonenumber: e.target.value })}
            placeholder="请输入手机号码"
          />
        </SearchField>
        <SearchField label="状态">
          <select
            className="input"
            value={list.draft.status}
            onChange={(e) => list.setDraft({ ...list.draft, status: e.target.value })}
          >
            <option value="">全部</option>
            <option value="0">正常</option>
            <option value="1">停用</option>
          </select>
        </SearchField>
        <SearchField label="部门">
          <button type="button" className="input text-left" onClick={() => setDeptDialog(true)}>
            {deptLabel ?? <span className="text-muted">选择部门</span>}
          </button>
        </SearchField>
      </SearchBar>
      <DataTable
        columns={columns}
        rows={list.rows}
        rowKey="userId"
        loading={list.loading}
        total={list.total}
        pageNum={list.pageNum}
        pageSize={list.pageSize}
        onPageChange={list.onPageChange}
        error={list.error}
        columnsDialogOpen={columnsDialog}
        onColumnsDialogClose={() => setColumnsDialog(false)}
      />
      {deptDialog && (
        <SingleChoiceDialog
          open
          title="选择部门"
          options={deptOptions}
          initial={list.draft.deptId}
          onClose={() => setDeptDialog(false)}
          onConfirm={(v) => {
            list.setDraft({ ...list.draft, deptId: v });
            setDeptDialog(false);
          }}
        />
      )}
      {crud.editing && (
        <FormDialog
          open
          title={crud.editing.title}
          fields={fields}
          initial={crud.editing.initial}
          onClose={crud.close}
          onSubmit={async (v) => {
            const body = { ...v, deptId: v['deptId'] ? Number(v['deptId']) : null };
            if (crud.editing?.id === undefined) await users.add(body);
            else await users.update({ ...body, userId: crud.editing.id });
            crud.saved(crud.editing?.id === undefined ? '新增成功' : '修改成功');
          }}
        />
      )}
      {rolesFor && (
        <MultiSelectDialog
          open
          title={`分配角色：${rolesFor.nickName}`}
          options={roleOptions}
          initial={(rolesFor.roleIds ?? []).map(String)}
          onClose={() => setRolesFor(null)}
          onConfirm={(values) => {
            void users
              .update({
                userId: rolesFor.userId,
                nickName: rolesFor.nickName,
                roleIds: values.map(Number),
              })
              .then(
                () => {
                  setRolesFor(null);
                  feedback.success('授权成功');
                  list.refetch();
                },
                (e: unknown) => feedback.error(errorMessage(e)),
              );
          }}
        />
      )}
      {resetFor && (
        <FormDialog
          open
          title={`重置密码：${resetFor.userName}`}
          width={450}
          fields={[
            { key: 'password', label: '新密码', type: 'password', required: true, maxLength: 64 },
          ]}
          initial={{}}
          onClose={() => setResetFor(null)}
          onSubmit={async (v) => {
            await users.resetPwd(resetFor.userId, v['password'] ?? '');
            setResetFor(null);
            feedback.success('修改成功');
          }}
        />
      )}
    </PageCard>
  );
}
