import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@dpms/http-client';
import { useState, type ChangeEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { PageCard } from '../../components/ui/Page';
import { FilePreviewDialog, type PreviewFile } from '../../components/widgets/FilePreviewDialog';
import { imageSource } from '@dpms/core';
import { useInstituteClock } from '../../components/time/institute-clock';
import { PasswordForm, ProfileInfoForm } from './ProfileForms';
import { SignaturePad } from './SignaturePad';

type Tab = 'info' | 'password' | 'signature';

/** 个人中心: profile, password, avatar and the signature image approvals are signed with. */
export function ProfilePage() {
  const users = useService(TOKENS.UserGateway);
  const clock = useInstituteClock();
  const feedback = useService(TOKENS.Feedback);
  const profile = useQuery({ queryKey: ['profile'], queryFn: () => users.profile() });
  // `?tab=signature` opens 签名 directly: the approval screens link there.
  const [params] = useSearchParams();
  const [tab, setTab] = useState<Tab>(params.get('tab') === 'signature' ? 'signature' : 'info');
  const [preview, setPreview] = useState<PreviewFile | null>(null);
  const user = profile.data?.user;

  const uploadAvatar = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    if (!/\.(png|jpe?g)$/i.test(file.name))
      return feedback.error('文件格式错误，请上传图片类型,如：JPG，PNG后缀的文件。');
    const data = new FormData();
    data.append('avatarfile', file);
    try {
      await users.uploadAvatar(data);
      feedback.success('修改成功');
      void profile.refetch();
    } catch (err) {
      feedback.error(errorMessage(err));
    }
  };

  const rows: [string, string | undefined | null][] = [
    ['用户名称', user?.userName],
    ['手机号码', user?.phonenumber],
    ['用户邮箱', user?.email],
    ['所属部门', user?.dept?.deptName],
    ['所属角色', profile.data?.roleGroup],
    ['创建日期', clock.date(user?.createTime)],
  ];
  return (
    <div className="grid gap-4 lg:grid-cols-[20rem_1fr]">
      <PageCard title="个人信息">
        <div className="mb-4 flex flex-col items-center gap-2">
          <button
            type="button"
            className="size-24 overflow-hidden rounded-full bg-brand-100 text-3xl text-brand-700"
            onClick={() => user?.avatar && setPreview({ name: 'avatar.png', url: user.avatar })}
            aria-label="查看头像"
          >
            {imageSource(user?.avatar) ? (
              <img src={imageSource(user?.avatar)} alt="头像" className="size-full object-cover" />
            ) : (
              (user?.nickName ?? '').slice(0, 1)
            )}
          </button>
          <label className="cursor-pointer text-sm text-brand-600 hover:underline">
            修改头像
            <input
              type="file"
              accept=".png,.jpg,.jpeg"
              className="sr-only"
              onChange={(e) => void uploadAvatar(e)}
            />
          </label>
        </div>
        <dl className="divide-y divide-line text-sm">
          {rows.map(([k, v]) => (
            <div key={k} className="flex justify-between gap-3 py-2.5">
              <dt className="text-ink-soft">{k}</dt>
              <dd className="text-right text-ink">{v || '-'}</dd>
            </div>
          ))}
        </dl>
      </PageCard>
      <PageCard title="基本资料">
        <div role="tablist" className="mb-4 flex gap-4 border-b border-line">
          {(
            [
              ['info', '基本资料'],
              ['password', '修改密码'],
              ['signature', '签名'],
            ] as const
          ).map(([key, label]) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={tab === key}
              onClick={() => setTab(key)}
              className={`-mb-px border-b-2 px-1 pb-2 text-sm ${tab === key ? 'border-brand-500 text-brand-600' : 'border-transparent text-ink-soft'}`}
            >
              {label}
            </button>
          ))}
        </div>
        {tab === 'signature' ? (
          <SignatureSection />
        ) : tab === 'info' ? (
          user && (
            <ProfileInfoForm key={user.userId} user={user} onSaved={() => void profile.refetch()} />
          )
        ) : (
          <PasswordForm />
        )}
      </PageCard>
      <FilePreviewDialog file={preview} onClose={() => setPreview(null)} />
    </div>
  );
}

