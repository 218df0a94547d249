import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useService } from '../../../app/di';
import { TOKENS } from '../../../app/tokens';
import { grantOfCheckedKeys } from './grant-tree';
import { decodeGrant, encodeGrant } from './grant-value';
import { GrantTreeView } from './GrantTreeView';

/** 菜单权限 of the role form: the caller's menus, with the role's grant checked. */
export function MenuGrantField({
  roleId,
  initialLinked,
  value,
  set,
}: {
  roleId: number | undefined;
  initialLinked: boolean;
  value: string;
  set: (v: string) => void;
}) {
  const roles = useService(TOKENS.RoleGateway);
  const tree = useQuery({
    queryKey: ['roleMenuTree', roleId ?? 'new'],
    queryFn: async () =>
      roleId === undefined
        ? { tree: await roles.menuTree(), checkedKeys: [] }
        : roles.roleMenuTree(roleId),
    gcTime: 0,
  });
  const grant = decodeGrant(value);
  useEffect(() => {
    if (grant !== null || !tree.data) return;
    const ids = grantOfCheckedKeys(tree.data.tree, tree.data.checkedKeys, initialLinked);
    set(encodeGrant({ linked: initialLinked, ids }));
  }, [grant, tree.data, initialLinked, set]);
  if (!tree.data || grant === null) return <div className="text-muted">加载中…</div>;
  return (
    <GrantTreeView
      testId="menu-grant-tree"
      nodes={tree.data.tree}
      grant={grant.ids}
      linked={grant.linked}
      onChange={(ids) => set(encodeGrant({ linked: grant.linked, ids }))}
      onLinkedChange={(linked) => set(encodeGrant({ linked, ids: grant.ids }))}
    />
  );
}
