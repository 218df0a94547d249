import { menuCreateBody, menuUpdateBody, type MenuCreateBody } from '@dpms/wire';
import { useQuery } from '@tanstack/react-query';
import type { SysMenu } from '@dpms/http-client';
import { useMemo, useState } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { HasPermi } from '../../components/auth/Access';
import { useCrudDialog } from '../../components/crud/useCrudDialog';
import { SvgIcon } from '../../components/icons/SvgIcon';
import { DataTable, type Column } from '../../components/table/DataTable';
import { useInstituteClock } from '../../components/time/institute-clock';
import { Button } from '../../components/ui/Button';
import { NameStatusSearch, PageCard, StatusTag } from '../../components/ui/Page';
import { FormDialog, type FormValues } from '../../components/widgets/FormDialog';
import { IconPicker, NO_ICON } from '../../components/widgets/IconPicker';
import { menuRows, parentChoices, parentsOf, type MenuRow } from './menu-tree';
import { RowActions } from '../../components/table/RowActions';

const TYPE_LABELS = { M: '目录', C: '菜单', F: '按钮' } as const;
const EMPTY = { menuName: '', status: '' };

const route = (v: FormValues) => v['menuType'] !== 'F';
const page = (v: FormValues) => v['menuType'] === 'C';
const permitted = (v: FormValues) => v['menuType'] !== 'M';
const yesNo = (yes: string, no: string) => [
  { value: '0', label: yes },
  { value: '1', label: no },
];

/** 菜单管理: the menu tree (目录, 菜单, 按钮), as RuoYi's page. */
export function MenusPage() {
  const gateway = useService(TOKENS.MenuGateway);
  const clock = useInstituteClock();
  const [draft, setDraft] = useState(EMPTY);
  const [filter, setFilter] = useState(EMPTY);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const query = useQuery({ queryKey: ['menus', filter], queryFn: () => gateway.list(filter) });
  const crud = useCrudDialog(() => void query.refetch());
  const menus = useMemo(() => query.data ?? [], [query.data]);
  const rows = useMemo(() => menuRows(menus, expanded), [menus, expanded]);
  // The parent picker reads the whole tree, whatever the search shows: unsearched, that is the
  // list itself; only a searched list sends for the rest.
  const searching = filter.menuName !== '' || filter.status !== '';
  const all = useQuery({
    queryKey: ['menus', EMPTY],
    queryFn: () => gateway.list(EMPTY),
    enabled: searching && crud.editing !== null,
  });
  const tree = searching ? all.data : menus;
  const toggle = (menuId: number) =>
    setExpanded((s) => {
      const next = new Set(s);
      if (next.has(menuId)) next.delete(menuId);
      else next.add(menuId);
      return next;
    });
  const openChild = (parent?: SysMenu) =>
    crud.openAdd('添加菜单', {
      parentId: String(parent?.menuId ?? 0),
      menuType: parent?.menuType === 'C' ? 'F' : parent ? 'C' : 'M',
      orderNum: '0',
      icon: NO_ICON,
      isFrame: '1',
      isCache: '0',
      visible: '0',
      status: '0',
    });
  const columns: Column<MenuRow>[] = [
    {
      key: 'menuName',
      title: '菜单名称',
      render: (m) => (
        <span className="flex items-center gap-1" style={{ paddingLeft: m.depth * 20 }}>
          {m.hasChildren ? (
            <button
              type="button"
              className="w-4 text-muted"
              aria-label={`${expanded.has(m.menuId) ? '折叠' : '展开'}${m.menuName}`}
              aria-expanded={expanded.has(m.menuId)}
              onClick={() => toggle(m.menuId)}
            >
              {expanded.has(m.menuId) ? '▾' : '▸'}
            </button>
          ) : (
            <span className="w-4" />
          )}
          {m.menuName}
        </span>
      ),
    },
    {
      key: 'icon',
      title: '图标',
      width: 60,
      align: 'center',
      render: (m) => (m.icon && m.icon !== NO_ICON ? <SvgIcon name={m.icon} /> : ''),
    },
    { key: 'orderNum', title: '排序', width: 60, align: 'right' },
    { key: 'perms', title: '权限标识' },
    { key: 'component', title: '组件路径', render: (m) => m.component ?? '' },
    { key: 'menuType', title: '类型', width: 60, render: (m) => TYPE_LABELS[m.menuType] },
    { key: 'status', title: '状态', width: 70, render: (m) => <StatusTag status={m.status} /> },
    { key: 'createTime', title: '创建时间', render: (m) => clock.instant(m.createTime) },
    {
      key: 'actions',
      title: '操作',
      render: (m) => (
        <RowActions>
          <HasPermi perms={['system:menu:edit']}>
            <Button
              size="sm"
              variant="text"
              onClick={() => crud.openEdit('修改菜单', m.menuId, formOf(m))}
            >
              修改
            </Button>
          </HasPermi>
          {m.menuType !== 'F' && (
            <HasPermi perms={['system:menu:add']}>
              <Button size="sm" variant="text" onClick={() => openChild(m)}>
                新增
              </Button>
            </HasPermi>
          )}
          <HasPermi perms={['system:menu:remove']}>
            <Button
              size="sm"
              variant="text"
              className="text-danger-600!"
              onClick={() =>
                void crud.remove(`名称为"${m.menuName}"的数据项`, (idempotencyKey) =>
                  gateway.remove(m.menuId, { idempotencyKey }),
                )
              }
            >
              删除
            </Button>
          </HasPermi>
        </RowActions>
      ),
    },
  ];
  const editingId = crud.editing?.id;
  return (
    <PageCard
      title="菜单管理"
      actions={
        <div className="flex gap-2">
          <HasPermi perms={['system:menu:add']}>
            <Button variant="primary" onClick={() => openChild()}>
              新增
            </Button>
          </HasPermi>
          <Button onClick={() => setExpanded(expanded.size > 0 ? new Set() : parentsOf(menus))}>
            {expanded.size > 0 ? '折叠' : '展开'}
          </Button>
        </div>
      }
    >
      <NameStatusSearch
        label="菜单名称"
        name={draft.menuName}
        status={draft.status}
        onChange={(next) => setDraft({ menuName: next.name, status: next.status })}
        onSearch={() => setFilter(draft)}
        onReset={() => (setDraft(EMPTY), setFilter(EMPTY))}
      />
      <DataTable
        columns={columns}
        rows={rows}
        rowKey="menuId"
        loading={query.isFetching}
        error={query.error ?? undefined}
      />
      {crud.editing && (
        <FormDialog
          open
          title={crud.editing.title}
          initial={crud.editing.initial}
          onClose={crud.close}
          width={680}
          fields={[
            {
              key: 'parentId',
              label: '上级菜单',
              type: 'select',
              options: parentChoices(tree ?? menus, editingId),
            },
            {
              key: 'menuType',
              label: '菜单类型',
              type: 'radio',
              options: (['M', 'C', 'F'] as const).map((t) => ({ value: t, label: TYPE_LABELS[t] })),
            },
            {
              key: 'icon',
              label: '菜单图标',
              shown: route,
              render: (value, set) => <IconPicker value={value} onChange={set} />,
            },
            { key: 'menuName', label: '菜单名称', maxLength: 50 },
            { key: 'orderNum', label: '显示排序', type: 'number' },
            {
              key: 'isFrame',
              label: '是否外链',
              type: 'radio',
              options: yesNo('是', '否'),
              shown: route,
            },
            {
              key: 'path',
              label: '路由地址',
              maxLength: 200,
              shown: route,
              placeholder: '访问的路由地址，如：user；外链以 http(s):// 开头',
            },
            {
              key: 'component',
              label: '组件路径',
              maxLength: 255,
              shown: page,
              placeholder: '如：system/user/index',
            },
            {
              key: 'perms',
              label: '权限字符',
              maxLength: 100,
              shown: permitted,
              placeholder: '如：system:user:list',
            },
            {
              key: 'query',
              label: '路由参数',
              maxLength: 255,
              shown: page,
              placeholder: '如：{"id": 1}',
            },
            {
              key: 'routeName',
              label: '路由名称',
              maxLength: 50,
              shown: page,
              placeholder: '如：User',
            },
            {
              key: 'isCache',
              label: '是否缓存',
              type: 'radio',
              options: yesNo('缓存', '不缓存'),
              shown: page,
            },
            {
              key: 'visible',
              label: '显示状态',
              type: 'radio',
              options: yesNo('显示', '隐藏'),
              shown: route,
            },
            {
              key: 'status',
              label: '菜单状态',
              type: 'radio',
              options: yesNo('正常', '停用'),
            },
          ]}
          schema={{
            schema: editingId === undefined ? menuCreateBody : menuUpdateBody,
            bodyOf: (v) =>
              editingId === undefined ? menuBodyOf(v) : { ...menuBodyOf(v), menuId: editingId },
          }}
          onSubmit={async (v, idempotencyKey) => {
            const body = menuBodyOf(v);
            if (editingId === undefined) await gateway.add(body, { idempotencyKey });
            else await gateway.update({ ...body, menuId: editingId }, { idempotencyKey });
            crud.saved();
          }}
        />
      )}
    </PageCard>
  );
}

