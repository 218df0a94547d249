import type { RoleUser, SysRole } from '@dpms/http-client';
import { useState } from 'react';
import { useService } from '../../../app/di';
import { TOKENS } from '../../../app/tokens';
import { useActionKeys } from '../../../components/crud/action-keys';
import { useConfirmedAction } from '../../../components/crud/useConfirmedAction';
import type { Column } from '../../../components/table/DataTable';
import { PagedUserList, useUserList } from '../../../components/table/PagedUserList';
import { useInstituteClock } from '../../../components/time/institute-clock';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { StatusTag } from '../../../components/ui/Page';

/** The users of 分配用户's lists, by name, department and phone. */
function useUserColumns(): Column<RoleUser>[] {
  const clock = useInstituteClock();
  return [
    { key: 'userName', title: '用户名称' },
    { key: 'nickName', title: '用户昵称' },
    { key: 'dept', title: '部门', render: (u) => u.dept?.deptName ?? '' },
    { key: 'phonenumber', title: '手机' },
    { key: 'status', title: '状态', render: (u) => <StatusTag status={u.status} /> },
    { key: 'createTime', title: '创建时间', render: (u) => clock.instant(u.createTime) },
  ];
}

/** 选择用户: the users who do not hold the role, picked with checkboxes. */
function PickUsersDialog({
  role,
  onClose,
  onPicked,
}: {
  role: SysRole;
  onClose: () => void;
  onPicked: () => void;
}) {
  const roles = useService(TOKENS.RoleGateway);
  const feedback = useService(TOKENS.Feedback);
  const keys = useActionKeys();
  const columns = useUserColumns();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const list = useUserList(`roleUsers:${role.roleId}:unallocated`, ({ name, pageNum, pageSize }) =>
    roles.users(false, { roleId: role.roleId, userName: name.trim(), pageNum, pageSize }),
  );
  const pick = async () => {
    if (chosen.size === 0) {
      feedback.error('请选择要分配的用户');
      return;
    }
    const outcome = await keys.run(`select:${role.roleId}`, (idempotencyKey) =>
      roles.selectUsers(role.roleId, [...chosen], { idempotencyKey }),
    );
    if (outcome.ok) {
      feedback.success('授权成功');
      onPicked();
    } else feedback.error(outcome.message);
  };
  const pickColumn: Column<RoleUser> = {
    key: 'pick',
    title: '选择',
    width: 60,
    render: (u) => (
      <input
        type="checkbox"
        aria-label={`选择 ${u.nickName}`}
        checked={chosen.has(u.userId)}
        onChange={(e) => {
          const next = new Set(chosen);
          if (e.target.checked) next.add(u.userId);
          else next.delete(u.userId);
          setChosen(next);
        }}
      />
    ),
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title="选择用户"
      width={900}
      testId="pick-users-dialog"
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" onClick={() => void pick()}>
            确定
          </Button>
        </>
      }
    >
      <PagedUserList list={list} columns={[pickColumn, ...columns]} />
    </Dialog>
  );
}

/** 分配用户: who holds the role, 取消授权 for one, and 添加用户 from those who do not. */
export function AuthUserDialog({ role, onClose }: { role: SysRole; onClose: () => void }) {
  const roles = useService(TOKENS.RoleGateway);
  const confirmed = useConfirmedAction();
  const columns = useUserColumns();
  const [picking, setPicking] = useState(false);
  const list = useUserList(`roleUsers:${role.roleId}:allocated`, ({ pageNum, pageSize }) =>
    roles.users(true, { roleId: role.roleId, pageNum, pageSize }),
  );
  const cancel = (u: RoleUser) =>
    confirmed({
      ask: `确认要取消该用户"${u.nickName}"角色吗？`,
      slot: `cancel:${role.roleId}:${u.userId}`,
      action: (idempotencyKey) => roles.cancelUsers(role.roleId, [u.userId], { idempotencyKey }),
      done: '取消授权成功',
      refetch: list.refetch,
    });
  return (
    <Dialog
      open
      onClose={onClose}
      title={`分配用户：${role.roleName}`}
      width={960}
      testId="auth-user-dialog"
      footer={<Button onClick={onClose}>关闭</Button>}
    >
      <div className="mb-2">
        <Button variant="primary" onClick={() => setPicking(true)}>
          添加用户
        </Button>
      </div>
      <PagedUserList
        list={list}
        searchable={false}
        columns={[
          ...columns,
          {
            key: 'actions',
            title: '操作',
            render: (u) => (
              <Button size="sm" variant="text" onClick={() => void cancel(u)}>
                取消授权
              </Button>
            ),
          },
        ]}
      />
      {picking && (
        <PickUsersDialog
          role={role}
          onClose={() => setPicking(false)}
          onPicked={() => {
            setPicking(false);
            list.refetch();
          }}
        />
      )}
    </Dialog>
  );
}
