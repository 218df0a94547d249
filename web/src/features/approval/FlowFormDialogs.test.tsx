import { ApiError } from '@dpms/http-client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { FlowFormDialog, NodeFormDialog } from './FlowFormDialogs';

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

const FLOW = {
  flowId: 4,
  typeCode: '1_1',
  typeName: '合同评审',
  flowName: '合同评审流程',
  status: '0' as const,
  remark: '',
  nodeCount: 0,
  createTime: '2026-11-25T14:55:32.823+08:00',
  updateTime: null,
};
const NODE = {
  nodeId: 9,
  flowId: 4,
  nodeName: '财务部',
  orderNum: 1,
  actorKind: 'role',
  roleKey: 'cw',
  userIds: [],
  formField: null,
  mode: 'or',
  condition: null,
  conditionEffect: 'add',
  selfApproval: 'others',
};
const ok = (data: unknown) => ({ code: 200, msg: '操作成功', data });
/** The label's row: its required mark and its problem sit beside the input. */
const rowOf = (label: string) => screen.getByLabelText(label).closest('div')?.parentElement;

describe('the 流程配置 dialog', () => {
  it('marks the fields core requires and shows every problem at once, sending nothing', async () => {
    const api = new FakeApi({ '/approval/flow/add': () => ok(FLOW) });
    renderWithApi(<FlowFormDialog onClose={() => undefined} onSaved={() => undefined} />, api);
    expect(within(rowOf('审批类型')!).getByText('*')).toBeTruthy();
    expect(within(rowOf('流程名称')!).getByText('*')).toBeTruthy();
    expect(within(rowOf('备注')!).queryByText('*')).toBeNull();
    press('确定');
    expect(await screen.findByText('审批类型不能为空')).toBeTruthy();
    expect(screen.getByText('流程名称不能为空')).toBeTruthy();
    expect(api.sent('/approval/flow/add')).toHaveLength(0);
  });

  it('puts the server’s refusal on its field and keeps the key across a lost answer', async () => {
    const answers: (() => unknown)[] = [
      () => {
        throw new ApiError('HTTP.NETWORK', '网络异常', 0, true);
      },
      () => {
        throw new ApiError('PLATFORM.DUPLICATE', '该审批类型已有流程', 400, false, 'typeCode', [
          { field: 'typeCode', message: '该审批类型已有流程' },
        ]);
      },
      () => ok(FLOW),
    ];
    const api = new FakeApi({ '/approval/flow/add': () => answers.shift()?.() });
    let saved = 0;
    renderWithApi(<FlowFormDialog onClose={() => undefined} onSaved={() => (saved += 1)} />, api);
    fill('审批类型', '1_1');
    fill('流程名称', '合同评审流程');
    press('确定');
    expect(await screen.findByText('网络异常')).toBeTruthy();
    press('确定');
    expect(await within(rowOf('审批类型')!).findByText('该审批类型已有流程')).toBeTruthy();
    const keys = api.calls.map((c) => c.headers?.['Idempotency-Key']);
    // The retry after the lost answer is the same save: same key; the answered one ends it.
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    press('确定');
    await waitFor(() => expect(saved).toBe(1));
    expect(api.calls[2]?.headers?.['Idempotency-Key']).not.toBe(keys[0]);
    expect(api.sent('/approval/flow/add')[2]).toMatchObject({
      typeCode: '1_1',
      flowName: '合同评审流程',
      status: '0',
    });
  });

  it('edits a flow without its fixed type', async () => {
    const api = new FakeApi({ '/approval/flow/update': () => ok(FLOW) });
    let saved = 0;
    renderWithApi(
      <FlowFormDialog flow={FLOW} onClose={() => undefined} onSaved={() => (saved += 1)} />,
      api,
    );
    expect(screen.queryByLabelText('审批类型')).toBeNull();
    fill('流程名称', ' ');
    press('确定');
    expect(await screen.findByText('流程名称不能为空')).toBeTruthy();
    fill('流程名称', '新名称');
    press('确定');
    await waitFor(() => expect(saved).toBe(1));
    expect(api.sent('/approval/flow/update')).toEqual([
      { flowId: 4, flowName: '新名称', status: '0', remark: '' },
    ]);
  });
});

