import {
  ApiError,
  type EmployeeCostRecord,
  type InvoiceContractInfo,
  type InvoiceRecord,
} from '@dpms/http-client';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmployeeCostFormDialog } from './EmployeeCostFormDialog';
import { InvoiceFormDialog } from './InvoiceFormDialog';

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

const INFO: InvoiceContractInfo = {
  contract: {
    contractId: 7,
    contractName: '滨江合同',
    contractNo: 'HT-7',
    projectName: '滨江',
    stage: 'formal',
    totalAmount: '100',
  },
  invoicedAmount: '50',
  invoicingAmount: '20.5',
  roomAmount: '29.5',
};

class InvoiceGateway {
  readonly asked: number[] = [];
  readonly added: Record<string, unknown>[] = [];
  readonly keys: (string | undefined)[] = [];
  refusal: ApiError | null = null;
  invoiceContractInfo = (contractId: number) => {
    this.asked.push(contractId);
    return Promise.resolve(INFO);
  };
  addInvoice = (b: Record<string, unknown>, o?: { idempotencyKey?: string }) => {
    this.keys.push(o?.idempotencyKey);
    if (this.refusal !== null) return Promise.reject(this.refusal);
    this.added.push(b);
    return Promise.resolve({ status: b['submit'] ? 1 : 0 } as InvoiceRecord);
  };
  editInvoice = () => Promise.resolve({} as InvoiceRecord);
}

describe('the invoice request form', () => {
  it('shows 可开票 exactly, as the typed amount is checked against it', async () => {
    const gateway = new InvoiceGateway();
    gateway.invoiceContractInfo = () =>
      Promise.resolve({ ...INFO, contract: { ...INFO.contract, totalAmount: '1100.000050' } });
    render(
      <InvoiceFormDialog
        gateway={gateway}
        contracts={[{ value: '7', label: '滨江合同（HT-7）' }]}
        onClose={() => undefined}
        onSaved={() => undefined}
      />,
    );
    fill('合同', '7');
    await waitFor(() => expect(screen.getByTestId('invoice-room').textContent).toBe('1,029.50005'));
  });

  it('shows what may still be invoiced and refuses more before sending', async () => {
    const gateway = new InvoiceGateway();
    let saved = 0;
    render(
      <InvoiceFormDialog
        gateway={gateway}
        contracts={[{ value: '7', label: '滨江合同（HT-7）' }]}
        onClose={() => undefined}
        onSaved={() => (saved += 1)}
      />,
    );
    fill('合同', '7');
    await waitFor(() => expect(screen.getByTestId('invoice-room').textContent).toBe('29.5'));
    expect(gateway.asked).toEqual([7]);
    fill('发票抬头', '杭州滨江城市建设投资有限公司');
    fill('开票金额（万元）', '29.500001');
    expect(screen.getByText(/开票金额超过合同可开票余额.*可开票29\.5万元/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '保存并送审' }));
    await waitFor(() => expect(screen.getAllByText(/开票金额超过合同可开票余额/)).toHaveLength(1));
    expect(gateway.added).toHaveLength(0);
    // A special VAT invoice needs the taxpayer number: core says so before the server does.
    fill('开票金额（万元）', '29.5');
    fill('发票类型', '2');
    fireEvent.click(screen.getByRole('button', { name: '保存并送审' }));
    expect(await screen.findByText('纳税人识别号不能为空')).toBeTruthy();
    expect(gateway.added).toHaveLength(0);
    fill('发票类型', '1');
    fireEvent.click(screen.getByRole('button', { name: '保存并送审' }));
    await waitFor(() => expect(saved).toBe(1));
    expect(gateway.added[0]).toMatchObject({
      contractId: 7,
      invoiceAmount: '29.5',
      invoiceType: '1',
      invoiceTitle: '杭州滨江城市建设投资有限公司',
      submit: true,
    });
  });
});

