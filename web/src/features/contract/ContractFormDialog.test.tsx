import { splitFees } from '@dpms/core';
import { ApiError, type ContractRecord } from '@dpms/http-client';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createContainer } from '../../app/container';
import { TOKENS } from '../../app/tokens';
import { ContractFormDialog } from './ContractFormDialog';
import type { FormStage } from './fee-preview';
import { RATES } from './test-rates';
import { renderInApp, signIn } from '../../test/render';

/** A gateway that records what the form sends and answers like the server. */
class RecordingGateway {
  readonly saved: { stage: string; body: Record<string, unknown>; key?: string | undefined }[] = [];
  readonly sentForReview: { stage: string; body: Record<string, unknown>; key?: string }[] = [];
  /** What saveAndSubmit answers next: a refusal to throw, or the record. */
  readonly refusals: Error[] = [];
  save(stage: string, body: Record<string, unknown>, key?: string): Promise<ContractRecord> {
    this.saved.push({ stage, body, key });
    return Promise.resolve({ contractId: 41, ...body } as unknown as ContractRecord);
  }
  saveAndSubmit(stage: string, body: Record<string, unknown>, key?: string) {
    this.sentForReview.push({ stage, body, ...(key === undefined ? {} : { key }) });
    const refusal = this.refusals.shift();
    if (refusal !== undefined) return Promise.reject(refusal);
    return Promise.resolve({ contractId: 41, status: 0, ...body } as unknown as ContractRecord);
  }
}

/** A business manager's contract permissions: add and edit (which sends to review). */
const CONTRACT_PERMISSIONS = [
  'project:contract:add',
  'project:contract:edit',
  'project:declare:add',
  'project:declare:edit',
];

function renderForm(
  stage: FormStage,
  gateway = new RecordingGateway(),
  permissions: readonly string[] = CONTRACT_PERMISSIONS,
) {
  const container = createContainer();
  container.rebind(TOKENS.ContractGateway).toConstantValue(gateway as never);
  signIn(container, { permissions: [...permissions] });
  const saved: ContractRecord[] = [];
  renderInApp(
    container,
    <ContractFormDialog
      stage={stage}
      rateSets={RATES}
      onClose={() => undefined}
      onSaved={(c) => saved.push(c)}
    />,
  );
  return { gateway, saved };
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const shownFees = (): Record<string, string> =>
  Object.fromEntries(
    [...document.querySelectorAll('[data-testid="fee-preview"] [data-fee]')].map((e) => [
      e.getAttribute('data-fee') ?? '',
      e.textContent ?? '',
    ]),
  );

/** Amounts in 万元 with at most 4 decimals, as the input filter lets them through. */
const amount = fc
  .tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 9999 }))
  .map(([w, f]) => `${w}.${String(f).padStart(4, '0')}`);
const signDate = fc.constantFrom('', '2023-12-31', '2024-03-31', '2024-04-01', '2025-06-30');

