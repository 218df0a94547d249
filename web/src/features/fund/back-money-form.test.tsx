import { ApiError } from '@dpms/http-client';
import { backMoneyBody } from '@dpms/wire';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormDialog, type FormValues } from '../../components/widgets/FormDialog';
import { backMoneyBodyOf, backMoneyFormFields } from './back-money-form';

const CONTRACTS = [{ value: '3', label: '滨江科创园设计合同' }];

function renderForm(onSubmit: (values: FormValues, key: string) => Promise<void>) {
  render(
    <FormDialog
      open
      title="新增回款"
      fields={backMoneyFormFields(CONTRACTS)}
      schema={{ schema: backMoneyBody, bodyOf: backMoneyBodyOf }}
      initial={{ contractId: '', backAmount: '', backDate: '', remark: '' }}
      onSubmit={onSubmit}
      onClose={() => undefined}
    />,
  );
}

const marked = () =>
  [...document.querySelectorAll('label')]
    .map((l) => l.textContent ?? '')
    .filter((t) => t.startsWith('*'));
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('the back money form', () => {
  it('marks the contract, amount and day core requires, before anything is sent', () => {
    renderForm(() => Promise.resolve());
    expect(marked()).toEqual(['*合同', '*回款金额（万元）', '*回款日期']);
  });

  it("names every blank required field at once, in core's words, sending nothing", async () => {
    const sent: FormValues[] = [];
    renderForm((v) => (sent.push(v), Promise.resolve()));
    press('确定');
    expect(await screen.findByText('合同不能为空')).toBeTruthy();
    expect(screen.getByText('回款金额不能为空')).toBeTruthy();
    expect(screen.getByText('回款日期不能为空')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('retries a lost save under the same key', async () => {
    const keys: string[] = [];
    let calls = 0;
    renderForm((_v, key) => {
      keys.push(key);
      calls += 1;
      return calls === 1
        ? Promise.reject(new ApiError('HTTP.TRANSPORT', '网络异常', 0, true))
        : Promise.resolve();
    });
    type('合同', '3');
    type('回款金额（万元）', '12.5');
    type('回款日期', '2026-03-15');
    press('确定');
    expect(await screen.findByText('网络异常')).toBeTruthy();
    press('确定');
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).toBe(keys[0]);
  });
});
