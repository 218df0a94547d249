import { lixiangFees, netPay, validateLixiang } from '@dpms/core';
import type { ReactNode } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChildPayFormDialog } from './ChildPayFormDialog';
import { ContractChildFormDialog } from './ContractChildFormDialog';
import { ExtendSubContractFormDialog } from './ExtendSubContractFormDialog';
import { LixiangFormDialog } from './LixiangFormDialog';
import { RATES } from './test-rates';
import { aChildPayRecord, aContractChildRow, anExtendSubContractRow } from '@dpms/wire/testing';
import { renderWithContractGateway } from './contract.test-render';

/** A gateway that records what the forms send and answers like the server. */
class RecordingGateway {
  readonly calls: { call: string; body: Record<string, unknown>; history?: boolean }[] = [];
  lixiangSave(body: Record<string, unknown>, history: boolean) {
    this.calls.push({ call: 'lixiangSave', body, history });
    return Promise.resolve({ lxId: 7, ...body });
  }
  lixiangSaveAndSubmit(body: Record<string, unknown>) {
    this.calls.push({ call: 'lixiangSaveAndSubmit', body });
    return Promise.resolve({ lxId: 7, ...body, status: 0 });
  }
  childSave(body: Record<string, unknown>, history: boolean) {
    this.calls.push({ call: 'childSave', body, history });
    return Promise.resolve({ contractChildId: 9, ...body });
  }
  childSaveAndSubmit(body: Record<string, unknown>) {
    this.calls.push({ call: 'childSaveAndSubmit', body });
    return Promise.resolve({ contractChildId: 9, ...body, status: 0 });
  }
  addPay(body: Record<string, unknown>) {
    this.calls.push({ call: 'addPay', body });
    return Promise.resolve({ payId: 3, files: [], ...body });
  }
  updatePay(body: Record<string, unknown>) {
    this.calls.push({ call: 'updatePay', body });
    return Promise.resolve({ files: [], ...body });
  }
  extendSave(body: Record<string, unknown>) {
    this.calls.push({ call: 'extendSave', body });
    return Promise.resolve({ extendId: 5, ...body });
  }
}

