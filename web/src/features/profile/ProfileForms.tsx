import type { SysUser } from '@dpms/http-client';
import { passwordChangeBody, profileUpdateBody, type ProfileUpdateBody } from '@dpms/wire';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { ActionKeys } from '../../components/crud/action-keys';
import { landRefusal, wireResolver } from '../../components/form/wire-form';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { schemaRequires } from '../../components/widgets/FormDialog';

interface InfoValues {
  nickName: string;
  phonenumber: string;
  email: string;
  sex: string;
}
const INFO_FIELDS = ['nickName', 'phonenumber', 'email', 'sex'] as const;

/**
 * 基本资料: the caller's name, phone, email and sex, checked with the wire body the server
 * validates with (profileUpdateBody through zodResolver): 用户昵称 is marked required as the
 * schema refuses it blank, every field's problem shows at once beside it, in core's words, and
 * the server's refusal of a field lands on that field. The save keeps one Idempotency-Key until
 * it is answered, so a retry after a lost answer is applied once.
 */
export function ProfileInfoForm({ user, onSaved }: { user: SysUser; onSaved: () => void }) {
  const users = useService(TOKENS.UserGateway);
  const feedback = useService(TOKENS.Feedback);
  const keys = useRef(new ActionKeys());
  const [busy, setBusy] = useState(false);
  const { register, handleSubmit, setError, formState } = useForm<InfoValues>({
    defaultValues: {
      nickName: user.nickName,
      phonenumber: user.phonenumber,
      email: user.email,
      sex: user.sex,
    },
    resolver: wireResolver<InfoValues>(profileUpdateBody),
  });
  const errors = formState.errors;
  const save = async (values: InfoValues) => {
    setBusy(true);
    const outcome = await keys.current.run('profile', (key) =>
      // The values passed profileUpdateBody (the resolver), so they are its input.
      users.updateProfile(values as ProfileUpdateBody, { idempotencyKey: key }),
    );
    setBusy(false);
    if (outcome.ok) {
      feedback.success('修改成功');
      onSaved();
    } else if (!landRefusal(outcome.error, INFO_FIELDS, setError)) feedback.error(outcome.message);
  };
  const required = (k: keyof InfoValues) => schemaRequires(profileUpdateBody, k);
  return (
    <form
      className="max-w-lg space-y-3.5"
      noValidate
      onSubmit={(e) => void handleSubmit(save)(e)}
      data-testid="profile-info-form"
    >
      <Field label="用户昵称" required={required('nickName')} error={errors.nickName?.message}>
        <input className="input" aria-label="用户昵称" {...register('nickName')} />
      </Field>
      <Field
        label="手机号码"
        required={required('phonenumber')}
        error={errors.phonenumber?.message}
      >
        <input className="input" aria-label="手机号码" {...register('phonenumber')} />
      </Field>
      <Field label="邮箱" required={required('email')} error={errors.email?.message}>
        <input className="input" aria-label="邮箱" {...register('email')} />
      </Field>
      <Field label="性别" required={required('sex')} error={errors.sex?.message}>
        <select className="input" aria-label="性别" {...register('sex')}>
          <option value="0">男</option>
          <option value="1">女</option>
          <option value="2">未知</option>
        </select>
      </Field>
      <div className="sm:pl-[7.25rem]">
        <Button type="submit" variant="primary" loading={busy}>
          保存
        </Button>
      </div>
    </form>
  );
}

/**
 * 修改密码's form: the wire body (old and new password, the new one held to core's policy) and
 * the confirmation, which only the form has: it must repeat the new password.
 */
const passwordForm = passwordChangeBody
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.confirmPassword === v.newPassword, {
    message: '两次输入的密码不一致',
    path: ['confirmPassword'],
  });
type PasswordValues = z.input<typeof passwordForm>;
const PASSWORD_FIELDS = [
  ['oldPassword', '旧密码'],
  ['newPassword', '新密码'],
  ['confirmPassword', '确认密码'],
] as const;

/** 修改密码: checked with the wire body the server validates with, every problem at once. */
export function PasswordForm() {
  const users = useService(TOKENS.UserGateway);
  const feedback = useService(TOKENS.Feedback);
  const keys = useRef(new ActionKeys());
  const [busy, setBusy] = useState(false);
  const { register, handleSubmit, setError, reset, formState } = useForm<PasswordValues>({
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
    resolver: wireResolver<PasswordValues>(passwordForm),
  });
  const save = async (v: PasswordValues) => {
    setBusy(true);
    const outcome = await keys.current.run('password', (key) =>
      users.updatePwd(v.oldPassword, v.newPassword, { idempotencyKey: key }),
    );
    setBusy(false);
    if (outcome.ok) {
      feedback.success('修改成功');
      reset();
    } else if (!landRefusal(outcome.error, ['oldPassword', 'newPassword'], setError))
      feedback.error(outcome.message);
  };
  return (
    <form
      className="max-w-lg space-y-3.5"
      noValidate
      onSubmit={(e) => void handleSubmit(save)(e)}
      data-testid="password-form"
    >
      {PASSWORD_FIELDS.map(([k, label]) => (
        <Field key={k} label={label} required error={formState.errors[k]?.message}>
          <input className="input" type="password" aria-label={label} {...register(k)} />
        </Field>
      ))}
      <div className="sm:pl-[7.25rem]">
        <Button type="submit" variant="primary" loading={busy}>
          保存
        </Button>
      </div>
    </form>
  );
}
