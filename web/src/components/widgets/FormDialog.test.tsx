import { ApiError } from '@dpms/http-client';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
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

describe('FormDialog checks with the wire schema the server validates with', () => {
  const schema = z.object({
    deptName: z
      .string()
      .trim()
      .min(1, '部门名称不能为空')
      .max(30, '部门名称长度不能超过 30 个字符'),
    orderNum: z.preprocess((v) => (v === '' ? undefined : Number(v)), z.number().int().min(0)),
    email: z.union([z.literal(''), z.email('邮箱格式不正确')]).optional(),
    leader: z.string().max(20).optional(),
  });
  const fields = [
    { key: 'deptName', label: '部门名称' },
    { key: 'orderNum', label: '显示排序' },
    { key: 'email', label: '邮箱' },
    { key: 'leader', label: '负责人', required: true },
  ];
  const open = (initial: FormValues, onSubmit = manualSave().onSubmit) => {
    render(
      <FormDialog
        open
        title="添加部门"
        fields={fields}
        schema={{ schema }}
        initial={initial}
        onSubmit={onSubmit}
        onClose={() => undefined}
      />,
    );
    const form = screen.getByTestId('form-dialog');
    return {
      form,
      save: () => fireEvent.click(within(form).getByRole('button', { name: '确定' })),
      /** The problem shown beside a field (its row: the label and the input's column). */
      errorOf: (label: string) =>
        within(form).getByText(label).parentElement?.querySelector('[role=alert]')?.textContent ??
        null,
    };
  };
  const marked = (form: HTMLElement) =>
    within(form)
      .getAllByText('*')
      .map((star) => star.parentElement?.textContent?.replace('*', ''));

  it('marks exactly the fields the schema refuses blank', () => {
    const { form } = open({});
    expect(marked(form)).toEqual(['部门名称', '显示排序']);
  });

  it('does not mark a choice whose blank the save leaves out, though its id refuses blank text', () => {
    const withLeader = z.object({
      deptName: z.string().trim().min(1, '部门名称不能为空'),
      leaderUserId: z.number().int().positive().nullable().optional(),
    });
    render(
      <FormDialog
        open
        title="添加部门"
        fields={[
          { key: 'deptName', label: '部门名称' },
          { key: 'leaderUserId', label: '负责人', type: 'select', options: [] },
        ]}
        schema={{
          schema: withLeader,
          bodyOf: (v) => ({
            deptName: v.deptName,
            ...(v.leaderUserId ? { leaderUserId: Number(v.leaderUserId) } : {}),
          }),
        }}
        initial={{}}
        onSubmit={manualSave().onSubmit}
        onClose={() => undefined}
      />,
    );
    expect(marked(screen.getByTestId('form-dialog'))).toEqual(['部门名称']);
  });

  it('shows every field problem at once beside its field, and sends nothing', async () => {
    const { calls, onSubmit } = manualSave();
    const { form, save, errorOf } = open(
      { deptName: ' ', orderNum: '', email: 'not-mail', leader: '' },
      onSubmit,
    );
    save();
    expect(await within(form).findByText('部门名称不能为空')).toBeTruthy();
    expect(errorOf('部门名称')).toBe('部门名称不能为空');
    expect(errorOf('显示排序')).toBe('显示排序不能为空');
    expect(errorOf('邮箱')).toBe('邮箱格式不正确');
    expect(errorOf('负责人')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it("puts a server 400's errors[] on their fields", async () => {
    const { calls, onSubmit } = manualSave();
    const { form, save, errorOf } = open({ deptName: '暖通所', orderNum: '1' }, onSubmit);
    save();
    await waitFor(() => expect(calls).toHaveLength(1));
    calls[0]!.settle(
      new ApiError('HTTP.BAD_REQUEST', '部门名称已存在', 400, false, 'deptName', [
        { field: 'deptName', message: '部门名称已存在' },
        { field: 'orderNum', message: '显示排序不能大于 9999' },
      ]),
    );
    await waitFor(() => expect(errorOf('显示排序')).toBe('显示排序不能大于 9999'));
    expect(errorOf('部门名称')).toBe('部门名称已存在');
    // Both are beside their fields: no second copy under the form.
    expect(within(form).getAllByRole('alert')).toHaveLength(2);
  });
});
