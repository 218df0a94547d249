import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useService } from '../../app/di';
import { useNotifyView, useSession } from '../../app/hooks';
import { TOKENS } from '../../app/tokens';
import { HasPermi } from '../../components/auth/Access';
import { ContractYearChart } from '../../components/chart/ContractYearChart';
import { SvgIcon } from '../../components/icons/SvgIcon';
import { Button } from '../../components/ui/Button';
import { PageCard } from '../../components/ui/Page';
import { FilePreviewDialog, type PreviewFile } from '../../components/widgets/FilePreviewDialog';
import { TipsDialog, type TipType } from '../../components/widgets/TipsDialog';
import { useInstituteClock } from '../../components/time/institute-clock';
import { StatusPill } from '../../components/widgets/StatusPill';

/** The two stored letters of the pdf preview dialog (000 §2). */
export const LETTERS: PreviewFile[] = [
  { name: '项目经理履职责任书.pdf', url: '/files/pm-responsibility-letter.pdf' },
  { name: '设计质量承诺书.pdf', url: '/files/design-quality-commitment.pdf' },
];

const TIPS: TipType[] = [
  {
    title: '审批',
    items: ['待办审批在“审批管理 → 待我审批”中处理。', '驳回的单据可修改后重新提交。'],
  },
  {
    title: '合同',
    items: [
      '合同金额单位为万元，保留六位小数即精确到分。',
      '右侧“更多信息”面板汇总待生效、待签约与审批项目金额。',
    ],
  },
];

/**
 * 我的待办: what waits for the signed-in person, from the answer the shell already polls
 * (getNotify): approvals to sign, unread 抄送/催办, urgent design tasks and new seal results. Each
 * line leads where it is dealt with, and only to pages the person's menus grant.
 */
function WaitingCard() {
  const { notify, state } = useNotifyView();
  const plain =
    'flex items-center justify-between gap-2 rounded-control border border-line px-3 py-2 text-sm';
  const line = `${plain} hover:border-brand-400 hover:text-brand-600`;
  const count = (n: number, testId: string) => (
    <span
      data-testid={testId}
      className={`min-w-6 rounded-full px-2 text-center tabular-nums ${
        n > 0 ? 'bg-danger-500 text-white' : 'bg-line text-ink-soft'
      }`}
    >
      {n}
    </span>
  );
  return (
    <PageCard title="我的待办">
      <ul className="space-y-2">
        <HasPermi perms={['project:approval:list']}>
          <li>
            <Link to="/approval/todo" className={line}>
              待我审批{count(state.unDealCount, 'waiting-approvals')}
            </Link>
          </li>
        </HasPermi>
        <li className={plain} title="在右上角的铃铛中查看">
          未读抄送与催办{count(state.noticeCount, 'waiting-notices')}
        </li>
        {state.warnTasks.length > 0 && (
          <li>
            <button type="button" className={`${line} w-full`} onClick={() => notify.openDialog()}>
              急需处理的任务单{count(state.warnTasks.length, 'waiting-urgent')}
            </button>
          </li>
        )}
        {state.unLookSeal && (
          <HasPermi perms={['project:resultSeal:list']}>
            <li>
              <Link to="/result/resultSeal" className={line} data-testid="waiting-seal">
                成果盖章有新的审批结果
                <span className="size-2 rounded-full bg-danger-500" aria-hidden />
              </Link>
            </li>
          </HasPermi>
        )}
      </ul>
    </PageCard>
  );
}

/** 快捷入口: each offered only to those whose menus grant its page. */
const SHORTCUTS: readonly { to: string; label: string; icon: string; perm?: string }[] = [
  { to: '/user/profile', label: '个人中心', icon: 'account' },
  { to: '/project/main', label: '经营主页', icon: 'project', perm: 'project:chart:list' },
  { to: '/job/log', label: '调度日志', icon: 'monitor', perm: 'monitor:job:list' },
];

/** How many of the person's latest applications the welcome page lists. */
export const RECENT_APPROVALS = 5;

/**
 * 我的近期申请: the person's latest applications (我发起的, newest change first) with where each
 * stands, so a drafter sees a 驳回 or an 通过 without opening the approval centre.
 */
