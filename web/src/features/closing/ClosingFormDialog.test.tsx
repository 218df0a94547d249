import { CLOSING_FEE_KEYS, closingFees } from '@dpms/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type {
  ClosingContractInfo,
  ClosingKind,
  ClosingRecord,
  ContractOption,
  Fees,
} from './closing.gateway';
import { ClosingFormDialog, type ClosingFormGateway } from './ClosingFormDialog';
import { previewClosing } from './closing-preview';
import { renderClosing } from './closing.test-render';

const FEES: Fees = {
  directFee: '10',
  technicalFee: '5',
  expertFee: '2.5',
  operateFee: '1.333333',
  designFee: '2.5',
};

class FakeGateway implements ClosingFormGateway {
  saved: { kind: ClosingKind; body: Record<string, unknown> }[] = [];
  constructor(private readonly record: ClosingRecord | null = null) {}
  contracts(): Promise<ContractOption[]> {
    return Promise.resolve([
      { contractId: 7, contractName: '结案合同', projectName: '结案项目', contractNo: 'HT-7' },
    ]);
  }
  info(): Promise<ClosingContractInfo> {
    return Promise.resolve({
      contract: {
        contractId: 7,
        stage: 'formal',
        contractNo: 'HT-7',
        contractName: '结案合同',
        projectName: '结案项目',
        fees: FEES,
        backAmount: '80',
      },
      record: this.record,
    });
  }
  readonly keys: (string | undefined)[] = [];
  save(
    kind: ClosingKind,
    body: Record<string, unknown>,
    options?: { idempotencyKey?: string },
  ): Promise<ClosingRecord> {
    this.keys.push(options?.idempotencyKey);
    this.saved.push({ kind, body });
    return Promise.resolve({ closedId: 1, ...body } as unknown as ClosingRecord);
  }
}

const feeCell = (k: string) => screen.getByTestId(`closing-fee-${k}`).textContent;

describe('ClosingFormDialog', () => {
  it('previews the closing fees from the typed amount and sends them with the approval', async () => {
    const gateway = new FakeGateway();
    const saved: ClosingRecord[] = [];
    renderClosing(
      <ClosingFormDialog
        gateway={gateway}
        kind="closed"
        onClose={() => undefined}
        onSaved={(r) => saved.push(r)}
      />,
    );
    fireEvent.change(await screen.findByLabelText('合同'), { target: { value: '7' } });
    expect((await screen.findByTestId('closing-back-amount')).textContent).toContain('80');
    const amount = screen.getByLabelText('结案金额');
    fireEvent.change(amount, { target: { value: '40' } });
    expect(feeCell('directFee')).toBe('5');
    expect(feeCell('operateFee')).toBe('0.666667');
    fireEvent.change(amount, { target: { value: '60' } });
    expect(feeCell('directFee')).toBe('7.5');
    expect(feeCell('designFee')).toBe('1.875');
    fireEvent.change(amount, { target: { value: 'abc' } });
    expect(feeCell('directFee')).toBe('-');
    expect(screen.getByRole('alert').textContent).toContain('结案金额');
    // 提交审批 checks with the wire body: every problem beside its field, nothing sent.
    fireEvent.change(screen.getByLabelText('结算金额'), { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: '提交审批' }));
    expect(
      await screen.findAllByText('结案金额须为不小于0、最多6位小数的金额（万元）'),
    ).not.toHaveLength(0);
    expect(screen.getByText('结算金额须为不小于0、最多6位小数的金额（万元）')).toBeTruthy();
    expect(gateway.saved).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('结算金额'), { target: { value: '' } });

    fireEvent.change(amount, { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: '提交审批' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(gateway.keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(gateway.saved[0]).toEqual({
      kind: 'closed',
      body: {
        contractId: 7,
        closedCaseAmount: '60',
        backAmount: '80',
        directFee: '7.5',
        technicalFee: '3.75',
        expertFee: '1.875',
        operateFee: '1',
        designFee: '1.875',
        remark: '',
        submit: true,
      },
    });
  });

  it('refuses to edit a record in approval', async () => {
    const gateway = new FakeGateway({
      closedId: 3,
      status: 1,
      statusName: '审批中',
      closedCaseAmount: '40',
      settleAmount: '40',
      remark: '',
    } as ClosingRecord);
    renderClosing(
      <ClosingFormDialog
        gateway={gateway}
        kind="settle"
        contractId={7}
        onClose={() => undefined}
        onSaved={() => undefined}
      />,
    );
    expect(await screen.findByText(/审批中，不能修改或再次送审/)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '保存' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '提交审批' }).disabled).toBe(true);
  });
});

describe('previewClosing', () => {
  it("is core's closing rule for every amount the form may hold", () => {
    const cents = (max: number) =>
      fc.integer({ min: 0, max }).map((n) => (n / 100).toFixed(2).replace(/\.?0+$/, '') || '0');
    fc.assert(
      fc.property(cents(10_000_000), cents(10_000_000), (closed, back) => {
        fc.pre(back !== '0');
        const p = previewClosing(closed, back, FEES);
        const rule = closingFees(closed, back, FEES);
        expect(p.ok).toBe(rule.ok);
        if (p.ok && rule.ok)
          for (const k of CLOSING_FEE_KEYS) expect(p.fees[k]).toBe(rule.value[k]);
      }),
    );
    expect(previewClosing('80', '80', FEES)).toMatchObject({ ok: true, fees: FEES });
    expect(previewClosing(' ', '80', FEES).ok).toBe(false);
  });
});