describe('contract form', () => {
  it('the live fee preview shows exactly core splitFees for what is typed', () => {
    // One form, typed into again and again: the preview follows every change.
    renderForm('contract');
    fc.assert(
      fc.property(
        fc.constantFrom('1', '2', '3'),
        signDate,
        amount,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (bizSource, date, total, cleanShare, directShare) => {
          // cleanAmount ≤ totalAmount and directFee ≤ cleanAmount, in whole 0.0001 steps.
          const units = Math.round(Number(total) * 10_000);
          const cleanUnits = Math.floor(units * cleanShare);
          const clean = (cleanUnits / 10_000).toFixed(4);
          const direct = (Math.floor(cleanUnits * directShare) / 10_000).toFixed(4);
          fireEvent.change(screen.getByLabelText('业务来源'), { target: { value: bizSource } });
          type('签订日期', date);
          type('合同金额', total);
          type('合同净额', clean);
          const locked = input('直接费').readOnly;
          if (!locked) type('直接费', direct);
          const expected = splitFees({
            bizSource: bizSource,
            signDate: date,
            totalAmount: total,
            cleanAmount: clean,
            directFee: locked ? '' : direct,
            rateSets: RATES,
          });
          expect(expected.ok).toBe(true);
          if (!expected.ok) return;
          const s = expected.value;
          expect(locked).toBe(s.directFeeReadOnly);
          expect(shownFees()).toEqual({
            realAmount: s.realAmount,
            directFee: s.directFee,
            technicalFee: s.technicalFee,
            operateFee: s.operateFee,
            expertFee: s.expertFee,
            designFee: s.designFee,
          });
        },
      ),
      { numRuns: 4 },
    );
  });

  it('a declared project previews with the declare rate set', () => {
    renderForm('declare');
    type('合同金额', '100');
    type('直接费', '20');
    const s = splitFees({
      bizSource: 'declare',
      totalAmount: '100',
      cleanAmount: '100',
      directFee: '20',
      rateSets: RATES,
    });
    expect(s.ok && shownFees()['technicalFee']).toBe(s.ok ? s.value.technicalFee : '');
    expect(shownFees()['realAmount']).toBe('80');
  });

  it('directFee is read-only with the computed value for market contracts signed from 2024-04-01', () => {
    renderForm('contract');
    type('合同金额', '200');
    type('合同净额', '180');
    type('签订日期', '2024-03-31');
    expect(input('直接费').readOnly).toBe(false);
    type('直接费', '30');
    expect(input('直接费').value).toBe('30');

    type('签订日期', '2024-04-01');
    expect(input('直接费').readOnly).toBe(true);
    // 180 − 10.1% × 180 − 2.5% × 200 = 180 − 18.18 − 5 = 156.82
    expect(input('直接费').value).toBe('156.82');
    expect(screen.getByText('市场业务2024-04-01起签订的合同，直接费由系统计算')).toBeTruthy();

    // Internal business keeps directFee editable whatever the date.
    fireEvent.change(screen.getByLabelText('业务来源'), { target: { value: '2' } });
    expect(input('直接费').readOnly).toBe(false);
  });

  it('a declared project never locks directFee (it splits by the declare rates)', () => {
    renderForm('declare');
    type('签订日期', '2025-01-01');
    expect(input('直接费').readOnly).toBe(false);
  });

  it('saves and submits in one call, sending the computed directFee and the previewed split', async () => {
    const { gateway, saved } = renderForm('contract');
    type('项目名称', '滨江幼儿园');
    type('合同名称', '滨江幼儿园设计合同');
    type('甲方', '杭州滨江城建');
    type('乙方', '华东示范建筑设计研究院');
    type('签订日期', '2024-05-06');
    type('合同金额', '200');
    type('合同净额', '180');
    fireEvent.click(screen.getByRole('button', { name: '保存并提交审批' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(gateway.saved).toHaveLength(0);
    expect(gateway.sentForReview).toHaveLength(1);
    const sent = gateway.sentForReview[0]!;
    expect(sent.stage).toBe('contract');
    expect(sent.key).toEqual(expect.any(String));
    expect(sent.body['directFee']).toBe('156.82');
    expect(sent.body['realAmount']).toBe('18.18');
    expect(sent.body['designFee']).toBe('5');
  });

  it('offers 保存并提交审批 only to who may also send to review (`:edit`), as the route checks', () => {
    renderForm('contract', new RecordingGateway(), ['project:contract:add']);
    expect(screen.getByRole('button', { name: '保存' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '保存并提交审批' })).toBeNull();
    cleanup();
    renderForm('contract', new RecordingGateway(), [
      'project:contract:add',
      'project:contract:edit',
    ]);
    expect(screen.getByRole('button', { name: '保存并提交审批' })).toBeTruthy();
  });

  it('marks 甲方, 乙方 and the sign date as required before anything is sent', () => {
    renderForm('contract');
    const required = [...document.querySelectorAll('label')]
      .map((l) => l.textContent ?? '')
      .filter((t) => t.startsWith('*'))
      .map((t) => t.slice(1));
    expect(required).toEqual(
      expect.arrayContaining([
        '项目名称',
        '合同名称',
        '业务来源',
        '合同金额',
        '甲方',
        '乙方',
        '签订日期',
      ]),
    );
    // An unsigned contract is saved without its parties.
    cleanup();
    renderForm('stay');
    const stayRequired = [...document.querySelectorAll('label')]
      .map((l) => l.textContent ?? '')
      .filter((t) => t.startsWith('*'));
    expect(stayRequired).not.toContain('*甲方');
  });

  it("shows every field's problem at once, beside its field, in core's words", async () => {
    const { gateway } = renderForm('contract');
    fireEvent.click(screen.getByRole('button', { name: '保存并提交审批' }));
    for (const message of [
      '项目名称不能为空',
      '合同名称不能为空',
      '合同金额不能为空',
      '甲方不能为空',
      '乙方不能为空',
      '签订日期不能为空',
    ]) {
      // 合同金额不能为空 also heads the fee preview, which has nothing to split yet.
      expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    }
    const beside = (label: string) =>
      screen.getByLabelText(label).closest('div')?.querySelector('[role="alert"]')?.textContent;
    expect(beside('甲方')).toBe('甲方不能为空');
    expect(beside('乙方')).toBe('乙方不能为空');
    expect(gateway.sentForReview).toHaveLength(0);
  });

  it('puts the server’s refusal of a field beside that field and keeps what was typed', async () => {
    const gateway = new RecordingGateway();
    gateway.refusals.push(
      new ApiError('VALIDATION.REQUIRED', '乙方不能为空', 400, false, 'signBySub', [
        { field: 'signBySub', message: '乙方名称与合同主体不一致' },
        { field: 'signByMain', message: '甲方已停用' },
      ]),
    );
    const { saved } = renderForm('contract', gateway);
    type('项目名称', '滨江幼儿园');
    type('合同名称', '滨江幼儿园设计合同');
    type('甲方', '杭州滨江城建');
    type('乙方', '华东示范建筑设计研究院');
    type('签订日期', '2024-05-06');
    type('合同金额', '200');
    fireEvent.click(screen.getByRole('button', { name: '保存并提交审批' }));
    expect(await screen.findByText('乙方名称与合同主体不一致')).toBeTruthy();
    expect(screen.getByText('甲方已停用')).toBeTruthy();
    expect(saved).toHaveLength(0);
    expect(input('项目名称').value).toBe('滨江幼儿园');
    expect(input('乙方').value).toBe('华东示范建筑设计研究院');
  });

  it('retries a lost answer under the same Idempotency-Key, so the server saves once', async () => {
    const gateway = new RecordingGateway();
    gateway.refusals.push(new ApiError('HTTP.TRANSPORT', '网络异常', 0, true));
    const { saved } = renderForm('declare', gateway);
    type('项目名称', '滨江立项');
    type('合同名称', '滨江立项合同');
    type('合同金额', '100');
    fireEvent.click(screen.getByRole('button', { name: '保存并提交审批' }));
    await waitFor(() => expect(gateway.sentForReview).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '保存并提交审批' })).not.toHaveProperty(
        'disabled',
        true,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: '保存并提交审批' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(gateway.sentForReview[1]?.key).toBe(gateway.sentForReview[0]?.key);
  });

  it('refuses to save without the required fields, naming them', async () => {
    const { gateway } = renderForm('stay');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('项目名称不能为空')).toBeTruthy();
    expect(screen.getAllByText('合同金额不能为空').length).toBeGreaterThan(0);
    expect(gateway.saved).toHaveLength(0);
  });

  it('amount inputs refuse letters and negative signs as they are typed', () => {
    renderForm('stay');
    type('合同金额', 'abc12.5x');
    expect(input('合同金额').value).toBe('12.5');
    type('合同金额', '-30');
    expect(input('合同金额').value).toBe('30');
  });

  it('shows 已收金额 as the back money the server summed, read only, and never sends it', async () => {
    const { gateway } = renderForm('stay');
    expect(input('已收金额').readOnly).toBe(true);
    expect(input('已收金额').value).toBe('0');
    type('项目名称', '已收测试项目');
    type('合同名称', '已收测试合同');
    type('合同金额', '100');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(gateway.saved).toHaveLength(1));
    expect(gateway.saved[0]?.body).not.toHaveProperty('receiveAmount');
  });
});
