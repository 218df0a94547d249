import type { FeeRateSets } from '@dpms/core';
import { ApiError } from '@dpms/http-client';
import {
  aChildPayRecord,
  aContractChildRow,
  aLixiangRecord,
  anExtendSubContractRow,
} from '@dpms/wire/testing';
import type { ReactNode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChildPayFormDialog } from './ChildPayFormDialog';
import { ContractChildFormDialog } from './ContractChildFormDialog';
import { ExtendSubContractFormDialog } from './ExtendSubContractFormDialog';
import { LixiangFormDialog } from './LixiangFormDialog';
import { KeyedGateway } from '../../test/keyed-gateway';
import { marked, press, type } from '../../test/form-queries';
import { renderWithContractGateway } from './contract.test-render';

const RATE = {
  technicalFee_rate: '0.08',
  operateFee_rate: '0.15',
  expertFee_rate: '0.05',
  designFee_rate: '0.72',
};
const RATES: FeeRateSets = { market: RATE, inner: RATE, union: RATE };

/** A gateway that records each call with its Idempotency-Key and throws the refusals queued. */
class ContractWrites extends KeyedGateway {
  lixiangSave(body: Record<string, unknown>, _history: boolean, key?: string) {
    return this.answer('lixiangSave', body, key, aLixiangRecord({ lxId: 7 }));
  }
  lixiangSaveAndSubmit(body: Record<string, unknown>, key?: string) {
    return this.answer('lixiangSaveAndSubmit', body, key, aLixiangRecord({ lxId: 7, status: 0 }));
  }
  childSave(body: Record<string, unknown>, _history: boolean, key?: string) {
    return this.answer('childSave', body, key, aContractChildRow({ contractChildId: 9 }));
  }
  childSaveAndSubmit(body: Record<string, unknown>, key?: string) {
    return this.answer('childSaveAndSubmit', body, key, aContractChildRow({ contractChildId: 9 }));
  }
  addPay(body: Record<string, unknown>, key?: string) {
    return this.answer('addPay', body, key, aChildPayRecord());
  }
  updatePay(body: Record<string, unknown>, key?: string) {
    return this.answer('updatePay', body, key, aChildPayRecord());
  }
  extendSave(body: Record<string, unknown>, key?: string) {
    return this.answer('extendSave', body, key, anExtendSubContractRow());
  }
}

function renderWith(node: ReactNode, gateway = new ContractWrites()) {
  renderWithContractGateway(node, gateway);
  return gateway;
}

const refusal = (first: string, errors: { field: string; message: string }[]) =>
  new ApiError('VALIDATION.REQUIRED', first, 400, false, errors[0]?.field, errors);
const lost = () => new ApiError('HTTP.TRANSPORT', '网络异常', 0, true);
const noop = () => undefined;

describe('the sub-record forms mark what core requires before anything is sent', () => {
  it('marks each form’s required fields from core’s list', () => {
    renderWith(<LixiangFormDialog rateSets={RATES} onClose={noop} onSaved={noop} />);
    expect(marked()).toEqual(['*项目名称', '*业务来源', '*合同金额']);
  });

  it('marks a sub-contract’s contract, type, payee and amount', () => {
    renderWith(
      <ContractChildFormDialog
        parent={{ contractId: 12, contractName: '滨江科创园建筑设计合同' }}
        onClose={noop}
        onSaved={noop}
      />,
    );
    expect(marked()).toEqual(['*所属合同', '*分包类型', '*收款单位', '*分包金额']);
  });

  it('marks a pay item’s amount and an extension’s amount and content', () => {
    const target = { totalAmount: '50', extendAmount: '0', paidAmount: '0', taxRate: '0.06' };
    renderWith(
      <ChildPayFormDialog contractChildId={4} target={target} onClose={noop} onSaved={noop} />,
    );
    expect(marked()).toEqual(['*付款金额']);
  });

  it('marks an extension’s amount and content', () => {
    renderWith(
      <ExtendSubContractFormDialog
        target={{ contractChildId: 4, totalAmount: '30', extendAmount: '0', paidAmount: '0' }}
        onClose={noop}
        onSaved={noop}
      />,
    );
    expect(marked()).toEqual(['*补充金额', '*补充内容']);
  });
});

