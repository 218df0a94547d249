import { ApiError } from '@dpms/http-client';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormDialog, type FormValues } from './FormDialog';

/** A save the test answers by hand: each call waits until the test settles it. */
function manualSave() {
  const calls: { values: FormValues; key: string; settle: (error?: Error) => void }[] = [];
  const onSubmit = (values: FormValues, key: string) =>
    new Promise<void>((resolve, reject) =>
      calls.push({ values, key, settle: (error) => (error ? reject(error) : resolve()) }),
    );
  return { calls, onSubmit };
}

function renderDialog(onSubmit: (values: FormValues, key: string) => Promise<void>) {
  render(
    <FormDialog
      open
      title="添加部门"
      fields={[{ key: 'deptName', label: '部门名称', required: true }]}
      initial={{ deptName: '暖通所' }}
      onSubmit={onSubmit}
      onClose={() => undefined}
    />,
  );
  const form = screen.getByTestId('form-dialog');
  const button = () => within(form).getByRole<HTMLButtonElement>('button', { name: '确定' });
  return {
    form,
    save: () => fireEvent.click(button()),
    /** The save has been answered and the button takes clicks again. */
    idle: () => waitFor(() => expect(button().disabled).toBe(false)),
  };
}

const lost = () => new ApiError('HTTP.TRANSPORT', '系统接口请求超时', 0, true);

describe('FormDialog: one Idempotency-Key per save', () => {
  it('a double click on save sends one save with one key', async () => {
    const { calls, onSubmit } = manualSave();
    const { save, idle } = renderDialog(onSubmit);
    save();
    save();
    await waitFor(() => expect(calls).toHaveLength(1));
    calls[0]!.settle();
    await idle();
    save();
    await waitFor(() => expect(calls).toHaveLength(2));
    // Answered: the next save is a new action with a new key.
    expect(calls[1]!.key).not.toBe(calls[0]!.key);
    expect(calls[0]!.key).toMatch(/^[\x21-\x7e]{1,100}$/);
  });

  it('the save after a lost answer is its retry: the same key, so the server applies it once', async () => {
    const { calls, onSubmit } = manualSave();
    const { form, save } = renderDialog(onSubmit);
    save();
    await waitFor(() => expect(calls).toHaveLength(1));
    calls[0]!.settle(lost());
    expect(await within(form).findByRole('alert')).toBeTruthy();
    save();
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.key).toBe(calls[0]!.key);
  });

  it('a save the server refused ends the action: the corrected save has a new key', async () => {
    const { calls, onSubmit } = manualSave();
    const { form, save } = renderDialog(onSubmit);
    save();
    await waitFor(() => expect(calls).toHaveLength(1));
    calls[0]!.settle(new ApiError('PLATFORM.DUPLICATE', '部门名称已存在', 409, false, 'deptName'));
    expect((await within(form).findByRole('alert')).textContent).toBe('部门名称已存在');
    save();
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.key).not.toBe(calls[0]!.key);
  });
});
