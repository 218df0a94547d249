import { DATA_SCOPE_CODES, DATA_SCOPE_LABELS } from '@dpms/core';
import type { SysRole } from '@dpms/http-client';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useService } from '../../../app/di';
import { TOKENS } from '../../../app/tokens';
import { useActionKeys } from '../../../components/crud/action-keys';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { grantOfCheckedKeys } from './grant-tree';
import { GrantTreeView } from './GrantTreeView';

/** 分配数据权限: the scope, and for 自定数据权限 the departments. */
export function DataScopeDialog({
  role,
  onClose,
  onSaved,
}: {
  role: SysRole;
  onClose: () => void;
  onSaved: () => void;
}) {
  const roles = useService(TOKENS.RoleGateway);
  const feedback = useService(TOKENS.Feedback);
  const keys = useActionKeys();
  const [dataScope, setDataScope] = useState<string>(role.dataScope);
  const [linked, setLinked] = useState(role.deptCheckStrictly);
  const [grant, setGrant] = useState<Set<number> | null>(null);
  const tree = useQuery({
    queryKey: ['roleDeptTree', role.roleId],
    queryFn: () => roles.roleDeptTree(role.roleId),
    gcTime: 0,
  });
  useEffect(() => {
    if (tree.data && grant === null)
      setGrant(grantOfCheckedKeys(tree.data.tree, tree.data.checkedKeys, role.deptCheckStrictly));
  }, [tree.data, grant, role.deptCheckStrictly]);
  const save = async () => {
    const body = {
      roleId: role.roleId,
      dataScope: dataScope as SysRole['dataScope'],
      deptCheckStrictly: linked,
      ...(dataScope === '2' ? { deptIds: [...(grant ?? [])] } : {}),
    };
    const outcome = await keys.run(`dataScope:${role.roleId}`, (idempotencyKey) =>
      roles.dataScope(body, { idempotencyKey }),
    );
    if (outcome.ok) {
      feedback.success('修改成功');
      onSaved();
    } else feedback.error(outcome.message);
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title="分配数据权限"
      testId="data-scope-dialog"
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" onClick={() => void save()}>
            确定
          </Button>
        </>
      }
    >
      <div className="grid gap-3">
        <div className="flex items-center gap-2">
          <span className="w-20 text-right">角色名称</span>
          <input className="input" value={role.roleName} disabled aria-label="角色名称" />
        </div>
        <div className="flex items-center gap-2">
          <span className="w-20 text-right">权限字符</span>
          <input className="input" value={role.roleKey} disabled aria-label="权限字符" />
        </div>
        <div className="flex items-center gap-2">
          <span className="w-20 text-right">权限范围</span>
          <select
            className="input"
            aria-label="权限范围"
            value={dataScope}
            onChange={(e) => setDataScope(e.target.value)}
          >
            {DATA_SCOPE_CODES.map((code) => (
              <option key={code} value={code}>
                {DATA_SCOPE_LABELS[code]}
              </option>
            ))}
          </select>
        </div>
        {dataScope === '2' && (
          <div className="flex gap-2">
            <span className="w-20 shrink-0 text-right">数据权限</span>
            <div className="flex-1">
              {tree.data && grant ? (
                <GrantTreeView
                  testId="dept-grant-tree"
                  nodes={tree.data.tree}
                  grant={grant}
                  linked={linked}
                  onChange={setGrant}
                  onLinkedChange={setLinked}
                />
              ) : (
                <span className="text-muted">加载中…</span>
              )}
            </div>
          </div>
        )}
      </div>
    </Dialog>
  );
}
