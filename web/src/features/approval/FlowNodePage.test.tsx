import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { ApprovalNodePage } from './FlowNodePage';

const flow = {
  flowId: 1,
  typeCode: '1_1',
  typeName: '合同评审单（一）',
  flowName: '合同评审单（一）审批流程',
  status: '0',
  remark: '',
  nodeCount: 3,
  createTime: '2026-01-01T00:00:00.000Z',
  updateTime: null,
};
const node = (nodeId: number, nodeName: string, extra: Record<string, unknown>) => ({
  nodeId,
  flowId: 1,
  nodeName,
  orderNum: nodeId,
  actorKind: 'role',
  roleKey: null,
  userIds: [],
  formField: null,
  mode: 'or',
  condition: null,
  conditionEffect: 'add',
  selfApproval: 'others',
  fallback: null,
  ...extra,
});

const api = () =>
  new FakeApi({
    '/approval/flow/list': () => ({ code: 200, msg: '查询成功', total: 1, rows: [flow] }),
    '/approval/node/get': () => ({
      code: 200,
      msg: '操作成功',
      data: {
        flow,
        nodes: [
          node(1, '经营部', { roleKey: 'xs_jybfzr' }),
          node(2, '指定人', { actorKind: 'users', userIds: ['8'] }),
          node(3, '总经理', {
            roleKey: 'zjl',
            condition: { kind: 'amount', refname: 'totalAmount', op: 'gte', threshold: '100' },
          }),
        ],
      },
    }),
    '/system/user/': () => ({
      code: 200,
      msg: '操作成功',
      roles: [
        { roleId: 3, roleKey: 'xs_jybfzr', roleName: '经营部负责人' },
        { roleId: 5, roleKey: 'zjl', roleName: '总经理' },
      ],
      posts: [],
    }),
    '/system/user/getUserIdByRoleId': () => ({
      code: 200,
      msg: '操作成功',
      data: [{ userId: 8, nickName: '王财务', deptId: 100 }],
    }),
  });

const rowOf = async (name: string) => within((await screen.findAllByText(name))[0]!.closest('tr')!);

describe('节点配置 speaks in names, not keys', () => {
  it('names roles and users, and gives conditions in the form’s words', async () => {
    renderWithApi(<ApprovalNodePage />, api());
    expect((await rowOf('经营部')).getByText('经营部负责人')).toBeTruthy();
    expect(screen.queryByText('xs_jybfzr')).toBeNull();
    expect((await rowOf('指定人')).getByText('王财务')).toBeTruthy();
    const manager = await rowOf('总经理');
    expect(manager.getByText('满足时加入：合同金额 ≥ 100 万元')).toBeTruthy();
    expect(screen.queryByText(/totalAmount/)).toBeNull();
  });
});