function renderWith(node: (gateway: RecordingGateway, saved: unknown[]) => ReactNode) {
  const gateway = new RecordingGateway();
  const saved: unknown[] = [];
  renderWithContractGateway(node(gateway, saved), gateway);
  return { gateway, saved };
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const shown = (testId: string): Record<string, string> =>
  Object.fromEntries(
    [...document.querySelectorAll(`[data-testid="${testId}"] [data-fee]`)].map((e) => [
      e.getAttribute('data-fee') ?? '',
      e.textContent ?? '',
    ]),
  );
const previewError = (testId: string) =>
  document.querySelector(`[data-testid="${testId}-error"]`)?.textContent ?? null;

/** Amounts in 万元 with at most 4 decimals, as the input filter lets them through. */
const amount = fc
  .tuple(fc.integer({ min: 1, max: 99_999 }), fc.integer({ min: 0, max: 9999 }))
  .map(([w, f]) => `${w}.${String(f).padStart(4, '0')}`);

describe('project filing form', () => {
  const renderForm = () =>
    renderWith((_, saved) => (
      <LixiangFormDialog
        rateSets={RATES}
        onClose={() => undefined}
        onSaved={(l) => saved.push(l)}
      />
    ));

  it('the fee preview is core lixiangFees of what is typed, by the source rate set', () => {
    renderForm();
    fc.assert(
      fc.property(
        fc.constantFrom('1', '2', '3'),
        amount,
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        (bizSource, total, cleanPct, directPct) => {
          const units = Math.round(Number(total) * 10_000);
          const cleanUnits = Math.floor((units * cleanPct) / 100);
          const clean = (cleanUnits / 10_000).toFixed(4);
          const direct = (Math.floor((cleanUnits * directPct) / 100) / 10_000).toFixed(4);
          type('业务来源', bizSource);
          type('合同金额', total);
          type('合同净额', clean);
          type('直接费', direct);
          const fields = validateLixiang({
            projectName: '预览',
            bizSource,
            totalAmount: total,
            cleanAmount: clean,
            directFee: direct,
          });
          expect(fields.ok).toBe(true);
          if (!fields.ok) return;
          const fees = lixiangFees(fields.value, RATES);
          expect(fees.ok).toBe(true);
          if (!fees.ok) return;
          const f = fees.value.fees;
          expect(shown('fee-preview')).toEqual({
            realAmount: f.realAmount,
            directFee: f.directFee,
            technicalFee: f.technicalFee,
            operateFee: f.operateFee,
            expertFee: f.expertFee,
            designFee: f.designFee,
          });
        },
      ),
      { numRuns: 3 },
    );
  });

  it('the preview follows the typed amount and names the refusal the server would give', () => {
    renderForm();
    type('合同金额', '100');
    expect(shown('fee-preview')['realAmount']).toBe('100');
    type('合同金额', '250');
    expect(shown('fee-preview')['realAmount']).toBe('250');
    type('合同净额', '300');
    expect(previewError('fee-preview')).toBe('合同净额不能大于合同金额');
  });

  it('refuses to save without a project name or with a clean amount over the total, sending nothing', async () => {
    const { gateway } = renderForm();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    // Every field's problem at once, in core's words, before anything is sent.
    expect(await screen.findByText('项目名称不能为空')).toBeTruthy();
    expect(screen.getAllByText('合同金额不能为空').length).toBeGreaterThan(0);
    type('项目名称', '未来社区立项');
    type('合同金额', '10');
    type('合同净额', '12');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(screen.getAllByText('合同净额不能大于合同金额').length).toBeGreaterThan(1),
    );
    expect(gateway.calls).toHaveLength(0);
  });

  it('saves and sends for review', async () => {
    const { gateway, saved } = renderForm();
    type('项目名称', '未来社区立项');
    type('立项编号', 'LX-2026-01');
    type('合同金额', '80');
    fireEvent.click(screen.getByRole('button', { name: '保存并提交审批' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(gateway.calls.map((c) => c.call)).toEqual(['lixiangSaveAndSubmit']);
    expect(gateway.calls[0]).toMatchObject({
      body: {
        projectName: '未来社区立项',
        lxNo: 'LX-2026-01',
        bizSource: '1',
        totalAmount: '80',
        cleanAmount: '80',
        directFee: '0',
      },
    });
  });

  it('records a history filing without review', async () => {
    const { gateway, saved } = renderForm();
    type('项目名称', '历史立项');
    type('合同金额', '80');
    fireEvent.click(screen.getByLabelText('补录历史备案'));
    expect(screen.queryByRole('button', { name: '保存并提交审批' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(gateway.calls).toMatchObject([{ call: 'lixiangSave', history: true }]);
  });
});

describe('sub-contract form', () => {
  it('previews what it may pay as the amount is typed, and requires the payee', async () => {
    const { gateway, saved } = renderWith((_, saved) => (
      <ContractChildFormDialog
        parent={{ contractId: 12, contractName: '滨江科创园建筑设计合同' }}
        onClose={() => undefined}
        onSaved={(c) => saved.push(c)}
      />
    ));
    type('分包类型', '3');
    type('分包金额', '12.5');
    expect(shown('child-preview')).toMatchObject({
      childType: '专家费',
      cap: '12.5',
      canPayAmount: '12.5',
    });
    type('分包金额', '40');
    expect(shown('child-preview')['canPayAmount']).toBe('40');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('收款单位不能为空')).toBeTruthy();
    expect(gateway.calls).toHaveLength(0);
    type('收款单位', '浙江专家顾问中心');
    type('分包合同编号', 'FB-2026-01');
    fireEvent.click(screen.getByRole('button', { name: '保存并提交审批' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(gateway.calls).toMatchObject([
      {
        call: 'childSaveAndSubmit',
        body: {
          contractId: 12,
          childType: 3,
          totalAmount: '40',
          receiveCompanyName: '浙江专家顾问中心',
          contractChildNo: 'FB-2026-01',
        },
      },
    ]);
  });

  it('an edit may not bring the amount below what its pay items add up to beyond its extensions', () => {
    const { gateway } = renderWith(() => (
      <ContractChildFormDialog
        editing={aContractChildRow({
          contractChildId: 4,
          contractId: 12,
          contractName: '滨江科创园建筑设计合同',
          contractChildNo: 'FB-1',
          childType: 5,
          childTypeName: '设计费',
          receiveCompanyName: '某结构设计事务所',
          totalAmount: '30',
          extendAmount: '5',
          // The cap is held to the pay items, not to the paid fund payments.
          paidAmount: '3',
          payItemsAmount: '20',
          status: -1,
          statusName: '待提交',
          version: 3,
        })}
        onClose={() => undefined}
        onSaved={() => undefined}
      />
    ));
    expect(shown('child-preview')).toMatchObject({ cap: '35', canPayAmount: '15' });
    type('分包金额', '10');
    expect(previewError('child-preview')).toBe('累计付款金额不能超过分包合同金额（15万元）');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(gateway.calls).toHaveLength(0);
  });
});

describe('pay item form', () => {
  const target = { totalAmount: '50', extendAmount: '10', paidAmount: '45', taxRate: '0.03' };

  it('previews net pay by core netPay as amount and tax rate are typed, within the cap', async () => {
    const { gateway, saved } = renderWith((_, saved) => (
      <ChildPayFormDialog
        contractChildId={4}
        target={target}
        onClose={() => undefined}
        onSaved={(p) => saved.push(p)}
      />
    ));
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 150_000 }).map((n) => (n / 10_000).toFixed(4)),
        fc.constantFrom('', '0', '0.01', '0.03', '0.06'),
        (pay, rate) => {
          type('付款金额', pay);
          type('税率', rate);
          const used = rate === '' ? '0.03' : rate;
          expect(shown('pay-preview')).toMatchObject({
            taxRate: used,
            realPayAmount: netPay(pay, used),
          });
        },
      ),
      { numRuns: 5 },
    );
    type('税率', '0.07');
    expect(previewError('pay-preview')).toBe('税率应为0到0.06之间的小数');
    type('税率', '');
    type('付款金额', '15.0001');
    expect(previewError('pay-preview')).toBe('累计付款金额不能超过分包合同金额（60万元）');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(gateway.calls).toHaveLength(0);
    type('付款金额', '15');
    expect(shown('pay-preview')['leftAfter']).toBe('0');
    type('备注', '尾款');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(gateway.calls[0]).toMatchObject({
      call: 'addPay',
      body: { contractChildId: 4, payAmount: '15', remark: '尾款', files: [] },
    });
  });

  it('editing a pay item counts the others, not itself, against the cap', () => {
    renderWith(() => (
      <ChildPayFormDialog
        contractChildId={4}
        target={target}
        editing={aChildPayRecord({
          payId: 8,
          contractChildId: 4,
          payAmount: '20',
          taxRate: '0.06',
          realPayAmount: '20',
          payDate: '2026-02-01',
        })}
        onClose={() => undefined}
        onSaved={() => undefined}
      />
    ));
    // Paid 45 of which this item is 20: it may grow to 35 (cap 60).
    type('付款金额', '35');
    expect(shown('pay-preview')['leftAfter']).toBe('0');
    type('付款金额', '35.5');
    expect(previewError('pay-preview')).toContain('60万元');
  });
});

describe('extended sub-contract form', () => {
  const target = { contractChildId: 4, totalAmount: '30', extendAmount: '8', paidAmount: '35' };

  it('previews what the sub-contract may then pay and requires the content', async () => {
    const { gateway, saved } = renderWith((_, saved) => (
      <ExtendSubContractFormDialog
        target={target}
        onClose={() => undefined}
        onSaved={(e) => saved.push(e)}
      />
    ));
    type('补充金额', '6.5');
    expect(shown('extend-preview')).toMatchObject({ extendTotal: '14.5', canPayAmount: '9.5' });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('补充内容不能为空')).toBeTruthy();
    expect(gateway.calls).toHaveLength(0);
    type('补充内容', '增加专家论证一次');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(gateway.calls[0]).toMatchObject({
      call: 'extendSave',
      body: { contractChildId: 4, extendAmount: '6.5', content: '增加专家论证一次', files: [] },
    });
  });

  it('an edit that leaves less than what is paid is refused before it is sent', () => {
    const { gateway } = renderWith(() => (
      <ExtendSubContractFormDialog
        target={target}
        editing={anExtendSubContractRow({
          extendId: 2,
          contractChildId: 4,
          contractId: 12,
          extendNo: 'BC-1',
          content: '补充效果图',
          extendAmount: '8',
          signDate: '2026-03-01',
          version: 1,
        })}
        onClose={() => undefined}
        onSaved={() => undefined}
      />
    ));
    // 30 + 5 = 35 still covers the 35 paid; 4.9999 does not.
    type('补充金额', '5');
    expect(shown('extend-preview')['canPayAmount']).toBe('0');
    type('补充金额', '4.9999');
    expect(previewError('extend-preview')).toBe(
      '分包合同已付款35万元，修改或删除后可付金额不能小于已付金额',
    );
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(gateway.calls).toHaveLength(0);
  });
});
