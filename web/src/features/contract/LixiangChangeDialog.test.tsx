import { ApiError } from '@dpms/http-client';
import { aLixiangRecord } from '@dpms/wire/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LixiangChangeDialog } from './LixiangChangeDialog';
import { renderWithContractGateway } from './contract.test-render';

/** A gateway that records the change calls and throws the refusals queued. */
class ChangeGateway {
  readonly sent: unknown[] = [];
  refusal: Error | undefined;
  lixiangChange(body: unknown) {
    this.sent.push(body);
    const r = this.refusal;
    this.refusal = undefined;
    return r ? Promise.reject(r) : Promise.resolve({});
  }
}

const filing = aLixiangRecord({
  lxId: 7,
  status: 1,
  projectName: '备案项目',
  lxNo: 'LX-7',
  totalAmount: '100',
  cleanAmount: '90',
  directFee: '0',
  remark: '',
});

function open(gateway = new ChangeGateway(), onSent = () => undefined) {
  renderWithContractGateway(
    <LixiangChangeDialog filing={filing} onClose={() => undefined} onSent={onSent} />,
    gateway,
  );
  return gateway;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const send = () => fireEvent.click(screen.getByRole('button', { name: '提交变更审批' }));

describe('备案变更 (12_x) dialog', () => {
  it('shows each field’s value now as 变更前 and requires the reason before sending', async () => {
    const g = open();
    expect(screen.getByText('变更前：100 万元')).toBeTruthy();
    expect(screen.getByText('变更前：备案项目')).toBeTruthy();
    type('合同金额', 'abc');
    send();
    expect(await screen.findByText('变更原因不能为空')).toBeTruthy();
    expect(g.sent).toEqual([]);
  });

  it('sends only the fields that differ from now, with the reason', async () => {
    let sent = false;
    const g = open(new ChangeGateway(), () => {
      sent = true;
    });
    type('项目名称', '新项目名');
    type('变更原因', '甲方更名');
    send();
    await waitFor(() => expect(sent).toBe(true));
    expect(g.sent).toEqual([{ lxId: 7, reason: '甲方更名', fields: { projectName: '新项目名' } }]);
  });

  it('lands a server refusal of a field beside it', async () => {
    const g = new ChangeGateway();
    g.refusal = new ApiError(
      'VALIDATION.INVALID_AMOUNT',
      '合同金额格式不正确',
      400,
      false,
      'totalAmount',
      [{ field: 'totalAmount', message: '合同金额格式不正确' }],
    );
    open(g);
    type('合同金额', '120');
    type('变更原因', '增项');
    send();
    expect(await screen.findByText('合同金额格式不正确')).toBeTruthy();
  });
});