/**
 * 签名: the image every approval the user signs from now on carries. Signatures already given
 * keep the image they were given with (the server stores it with the action). Drawn on the pad
 * or uploaded, it goes through the same route.
 */
function SignatureSection() {
  const approvals = useService(TOKENS.ApprovalGateway);
  const feedback = useService(TOKENS.Feedback);
  const clock = useInstituteClock();
  const current = useQuery({ queryKey: ['my-signature'], queryFn: () => approvals.signature() });
  const [busy, setBusy] = useState(false);
  const send = async (image: Blob, name: string) => {
    const data = new FormData();
    data.append('signaturefile', image, name);
    setBusy(true);
    try {
      await approvals.uploadSignature(data);
      feedback.success('签名已更新');
      await current.refetch();
    } catch (err) {
      feedback.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!/\.(png|jpe?g)$/i.test(file.name))
      return feedback.error('签名图片只能是 png、jpg、jpeg 格式');
    if (file.size > 512 * 1024) return feedback.error('签名图片不能超过 512KB');
    await send(file, file.name);
  };
  const url = current.data?.signUrl ?? null;
  const setAt = current.data?.setAt ?? null;
  return (
    <div className="space-y-4" data-testid="signature-section">
      {current.isSuccess && !url && (
        <p
          role="note"
          className="rounded-card border border-warn-500/40 bg-warn-50 px-3 py-2 text-sm text-ink"
          data-testid="signature-invite"
        >
          您还没有签名。审批签署时，审批单和合同文书的签名栏会显示签署人的签名图片、姓名和时间；
          没有签名则只显示姓名和时间。请在下方手写或上传您的签名。
        </p>
      )}
      <section aria-label="当前签名" className="max-w-lg space-y-1">
        <h3 className="text-sm font-medium text-ink">当前签名</h3>
        <div className="flex h-28 items-center justify-center rounded-card border border-dashed border-line-strong bg-canvas">
          {imageSource(url) ? (
            <img
              src={imageSource(url)}
              alt="我的签名"
              className="max-h-24 max-w-full object-contain"
              data-testid="my-signature"
            />
          ) : (
            <span className="text-sm text-muted">尚未设置签名</span>
          )}
        </div>
        {url && setAt && (
          <p className="text-xs text-muted" data-testid="my-signature-time">
            设置于 {clock.instant(setAt)}
          </p>
        )}
      </section>
      <p className="text-sm text-ink-soft">
        签名图片用于审批签署：此后签署的审批使用新图片，已签署的审批保留签署时的图片。
      </p>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,30rem)_1fr]">
        <section aria-label="手写签名" className="space-y-2">
          <h3 className="text-sm font-medium text-ink">手写签名</h3>
          <p className="text-xs text-muted">用鼠标、手写笔或手指在框内书写，保存时自动裁去空白。</p>
          <SignaturePad busy={busy} onSave={(png) => send(png, 'signature.png')} />
        </section>
        <section aria-label="上传签名" className="space-y-2">
          <h3 className="text-sm font-medium text-ink">上传签名</h3>
          <p className="text-xs text-muted">
            支持 png、jpg、jpeg，不超过 512KB，建议使用透明背景。
          </p>
          <label
            className={`inline-flex h-9 cursor-pointer items-center rounded-control border border-brand-500 bg-brand-500 px-4 text-white hover:bg-brand-600 ${busy ? 'pointer-events-none opacity-50' : ''}`}
          >
            {url ? '更换签名' : '上传签名'}
            <input
              type="file"
              accept=".png,.jpg,.jpeg"
              className="sr-only"
              aria-label="上传签名图片"
              onChange={(e) => void upload(e)}
            />
          </label>
        </section>
      </div>
    </div>
  );
}
