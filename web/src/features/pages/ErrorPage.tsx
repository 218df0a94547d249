import { Link } from 'react-router';

const TEXT = {
  '404': {
    title: '404',
    head: '找不到网页！',
    body: '对不起，您正在寻找的页面不存在。请检查您输入的网址是否正确，或返回首页。',
  },
  '401': {
    title: '401',
    head: '您没有访问权限！',
    body: '对不起，您没有访问权限，请不要进行非法操作！您可以返回主页面。',
  },
  auth: { title: '提示', head: '暂不支持该登录方式', body: '请使用账号和密码登录本系统。' },
} as const;

export function ErrorPage({ code }: { code: keyof typeof TEXT }) {
  const t = TEXT[code];
  return (
    <div className="flex min-h-full items-center justify-center bg-canvas p-6">
      <div className="max-w-md text-center">
        <p className="text-7xl font-bold text-brand-200">{t.title}</p>
        <h1 className="mt-4 text-2xl font-semibold text-ink">{t.head}</h1>
        <p className="mt-2 text-ink-soft">{t.body}</p>
        <Link
          to={code === 'auth' ? '/login' : '/'}
          className="mt-6 inline-flex h-9 items-center rounded-control bg-brand-500 px-5 text-white hover:bg-brand-600"
        >
          {code === 'auth' ? '去登录' : '返回首页'}
        </Link>
      </div>
    </div>
  );
}
