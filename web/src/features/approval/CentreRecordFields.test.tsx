import { aContractRecord, aTaskRecord } from '@dpms/wire/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { ApprovalForm } from './ApprovalForm';

const ok = (data: unknown) => ({ code: 200, msg: '操作成功', data });
const signature = () => ok({ signFileId: null, signUrl: null });
const contract = aContractRecord({
  contractId: 41,
  contractName: '滨江幼儿园设计合同',
  contractNo: 'HT-41',
  entrustBusinessName: '原委托单位',
  signByMain: '原甲方',
  totalAmount: '960',
});
const contracts = () => ({ code: 200, msg: '操作成功', total: 1, rows: [contract] });

describe('发起审批 of a contract change (28_1) proposes any field the change call takes', () => {
  it('shows the picked contract’s values as 变更前 and sends only the changed fields', async () => {
    const api = new FakeApi({
      '/system/user/profile/signature': signature,
      '/v4/contract/list': contracts,
      '/project/contract/detailById': () => ok({ ...contract, history: [] }),
      '/project/approval/addContractChangeTemplate': () =>
        ok({ approvalId: '9', status: 0, version: 1, currentNodeName: '部门负责人' }),
    });
    renderWithApi(
      <ApprovalForm initialKind="ContractChange" onClose={() => undefined} onSaved={vi.fn()} />,
      api,
    );
    const form = await screen.findByTestId('approval-form');
    const picker = within(form).getByLabelText('关联合同');
    await within(picker).findByText('滨江幼儿园设计合同（HT-41）');
    fireEvent.change(picker, { target: { value: '41' } });
    const fields = await within(form).findByTestId('centre-change-fields');
    await within(fields).findByText('变更前：原委托单位');
    expect(within(fields).getByText('变更前：原甲方')).toBeTruthy();
    fireEvent.change(within(fields).getByLabelText('委托单位'), {
      target: { value: '新委托单位' },
    });
    fireEvent.change(within(fields).getByLabelText('甲方'), { target: { value: '新甲方' } });
    fireEvent.change(within(form).getByLabelText('变更内容'), {
      target: { value: '甲方更名' },
    });
    fireEvent.click(within(form).getByRole('button', { name: '提交' }));
    await waitFor(() =>
      expect(api.sent('/project/approval/addContractChangeTemplate')).toHaveLength(1),
    );
    expect(api.sent('/project/approval/addContractChangeTemplate')[0]).toMatchObject({
      typeCode: '28_1',
      recordKind: 'contract',
      recordId: '41',
      recordFields: { entrustBusinessName: '新委托单位', signByMain: '新甲方' },
    });
  });
});

const result = (resultId: number, fileName: string) => ({
  resultId,
  taskId: 5,
  majorId: 21,
  majorName: '建筑',
  fileName,
  fileProp: '',
  memo: '',
  fileList: [],
  acceptanceFileList: [],
  sealScanList: [],
  resultConfirmed: true,
  acceptanceConfirmed: false,
  history: false,
  userId: 4,
  userName: 'sjzc',
  nickName: '张主持',
  createTime: '2026-11-20 10:00:00',
  taskNo: 'RW-5',
  taskName: '滨江幼儿园施工图',
});

describe('发起审批 of a technical seal (25_x) stamps results picked by name', () => {
  it('lists the picked task’s confirmed results, requires one, and sends the ones ticked', async () => {
    const api = new FakeApi({
      '/system/user/profile/signature': signature,
      '/v4/design-task/list': () => ({
        code: 200,
        msg: '操作成功',
        total: 1,
        rows: [aTaskRecord({ taskId: 5, taskNo: 'RW-5', taskName: '滨江幼儿园施工图' })],
      }),
      '/v4/design-task/getTaskResultList': () => ({
        code: 200,
        msg: '操作成功',
        total: 2,
        rows: [result(71, '总平面图.pdf'), result(72, '节点详图.pdf')],
      }),
      '/project/approval/addSealTemplate': () =>
        ok({ approvalId: '9', status: 0, version: 1, currentNodeName: '部门负责人' }),
    });
    renderWithApi(
      <ApprovalForm initialKind="Seal" onClose={() => undefined} onSaved={vi.fn()} />,
      api,
    );
    const form = await screen.findByTestId('approval-form');
    fireEvent.change(within(form).getByLabelText('审批类型'), { target: { value: '25_1' } });
    const picker = within(form).getByLabelText('关联任务单');
    await within(picker).findByText('滨江幼儿园施工图（RW-5）');
    fireEvent.change(picker, { target: { value: '5' } });
    const detail = await within(form).findByLabelText('节点详图.pdf');
    fireEvent.change(within(form).getByLabelText('图纸内容'), { target: { value: '节点详图' } });
    fireEvent.click(within(form).getByRole('button', { name: '提交' }));
    // No result ticked: core's words beside the picker, nothing sent.
    const alert = await waitFor(() => {
      const a = form.querySelector('[data-field="resultIds"] [role="alert"]');
      expect(a).not.toBeNull();
      return a;
    });
    expect(alert?.textContent).toBe('盖章成果不能为空');
    expect(api.sent('/project/approval/addSealTemplate')).toHaveLength(0);
    fireEvent.click(detail);
    fireEvent.click(within(form).getByLabelText('公章'));
    // The 25_1 rule says so before it is sent: 公章 adds 总经理.
    expect(within(form).getByTestId('seal-rule').textContent).toContain('将追加“总经理”审批');
    fireEvent.click(within(form).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(api.sent('/project/approval/addSealTemplate')).toHaveLength(1));
    expect(api.sent('/project/approval/addSealTemplate')[0]).toMatchObject({
      typeCode: '25_1',
      recordKind: 'task',
      recordId: '5',
      recordFields: { resultIds: [72] },
    });
  });
});