describe('the invoice request form checks with the wire body of its call', () => {
  it('marks what core requires and shows every blank field beside it at once, sending nothing', async () => {
    const gateway = new InvoiceGateway();
    render(
      <InvoiceFormDialog
        gateway={gateway}
        contracts={[{ value: '7', label: '滨江合同（HT-7）' }]}
        onClose={() => undefined}
        onSaved={() => undefined}
      />,
    );
    const requiredMarks = () =>
      [...document.querySelectorAll('label')]
        .filter((l) => l.textContent?.startsWith('*'))
        .map((l) => l.textContent?.slice(1));
    expect(requiredMarks()).toEqual([
      '合同',
      '开票金额（万元）',
      '发票类型',
      '开票内容',
      '发票抬头',
      '开票日期',
    ]);
    fill('发票类型', '2');
    expect(requiredMarks()).toContain('纳税人识别号');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('合同不能为空')).toBeTruthy();
    expect(screen.getByText('开票金额不能为空')).toBeTruthy();
    expect(screen.getByText('发票抬头不能为空')).toBeTruthy();
    expect(screen.getByText('纳税人识别号不能为空')).toBeTruthy();
    expect(gateway.added).toHaveLength(0);
  });

  it("puts the server's refusal of a field beside it, keeps the input, and sends an Idempotency-Key", async () => {
    const gateway = new InvoiceGateway();
    gateway.refusal = new ApiError(
      'VALIDATION.ACCOUNT_TAX_NO',
      '纳税人识别号应为15、18或20位',
      400,
      false,
      'taxNo',
      [{ field: 'taxNo', message: '纳税人识别号应为15、18或20位' }],
    );
    render(
      <InvoiceFormDialog
        gateway={gateway}
        contracts={[{ value: '7', label: '滨江合同（HT-7）' }]}
        onClose={() => undefined}
        onSaved={() => undefined}
      />,
    );
    fill('合同', '7');
    await waitFor(() => expect(screen.getByTestId('invoice-room').textContent).toBe('29.5'));
    fill('开票金额（万元）', '10');
    fill('发票抬头', '杭州滨江城市建设投资有限公司');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('纳税人识别号应为15、18或20位')).toBeTruthy();
    expect(gateway.keys).toHaveLength(1);
    expect(gateway.keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByLabelText<HTMLInputElement>('发票抬头').value).toBe(
      '杭州滨江城市建设投资有限公司',
    );
  });
});

describe('the employee cost form', () => {
  it('totals the four amounts with core as they are typed and sends the line', async () => {
    const sent: Record<string, unknown>[] = [];
    let saved = 0;
    render(
      <EmployeeCostFormDialog
        gateway={{
          addEmployeeCost: (b) => (sent.push(b), Promise.resolve({} as EmployeeCostRecord)),
          updateEmployeeCost: () => Promise.resolve({} as EmployeeCostRecord),
        }}
        staff={[{ value: '4', label: '设计主持甲', deptId: 110 }]}
        depts={[
          { value: '110', label: '建筑一所' },
          { value: '112', label: '结构所' },
        ]}
        onClose={() => undefined}
        onSaved={() => (saved += 1)}
      />,
    );
    // Every problem at once, in core's words: the employee and the month together.
    fill('月份', '');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('员工不能为空')).toBeTruthy();
    expect(screen.getByText('月份不能为空')).toBeTruthy();
    fill('员工', '4');
    expect(screen.getByLabelText<HTMLSelectElement>('部门').value).toBe('110');
    fill('月份', '2026-03');
    fill('工资（万元）', '1.2');
    fill('社会保险（万元）', '0.3');
    fill('住房公积金（万元）', '0.12');
    fill('其他（万元）', '0.000001');
    expect(screen.getByTestId('employe-total').textContent).toBe('1.620001');
    fill('其他（万元）', '0.0000001');
    expect(screen.getByTestId('employe-total').textContent).toBe('—');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText(/其他格式不正确/)).toBeTruthy();
    expect(sent).toHaveLength(0);
    fill('其他（万元）', '0');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(saved).toBe(1));
    expect(sent[0]).toMatchObject({
      employeeId: 4,
      deptId: 110,
      costMonth: '2026-03',
      salary: '1.2',
      otherCost: '0',
    });
  });
});
