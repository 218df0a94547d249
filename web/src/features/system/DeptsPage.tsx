import { childrenByParent, TREE_ROOT } from '@dpms/core';
import { deptCreateBody, deptUpdateBody, type DeptCreateBody } from '@dpms/wire';
import { useQuery } from '@tanstack/react-query';
import type { SysDept } from '@dpms/http-client';
import { useMemo, useState } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { DataTable, type Column } from '../../components/table/DataTable';
import { HasPermi } from '../../components/auth/Access';
import { Button } from '../../components/ui/Button';
import { NameStatusSearch, PageCard, StatusTag } from '../../components/ui/Page';
import { FormDialog, type FormValues } from '../../components/widgets/FormDialog';
import { useCrudDialog } from '../../components/crud/useCrudDialog';
import { leaderOptions } from './dept-leader';
import { RowActions } from '../../components/table/RowActions';

type Row = SysDept & { depth: number };

/** Depth-first rows of the department list (parentId links), for an indented table. */
export function deptRows(depts: SysDept[]): Row[] {
  const children = childrenByParent(depts, {
    id: (d) => d.deptId,
    parentId: (d) => d.parentId,
    orderNum: (d) => d.orderNum,
  });
  const out: Row[] = [];
  const walk = (parent: number, depth: number) => {
    for (const d of children.get(parent) ?? []) {
      out.push({ ...d, depth });
      walk(d.deptId, depth + 1);
    }
  };
  walk(TREE_ROOT, 0);
  return out;
}

/** 部门管理. */
export function DeptsPage() {
  const gateway = useService(TOKENS.DeptGateway);
  const users = useService(TOKENS.UserGateway);
  const [draft, setDraft] = useState({ deptName: '', status: '' });
  const [filter, setFilter] = useState(draft);
  const query = useQuery({ queryKey: ['depts', filter], queryFn: () => gateway.list(filter) });
  const crud = useCrudDialog(() => void query.refetch());
  const rows = useMemo(() => deptRows(query.data ?? []), [query.data]);
  // The leader is chosen from the department's users (every signed-in user may read who works
  // where: optionselect), never typed.
  const staff = useQuery({
    queryKey: ['staff'],
    queryFn: () => users.optionselect(),
    enabled: crud.editing !== null,
  });
  const editedDept = rows.find((d) => d.deptId === crud.editing?.id);
  const leaders = leaderOptions(
    crud.editing?.id,
    query.data ?? [],
    staff.data ?? [],
    editedDept ? { userId: editedDept.leaderUserId, name: editedDept.leader } : undefined,
  );
  const parentOptions = rows.map((d) => ({
    value: String(d.deptId),
    label: `${'　'.repeat(d.depth)}${d.deptName}`,
  }));
  const columns: Column<Row>[] = [
    {
      key: 'deptName',
      title: '部门名称',
      render: (d) => <span style={{ paddingLeft: d.depth * 20 }}>{d.deptName}</span>,
    },
    { key: 'orderNum', title: '排序', align: 'right', width: 80 },
    {
      key: 'leader',
      title: '负责人',
      // The person its department-head approvals go to: a department without a leader of its own
      // (or whose leader left) shows the leader above it, marked so.
      render: (d) =>
        d.routedLeader === '' ? (
          d.leader
        ) : d.routedLeaderDept === '' ? (
          d.routedLeader
        ) : (
          <span title={`由${d.routedLeaderDept}负责人审批`}>
            {d.routedLeader}
            <span className="text-muted">（上级）</span>
          </span>
        ),
    },
    { key: 'status', title: '状态', render: (d) => <StatusTag status={d.status} /> },
    {
      key: 'actions',
      title: '操作',
      render: (d) => (
        <RowActions>
          <HasPermi perms={['system:dept:edit']}>
            <Button
              size="sm"
              variant="text"
              onClick={() =>
                crud.openEdit('修改部门', d.deptId, {
                  parentId: String(d.parentId),
                  deptName: d.deptName,
                  orderNum: String(d.orderNum),
                  leaderUserId: d.leaderUserId === null ? '' : String(d.leaderUserId),
                  phone: d.phone,
                  status: d.status,
                })
              }
            >
              修改
            </Button>
          </HasPermi>
          <HasPermi perms={['system:dept:add']}>
            <Button
              size="sm"
              variant="text"
              onClick={() =>
                crud.openAdd('添加部门', { parentId: String(d.deptId), orderNum: '0', status: '0' })
              }
            >
              新增
            </Button>
          </HasPermi>
          <HasPermi perms={['system:dept:remove']}>
            <Button
              size="sm"
              variant="text"
              className="text-danger-600!"
              onClick={() =>
                void crud.remove(`名称为"${d.deptName}"的数据项`, (idempotencyKey) =>
                  gateway.remove(d.deptId, { idempotencyKey }),
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
  return (
    <PageCard
      title="部门管理"
      actions={
        <HasPermi perms={['system:dept:add']}>
          <Button
            variant="primary"
            onClick={() => crud.openAdd('添加部门', { orderNum: '0', status: '0' })}
          >
            新增
          </Button>
        </HasPermi>
      }
    >
      <NameStatusSearch
        label="部门名称"
        name={draft.deptName}
        status={draft.status}
        onChange={(next) => setDraft({ deptName: next.name, status: next.status })}
        onSearch={() => setFilter(draft)}
        onReset={() => (
          setDraft({ deptName: '', status: '' }),
          setFilter({ deptName: '', status: '' })
        )}
      />
      <DataTable
        columns={columns}
        rows={rows}
        rowKey="deptId"
        loading={query.isFetching}
        error={query.error ?? undefined}
      />
      {crud.editing && (
        <FormDialog
          open
          title={crud.editing.title}
          initial={crud.editing.initial}
          onClose={crud.close}
          fields={[
            { key: 'parentId', label: '上级部门', type: 'select', options: parentOptions },
            { key: 'deptName', label: '部门名称', required: true, maxLength: 30 },
            { key: 'orderNum', label: '显示排序', type: 'number' },
            { key: 'leaderUserId', label: '负责人', type: 'select', options: leaders },
            { key: 'phone', label: '联系电话', maxLength: 11 },
            {
              key: 'status',
              label: '部门状态',
              type: 'radio',
              options: [
                { value: '0', label: '正常' },
                { value: '1', label: '停用' },
              ],
            },
          ]}
          schema={{
            schema: crud.editing.id === undefined ? deptCreateBody : deptUpdateBody,
            bodyOf: (v) =>
              crud.editing?.id === undefined
                ? deptBodyOf(v)
                : { ...deptBodyOf(v), deptId: crud.editing.id },
          }}
          onSubmit={async (v, idempotencyKey) => {
            const body = deptBodyOf(v);
            if (crud.editing?.id === undefined) await gateway.add(body, { idempotencyKey });
            else await gateway.update({ ...body, deptId: crud.editing.id }, { idempotencyKey });
            crud.saved();
          }}
        />
      )}
    </PageCard>
  );
}

/** The body a department save sends (and its schema checks): numbers from the form's text. */
const deptBodyOf = (v: FormValues): DeptCreateBody => ({
  parentId: v['parentId'] ? Number(v['parentId']) : 0,
  deptName: v['deptName'] ?? '',
  orderNum: Number(v['orderNum'] ?? 0),
  // The leader travels as the user; none chosen clears it.
  leaderUserId: v['leaderUserId'] ? Number(v['leaderUserId']) : null,
  phone: v['phone'] ?? '',
  status: v['status'] === '1' ? '1' : '0',
});
