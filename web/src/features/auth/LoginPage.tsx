import { afterLoginLocation, LOGIN_REDIRECT_PARAM, SIGN_IN_LIMITS } from '@dpms/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@dpms/http-client';
import { loginFormBody, requiredSignInFields } from '@dpms/wire';
import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { Button } from '../../components/ui/Button';
import { landRefusal, useWireForm } from '../../components/form/wire-form';

interface LoginFormValues {
  username: string;
  password: string;
  role: string;
  code: string;
}

const EMPTY: LoginFormValues = { username: '', password: '', role: '', code: '' };
const FIELDS = ['username', 'password', 'role', 'code'] as const;

/**
 * Sign in with user name, password, role and (when enabled) the captcha. The form checks with the
 * @dpms/wire body /login reads (`loginFormBody`, the captcha required while it is on), so every
 * blank shows its message (core's 请输入您的账号 / 请输入您的密码 / 请输入验证码) beside its field
 * at once, and nothing is sent; a refusal of a field by the server (a wrong captcha) lands beside
 * that field, any other (a wrong password) above the button. A failed try spends the captcha, so
 * a new one is fetched and its box emptied.
 */
export function LoginPage() {
  const auth = useService(TOKENS.AuthGateway);
  const session = useService(TOKENS.Session);
  const startup = useService(TOKENS.Startup);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const captcha = useQuery({
    queryKey: ['captcha'],
    queryFn: () => auth.captcha(),
    staleTime: 0,
    retry: false,
  });
  const roles = useQuery({
    queryKey: ['signInRoles'],
    queryFn: () => auth.signInRoles(),
    retry: false,
  });
  const captchaOn = captcha.data?.captchaEnabled ?? false;
  // The check runs when the button is pressed: it reads the captcha as it is then.
  const captchaNow = useRef({ on: captchaOn, uuid: captcha.data?.uuid ?? '' });
  captchaNow.current = { on: captchaOn, uuid: captcha.data?.uuid ?? '' };
  const bodyOf = (v: LoginFormValues) => ({
    username: v.username,
    password: v.password,
    role: v.role,
    ...(captchaNow.current.on ? { code: v.code, uuid: captchaNow.current.uuid } : {}),
  });
  const { form } = useWireForm<LoginFormValues>(() => loginFormBody(captchaNow.current.on), EMPTY, {
    bodyOf,
  });
  const { register, handleSubmit, setError, setValue, formState } = form;
  const errors = formState.errors;
  const required = new Set<string>(requiredSignInFields({ captcha: captchaOn }));

  const signIn = async (values: LoginFormValues) => {
    setBusy(true);
    setFailure('');
    const body = bodyOf(values);
    try {
      await session.login({
        ...body,
        username: body.username.trim(),
        ...(body.code === undefined ? {} : { code: body.code.trim() }),
      });
      // Into the app without loading the page again: the login page always starts from a fresh
      // load (sign-out, an expired session and a role switch reload), so nothing of another
      // session is held, and the shell reads the new session's info and routes as it mounts.
      void navigate(afterLoginLocation(params.get(LOGIN_REDIRECT_PARAM)), { replace: true });
    } catch (error) {
      setBusy(false);
      if (captchaNow.current.on) {
        setValue('code', '');
        void captcha.refetch();
      }
      if (!landRefusal(error, FIELDS, setError)) setFailure(errorMessage(error));
    }
  };

  /** A field's label (with core's required mark) and its problem beside it. */
  const label = (field: keyof LoginFormValues, text: string) => (
    <label className="mb-1 block text-sm text-ink-soft" htmlFor={`login-${field}`}>
      {required.has(field) && <span className="mr-0.5 text-danger-500">*</span>}
      {text}
    </label>
  );
  const problem = (field: keyof LoginFormValues) => {
    const message = errors[field]?.message;
    return message ? (
      <p role="alert" id={`login-${field}-error`} className="mt-1 text-xs text-danger-600">
        {message}
      </p>
    ) : null;
  };
  const invalid = (field: keyof LoginFormValues) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `login-${field}-error` } : {};

  return (
    <div className="flex min-h-full items-center justify-center bg-[radial-gradient(ellipse_at_top_left,var(--color-brand-100),transparent_60%),linear-gradient(160deg,#f4f7fc,#e9eef7)] p-4">
      <div className="grid w-full max-w-4xl overflow-hidden rounded-2xl bg-surface shadow-pop md:grid-cols-[1.1fr_1fr]">
        <section className="hidden flex-col justify-between bg-sidebar p-10 text-white md:flex">
          <div className="flex items-center gap-3">
            <span className="flex size-10 items-center justify-center rounded-card bg-brand-500 text-lg font-bold">
              设
            </span>
            <span className="text-xl font-semibold">{startup.platformName()}</span>
          </div>
          <div className="space-y-3">
            <h2 className="text-2xl leading-snug font-semibold">
              合同、任务与审批
              <br />
              一处办理
            </h2>
            <p className="text-sm leading-relaxed text-sidebar-text">
              审批单据逐级签批，合同从未签约、申报到正式合同全程可查，资金与费用拆分精确到分。
            </p>
          </div>
          <p className="text-xs text-sidebar-text/70">设计院内部业务管理平台</p>
        </section>
        <form
          onSubmit={(e) => void handleSubmit(signIn)(e)}
          className="space-y-4 p-8 sm:p-10"
          noValidate
          aria-label="登录"
        >
          <div>
            <h1 className="text-2xl font-semibold text-ink">账号登录</h1>
            <p className="mt-1 text-sm text-muted md:hidden">{startup.platformName()}</p>
          </div>
          <div>
            {label('username', '账号')}
            <input
              id="login-username"
              className="input h-10"
              autoComplete="username"
              placeholder="账号"
              maxLength={SIGN_IN_LIMITS.username}
              {...invalid('username')}
              {...register('username')}
            />
            {problem('username')}
          </div>
          <div>
            {label('password', '密码')}
            <input
              id="login-password"
              className="input h-10"
              type="password"
              autoComplete="current-password"
              placeholder="密码"
              maxLength={SIGN_IN_LIMITS.password}
              {...invalid('password')}
              {...register('password')}
            />
            {problem('password')}
          </div>
          <div>
            {label('role', '角色')}
            <select
              id="login-role"
              className="input h-10"
              {...invalid('role')}
              {...register('role')}
            >
              <option value="">默认角色</option>
              {(roles.data ?? []).map((r) => (
                <option key={r.roleId} value={r.roleId}>
                  {r.roleName}
                </option>
              ))}
            </select>
            {problem('role')}
          </div>
          {captchaOn && (
            <div>
              {label('code', '验证码')}
              <div className="flex gap-2">
                <input
                  id="login-code"
                  className="input h-10"
                  autoComplete="off"
                  placeholder="验证码"
                  maxLength={SIGN_IN_LIMITS.code}
                  {...invalid('code')}
                  {...register('code')}
                />
                <button
                  type="button"
                  onClick={() => void captcha.refetch()}
                  className="h-10 w-32 shrink-0 overflow-hidden rounded-control border border-line"
                  aria-label="看不清，换一张"
                >
                  {captcha.data?.img && (
                    <img src={captcha.data.img} alt="验证码" className="size-full object-cover" />
                  )}
                </button>
              </div>
              {problem('code')}
            </div>
          )}
          {failure && (
            <p
              role="alert"
              data-testid="login-error"
              className="rounded-control bg-danger-50 px-3 py-2 text-sm text-danger-600"
            >
              {failure}
            </p>
          )}
          <Button type="submit" variant="primary" loading={busy} className="h-10! w-full">
            {busy ? '登 录 中...' : '登 录'}
          </Button>
        </form>
      </div>
    </div>
  );
}