/** The form's values of a stored menu. */
const formOf = (m: SysMenu): FormValues => ({
  parentId: String(m.parentId),
  menuType: m.menuType,
  icon: m.icon,
  menuName: m.menuName,
  orderNum: String(m.orderNum),
  isFrame: m.isFrame,
  path: m.path,
  component: m.component ?? '',
  perms: m.perms,
  query: m.query ?? '',
  routeName: m.routeName,
  isCache: m.isCache,
  visible: m.visible,
  status: m.status,
});

/** What a save sends: the fields the menu's type has (a button has no route, a directory no permission). */
export const menuBodyOf = (v: FormValues): MenuCreateBody => {
  const type = v['menuType'] === 'C' || v['menuType'] === 'F' ? v['menuType'] : 'M';
  const flag = (k: string, fallback: '0' | '1') => (v[k] === '0' || v[k] === '1' ? v[k] : fallback);
  return {
    parentId: v['parentId'] ? Number(v['parentId']) : 0,
    menuName: v['menuName'] ?? '',
    orderNum: Number(v['orderNum'] || 0),
    menuType: type,
    // A button stopped (停用) is a permission taken from every role that holds it.
    status: flag('status', '0'),
    ...(type !== 'F'
      ? {
          icon: v['icon'] || '#',
          isFrame: flag('isFrame', '1'),
          path: v['path'] ?? '',
          visible: flag('visible', '0'),
        }
      : {}),
    ...(type === 'C'
      ? {
          component: v['component'] ?? '',
          query: v['query'] ?? '',
          routeName: v['routeName'] ?? '',
          isCache: flag('isCache', '0'),
        }
      : {}),
    ...(type !== 'M' ? { perms: v['perms'] ?? '' } : {}),
  };
};
