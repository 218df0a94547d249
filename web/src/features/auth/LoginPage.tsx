import { afterLoginLocation, LOGIN_REDIRECT_PARAM } from '@dpms/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@dpms/http-client';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { Button } from '../../components/ui/Button';

const MESSAGES = {
  username: '请输入您的账号',
  password: '请输入您的密码',
  code: '请输入验证码',
};

/** Sign in with user name, password, role and (when enabled) the captcha. */
export function LoginPage() {
  const auth = useService(TOKENS.AuthGateway);
  const session = useService(TOKENS.Session);
  const startup = useService(TOKENS.Startup);
  const [params] = useSearchParams();
  const [form, setForm] = useState({ username: '', password: '', role: '', code: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof form, string>>>({});
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (form.username.trim() === '') next.username = MESSAGES.username;
    if (form.password === '') next.password = MESSAGES.password;
    if (captchaOn && form.code.trim() === '') next.code = MESSAGES.code;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    setFailure('');
    try {
      await session.login({
        username: form.username.trim(),
        password: form.password,
        role: form.role,
        ...(captchaOn ? { code: form.code.trim(), uuid: captcha.data?.uuid ?? '' } : {}),
      });
      session.reload(afterLoginLocation(params.get(LOGIN_REDIRECT_PARAM)));
    } catch (error) {
      setBusy(false);
      setFailure(errorMessage(error));
      if (captchaOn) {
        setForm((f) => ({ ...f, code: '' }));
        void captcha.refetch();
      }
    }
  };

  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
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
          onSubmit={(e) => void submit(e)}
          className="space-y-4 p-8 sm:p-10"
          noValidate
          aria-label="登录"
        >
          <div>
            <h1 className="text-2xl font-semibold text-ink">账号登录</h1>
            <p className="mt-1 text-sm text-muted md:hidden">{startup.platformName()}</p>
          </div>
          <div>
            <label className="mb-1 block text-sm text-ink-soft" htmlFor="login-username">
              账号
            </label>
            <input
              id="login-username"
              className="input h-10"
              autoComplete="username"
              placeholder="账号"
              value={form.username}
              onChange={set('username')}
              maxLength={30}
            />
            {errors.username && (
              <p role="alert" className="mt-1 text-xs text-danger-600">
                {errors.username}
              </p>
            )}
          </div>
          <div>
            <label className="mb-1 block text-sm text-ink-soft" htmlFor="login-password">
              密码
            </label>
            <input
              id="login-password"
              className="input h-10"
              type="password"
              autoComplete="current-password"
              placeholder="密码"
              value={form.password}
              onChange={set('password')}
              maxLength={64}
            />
            {errors.password && (
              <p role="alert" className="mt-1 text-xs text-danger-600">
                {errors.password}
              </p>
            )}
          </div>
          <div>
            <label className="mb-1 block text-sm text-ink-soft" htmlFor="login-role">
              角色
            </label>
            <select id="login-role" className="input h-10" value={form.role} onChange={set('role')}>
              <option value="">默认角色</option>
              {(roles.data ?? []).map((r) => (
                <option key={r.roleId} value={r.roleId}>
                  {r.roleName}
                </option>
              ))}
            </select>
          </div>
          {captchaOn && (
            <div>
              <label className="mb-1 block text-sm text-ink-soft" htmlFor="login-code">
                验证码
              </label>
              <div className="flex gap-2">
                <input
                  id="login-code"
                  className="input h-10"
                  autoComplete="off"
                  placeholder="验证码"
                  value={form.code}
                  onChange={set('code')}
                  maxLength={10}
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
              {errors.code && (
                <p role="alert" className="mt-1 text-xs text-danger-600">
                  {errors.code}
                </p>
              )}
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