describe('the 节点配置 dialog', () => {
  it('requires the actor the chosen kind names, and a condition’s field beside it', async () => {
    const api = new FakeApi({ '/approval/node/add': () => ok(NODE) });
    let saved = 0;
    renderWithApi(
      <NodeFormDialog flowId={4} onClose={() => undefined} onSaved={() => (saved += 1)} />,
      api,
    );
    expect(within(rowOf('审批角色')!).getByText('*')).toBeTruthy();
    fill('审批人类型', 'users');
    expect(screen.queryByLabelText('审批角色')).toBeNull();
    expect(within(rowOf('审批人')!).getByText('*')).toBeTruthy();
    fill('条件', 'amount');
    fill('条件值', '100');
    press('确定');
    expect(await screen.findByText('节点名称不能为空')).toBeTruthy();
    expect(within(rowOf('审批人')!).getByText('审批人不能为空')).toBeTruthy();
    expect(within(rowOf('条件字段')!).getByText('条件字段不能为空')).toBeTruthy();
    expect(api.sent('/approval/node/add')).toHaveLength(0);

    fill('节点名称', '总经理');
    fill('审批人', '11， 12');
    fill('条件字段', 'totalAmount');
    press('确定');
    await waitFor(() => expect(saved).toBe(1));
    expect(api.sent('/approval/node/add')[0]).toMatchObject({
      flowId: 4,
      nodeName: '总经理',
      actorKind: 'users',
      userIds: ['11', '12'],
      condition: { kind: 'amount', refname: 'totalAmount', op: 'gte', threshold: '100' },
    });
    expect(api.calls[0]?.headers?.['Idempotency-Key']).toBeTruthy();
  });

  it('edits a stored node and lands a server refusal of its role on the role', async () => {
    const api = new FakeApi({
      '/approval/node/update': () => {
        throw new ApiError('VALIDATION.FLOW_NODE', '审批角色不存在', 400, false, 'roleKey', [
          { field: 'roleKey', message: '审批角色不存在' },
        ]);
      },
    });
    renderWithApi(
      <NodeFormDialog
        flowId={4}
        node={NODE as never}
        onClose={() => undefined}
        onSaved={() => undefined}
      />,
      api,
    );
    expect(screen.getByLabelText<HTMLInputElement>('审批角色').value).toBe('cw');
    fill('审批角色', 'nobody');
    press('确定');
    expect(await within(rowOf('审批角色')!).findByText('审批角色不存在')).toBeTruthy();
    expect(api.sent('/approval/node/update')[0]).toMatchObject({ nodeId: 9, roleKey: 'nobody' });
  });

  it('sets a role or users fallback, requiring whom it names, and shows a stored one', async () => {
    const api = new FakeApi({ '/approval/node/update': () => ok(NODE) });
    let saved = 0;
    renderWithApi(
      <NodeFormDialog
        flowId={4}
        node={{ ...NODE, fallback: { kind: 'users', userIds: ['5', '16'] } } as never}
        onClose={() => undefined}
        onSaved={() => (saved += 1)}
      />,
      api,
    );
    expect(screen.getByLabelText<HTMLSelectElement>('节点无审批人时').value).toBe('users');
    expect(screen.getByLabelText<HTMLInputElement>('备用审批人').value).toBe('5,16');
    fill('节点无审批人时', 'role');
    expect(within(rowOf('备用审批角色')!).getByText('*')).toBeTruthy();
    press('确定');
    expect(await within(rowOf('备用审批角色')!).findByText(/不能为空/)).toBeTruthy();
    expect(api.sent('/approval/node/update')).toHaveLength(0);
    fill('备用审批角色', 'bmfzr');
    press('确定');
    await waitFor(() => expect(saved).toBe(1));
    expect(api.sent('/approval/node/update')[0]).toMatchObject({
      nodeId: 9,
      fallback: { kind: 'role', roleKey: 'bmfzr' },
    });
  });
});