function RecentApprovalsCard() {
  const gateway = useService(TOKENS.ApprovalGateway);
  const clock = useInstituteClock();
  const recent = useQuery({
    queryKey: ['welcome-recent-approvals'],
    // 10, not RECENT_APPROVALS: lists accept only their pagers' sizes (ACCEPTED_PAGE_SIZES in
    // @dpms/wire paging.ts, smallest 10), so 5 would be a 400; the card shows the first five.
    queryFn: () =>
      gateway.mine({ pageNum: 1, pageSize: 10, orderByColumn: 'updateTime', isAsc: 'desc' }),
    retry: false,
  });
  const rows = (recent.data?.rows ?? []).slice(0, RECENT_APPROVALS);
  return (
    <PageCard
      title="我的近期申请"
      actions={
        <Link to="/approval/mine" className="text-sm text-brand-600 hover:underline">
          查看全部
        </Link>
      }
    >
      {recent.isPending ? (
        <p className="text-sm text-ink-soft">正在加载…</p>
      ) : recent.isError ? (
        <p className="text-sm text-danger-600">近期申请未能加载，请稍后刷新</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-ink-soft">还没有发起过审批</p>
      ) : (
        <ul className="space-y-2" data-testid="recent-approvals">
          {rows.map((r) => (
            <li
              key={r.approvalId}
              className="flex items-center gap-2 rounded-control border border-line px-3 py-2 text-sm"
            >
              {/* The title names the form; the card is narrow, so the title keeps the room. */}
              <span className="min-w-0 flex-1 truncate" title={r.title}>
                {r.title}
              </span>
              <StatusPill status={r.status} />
              <span className="shrink-0 tabular-nums text-ink-soft">
                {/* This year's dates without the year: 11-27 17:11. */}
                {clock.instant(r.updateTime).slice(5) || '-'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </PageCard>
  );
}

export function WelcomePage() {
  const { session } = useSession();
  const [tips, setTips] = useState(false);
  const [preview, setPreview] = useState<PreviewFile | null>(null);
  const hour = new Date().getHours();
  const greeting = hour < 12 ? '上午好' : hour < 18 ? '下午好' : '晚上好';
  return (
    <div className="space-y-4">
      <section className="card flex flex-wrap items-center justify-between gap-4 p-5">
        <div>
          <h1 className="text-2xl font-semibold text-ink">
            {greeting}，{session.userInfo?.nickName || session.userName}
          </h1>
          <p className="mt-1 text-ink-soft">欢迎使用设计项目管理系统，祝您工作顺利。</p>
        </div>
        <Button onClick={() => setTips(true)}>使用提示</Button>
      </section>
      <div className="grid gap-4 lg:grid-cols-3">
        <HasPermi perms={['project:chart:list']}>
          <ContractYearChart className="lg:col-span-2 lg:row-span-2" />
        </HasPermi>
        <WaitingCard />
        <HasPermi perms={['project:approvalMine:list']}>
          <RecentApprovalsCard />
        </HasPermi>
        <PageCard title="承诺书与责任书">
          <ul className="space-y-2">
            {LETTERS.map((file) => (
              <li
                key={file.url}
                className="flex items-center justify-between gap-2 rounded-control border border-line px-3 py-2"
              >
                <span className="flex min-w-0 items-center gap-2">
                  <SvgIcon name="resultFile" className="size-4 shrink-0 text-brand-500" />
                  <span className="truncate text-sm">{file.name}</span>
                </span>
                <Button size="sm" variant="text" onClick={() => setPreview(file)}>
                  预览
                </Button>
              </li>
            ))}
          </ul>
        </PageCard>
        <PageCard title="快捷入口">
          <div className="flex flex-wrap gap-2">
            {SHORTCUTS.map(({ to, label, icon, perm }) => {
              const link = (
                <Link
                  key={to}
                  to={to}
                  className="flex items-center gap-2 rounded-control border border-line px-3 py-2 text-sm text-ink hover:border-brand-400 hover:text-brand-600"
                >
                  <SvgIcon name={icon} className="size-4" />
                  {label}
                </Link>
              );
              return perm ? (
                <HasPermi key={to} perms={[perm]}>
                  {link}
                </HasPermi>
              ) : (
                link
              );
            })}
          </div>
        </PageCard>
      </div>
      <TipsDialog open={tips} onClose={() => setTips(false)} types={TIPS} />
      <FilePreviewDialog file={preview} onClose={() => setPreview(null)} />
    </div>
  );
}
