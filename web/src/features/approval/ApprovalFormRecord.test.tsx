import { ApiError } from '@dpms/http-client';
import { aContractRecord } from '@dpms/wire/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { ApprovalForm } from './ApprovalForm';

const signature = () => ({
  code: 200,
  msg: '操作成功',
  data: { signFileId: null, signUrl: null },
});
const contracts = () => ({
  code: 200,
  msg: '操作成功',
  total: 1,
  rows: [
    aContractRecord({
      contractId: 41,
      contractName: '滨江幼儿园设计合同',
      contractNo: 'HT-41',
      totalAmount: '960',
    }),
  ],
});
const over = new ApiError(
  'ACCOUNT.INVOICE_OVER',
  '开票金额超过合同可开票余额（960万元）',
  400,
  false,
  'invoiceAmount',
  [{ field: 'invoiceAmount', message: '开票金额超过合同可开票余额（960万元）' }],
);

describe('发起审批 of a form tied to its record', () => {
  it('asks for the contract by name before anything is sent, then sends it and shows the server’s field refusal', async () => {
    const api = new FakeApi({
      '/system/user/profile/signature': signature,
      '/v4/contract/list': contracts,
      '/project/approval/addInvoiceTemplate': () => {
        throw over;
      },
    });
    renderWithApi(
      <ApprovalForm initialKind="Invoice" onClose={() => undefined} onSaved={vi.fn()} />,
      api,
    );
    const form = await screen.findByTestId('approval-form');
    const picker = within(form).getByLabelText('关联合同');
    // Core's rule: required, marked, and its problem beside it; nothing is sent.
    expect(form.querySelector('[data-field="recordId"]')?.textContent).toContain('*');
    fireEvent.click(within(form).getByRole('button', { name: '提交' }));
    const alert = await waitFor(() => {
      const a = form.querySelector('[data-field="recordId"] [role="alert"]');
      expect(a).not.toBeNull();
      return a;
    });
    expect(alert?.textContent).toBe('请选择关联合同');
    expect(api.sent('/project/approval/addInvoiceTemplate')).toHaveLength(0);
    // The record created from 发起审批 is sent at once: no draft here.
    expect(within(form).queryByRole('button', { name: '保存草稿' })).toBeNull();

    await within(picker).findByText('滨江幼儿园设计合同（HT-41）');
    fireEvent.change(picker, { target: { value: '41' } });
    expect(within(form).getByLabelText<HTMLInputElement>('合同名称').value).toBe(
      '滨江幼儿园设计合同',
    );
    expect(form.querySelector('[data-field="recordId"] [role="alert"]')).toBeNull();
    fireEvent.change(within(form).getByLabelText('开票日期'), { target: { value: '2026-11-20' } });
    fireEvent.change(within(form).getByLabelText('付款单位'), { target: { value: '某公司' } });
    fireEvent.change(within(form).getByLabelText('发票类型'), { target: { value: '1' } });
    fireEvent.change(within(form).getByLabelText('开票内容'), { target: { value: '1' } });
    fireEvent.change(within(form).getByLabelText('开票金额（万元）'), {
      target: { value: '2000' },
    });
    fireEvent.click(within(form).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(api.sent('/project/approval/addInvoiceTemplate')).toHaveLength(1));
    expect(api.sent('/project/approval/addInvoiceTemplate')[0]).toMatchObject({
      typeCode: '23_1',
      recordKind: 'contract',
      recordId: '41',
      submit: true,
    });
    const refusal = await waitFor(() => {
      const a = form.querySelector('[data-field="invoiceAmount"] [role="alert"]');
      expect(a).not.toBeNull();
      return a;
    });
    expect(refusal?.textContent).toContain('开票金额超过合同可开票余额');
  });

  it('leaves a screen kind to its screen’s own form: no template 提交, the screen named', async () => {
    const api = new FakeApi({ '/system/user/profile/signature': signature });
    renderWithApi(
      <ApprovalForm initialKind="Contract" onClose={() => undefined} onSaved={vi.fn()} />,
      api,
    );
    const form = await screen.findByTestId('approval-form');
    expect(within(form).getByTestId('record-screen-only').textContent).toContain('合同管理');
    expect(within(form).queryByRole('button', { name: '提交' })).toBeNull();
  });

  it('offers a record form only to holders of its screen’s permission, as the server requires', async () => {
    const api = new FakeApi({
      '/system/user/profile/signature': signature,
      '/v4/contract/list': contracts,
    });
    renderWithApi(
      <ApprovalForm initialKind="Invoice" onClose={() => undefined} onSaved={vi.fn()} />,
      api,
      { permissions: ['project:approval:add'] },
    );
    const form = await screen.findByTestId('approval-form');
    expect(within(form).getByTestId('record-no-permission').textContent).toBe(
      '您没有“开票管理”的权限，请联系管理员。',
    );
    expect(within(form).queryByRole('button', { name: '提交' })).toBeNull();
    expect(within(form).queryByLabelText('关联合同')).toBeNull();
    expect(api.sent('/v4/contract/list')).toHaveLength(0);
  });
});
