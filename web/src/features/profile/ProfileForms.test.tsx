import { ApiError } from '@dpms/http-client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { PasswordForm, ProfileInfoForm } from './ProfileForms';
import { OK, USER } from './test-profile';

/** The message beside a field: the alert in its input's own box. */
const besideField = (form: HTMLElement, label: string) =>
  within(within(form).getByLabelText(label).parentElement!).queryByRole('alert')?.textContent;

describe('个人中心 checks with the wire bodies the server validates with', () => {
  it('marks 用户昵称 required and shows every field problem at once, sending nothing', async () => {
    const fake = new FakeApi({ '/system/user/profile': () => OK });
    renderWithApi(<ProfileInfoForm user={USER} onSaved={() => undefined} />, fake);
    const form = screen.getByTestId('profile-info-form');
    const nick = within(form).getByLabelText('用户昵称');
    expect(within(form).getByText('用户昵称').textContent).toContain('*');
    fireEvent.change(nick, { target: { value: ' ' } });
    fireEvent.change(within(form).getByLabelText('邮箱'), { target: { value: 'x@' } });
    fireEvent.change(within(form).getByLabelText('手机号码'), { target: { value: 'abc' } });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(besideField(form, '用户昵称')).toBe('用户名称不能为空'));
    expect(besideField(form, '邮箱')).toBe('邮箱不是有效的邮箱地址');
    expect(besideField(form, '手机号码')).toBe('手机号码只能包含数字、+、- 和空格，5 至 20 位');
    expect(fake.calls).toHaveLength(0);
  });

  it("puts a server 400's errors[] on their fields", async () => {
    const message = '邮箱已被其他用户使用';
    const fake = new FakeApi({
      '/system/user/profile': () => {
        throw new ApiError('HTTP.400', message, 400, false, 'email', [{ field: 'email', message }]);
      },
    });
    renderWithApi(<ProfileInfoForm user={USER} onSaved={() => undefined} />, fake);
    const form = screen.getByTestId('profile-info-form');
    fireEvent.change(within(form).getByLabelText('邮箱'), { target: { value: 'a@b.cn' } });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(besideField(form, '邮箱')).toBe(message));
    expect(fake.sent('/system/user/profile')[0]).toMatchObject({
      email: 'a@b.cn',
      nickName: '员工',
    });
  });

  it('holds the new password to core’s policy and the confirmation to the new password', async () => {
    const fake = new FakeApi({ '/system/user/profile/updatePwd': () => OK });
    renderWithApi(<PasswordForm />, fake);
    const form = screen.getByTestId('password-form');
    fireEvent.change(within(form).getByLabelText('新密码'), { target: { value: '12345' } });
    fireEvent.change(within(form).getByLabelText('确认密码'), { target: { value: '54321' } });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(besideField(form, '旧密码')).toBe('旧密码不能为空'));
    expect(besideField(form, '新密码')).toBe('密码长度必须在 6 到 20 个字符之间');
    expect(besideField(form, '确认密码')).toBe('两次输入的密码不一致');
    expect(fake.calls).toHaveLength(0);
  });

  it('a retry after a lost answer sends the same Idempotency-Key', async () => {
    const keys: unknown[] = [];
    let first = true;
    const fake = new FakeApi({
      '/system/user/profile/updatePwd': () => {
        if (first) {
          first = false;
          throw new ApiError('HTTP.TRANSPORT', '系统接口请求超时', 0, true);
        }
        return OK;
      },
    });
    const put = fake.client.put.bind(fake.client);
    fake.client.put = (
      url: string,
      body: unknown,
      options?: { headers?: Record<string, string> },
    ) => {
      keys.push(options?.headers?.['Idempotency-Key']);
      return put(url, body);
    };
    renderWithApi(<PasswordForm />, fake);
    const form = screen.getByTestId('password-form');
    fireEvent.change(within(form).getByLabelText('旧密码'), { target: { value: 'admin123' } });
    fireEvent.change(within(form).getByLabelText('新密码'), { target: { value: 'newpass123' } });
    fireEvent.change(within(form).getByLabelText('确认密码'), { target: { value: 'newpass123' } });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(keys).toHaveLength(1));
    const save = within(form).getByRole<HTMLButtonElement>('button', { name: '保存' });
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[0]).toEqual(expect.any(String));
    expect(keys[1]).toBe(keys[0]);
  });
});