describe('a server refusal lands on its fields and keeps what was typed', () => {
  it('puts a filing’s refused fields beside them', async () => {
    const gateway = new ContractWrites();
    gateway.refuse(
      'lixiangSave',
      refusal('立项编号已存在', [
        { field: 'lxNo', message: '立项编号已存在' },
        { field: 'projectName', message: '项目名称不能超过200个字符' },
      ]),
    );
    renderWith(<LixiangFormDialog rateSets={RATES} onClose={noop} onSaved={noop} />, gateway);
    type('项目名称', '未来社区立项');
    type('立项编号', 'LX-1');
    type('合同金额', '80');
    press('保存');
    expect(await screen.findByText('立项编号已存在')).toBeTruthy();
    expect(screen.getByText('项目名称不能超过200个字符')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('立项编号').value).toBe('LX-1');
  });

  it('puts a pay item’s and an extension’s refused fields beside them', async () => {
    const gateway = new ContractWrites();
    gateway.refuse(
      'addPay',
      refusal('税率应为0到0.06之间的小数', [
        { field: 'taxRate', message: '税率应为0到0.06之间的小数' },
      ]),
    );
    const target = { totalAmount: '50', extendAmount: '0', paidAmount: '0', taxRate: '0.06' };
    renderWith(
      <ChildPayFormDialog contractChildId={4} target={target} onClose={noop} onSaved={noop} />,
      gateway,
    );
    type('付款金额', '5');
    press('保存');
    expect(await screen.findByText('税率应为0到0.06之间的小数')).toBeTruthy();
    expect(gateway.calls.map((c) => c.call)).toEqual(['addPay']);
  });
});

describe('every save carries the dialog’s Idempotency-Key', () => {
  it('retries a sub-contract’s lost save under the same key, so the server adds it once', async () => {
    const gateway = new ContractWrites();
    gateway.refuse('childSave', lost());
    renderWith(
      <ContractChildFormDialog
        parent={{ contractId: 12, contractName: '滨江科创园建筑设计合同' }}
        onClose={noop}
        onSaved={noop}
      />,
      gateway,
    );
    type('收款单位', '浙江专家顾问中心');
    type('分包金额', '40');
    press('保存');
    await waitFor(() => expect(gateway.calls).toHaveLength(1));
    expect(await screen.findByText('网络异常')).toBeTruthy();
    press('保存');
    await waitFor(() => expect(gateway.calls).toHaveLength(2));
    const [first, second] = gateway.calls;
    expect(first?.key).toBeTruthy();
    expect(second?.key).toBe(first?.key);
  });

  it('saves and submits a filing in one call; a refusal saves nothing, a lost answer keeps the key', async () => {
    const gateway = new ContractWrites();
    gateway.refuse('lixiangSaveAndSubmit', refusal('审批流程未配置', []), lost());
    renderWith(<LixiangFormDialog rateSets={RATES} onClose={noop} onSaved={noop} />, gateway);
    type('项目名称', '未来社区立项');
    type('合同金额', '80');
    press('保存并提交审批');
    await waitFor(() => expect(gateway.calls).toHaveLength(1));
    expect(await screen.findByText('审批流程未配置')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('项目名称').value).toBe('未来社区立项');
    press('保存并提交审批');
    await waitFor(() => expect(gateway.calls).toHaveLength(2));
    expect(await screen.findByText('网络异常')).toBeTruthy();
    press('保存并提交审批');
    await waitFor(() => expect(gateway.calls).toHaveLength(3));
    // One call per press, never a separate save: the refused try left nothing to edit.
    expect(gateway.calls.map((c) => c.call)).toEqual([
      'lixiangSaveAndSubmit',
      'lixiangSaveAndSubmit',
      'lixiangSaveAndSubmit',
    ]);
    expect(gateway.calls.some((c) => Object.hasOwn(c.body as object, 'lxId'))).toBe(false);
    // The retry after the lost answer carries its key, so the server applies it once.
    expect(gateway.calls[1]?.key).toBeTruthy();
    expect(gateway.calls[2]?.key).toBe(gateway.calls[1]?.key);
  });
});
