import { useState } from 'react';
import { Link } from 'react-router';
import { useNotifyView, useSession } from '../../app/hooks';
import { HasPermi } from '../../components/auth/Access';
import { ContractYearChart } from '../../components/chart/ContractYearChart';
import { SvgIcon } from '../../components/icons/SvgIcon';
import { Button } from '../../components/ui/Button';
import { PageCard } from '../../components/ui/Page';
import { FilePreviewDialog, type PreviewFile } from '../../components/widgets/FilePreviewDialog';
import { TipsDialog, type TipType } from '../../components/widgets/TipsDialog';

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
            {[
              ['/user/profile', '个人中心', 'account'],
              ['/project/main', '项目主页', 'project'],
              ['/job/log', '调度日志', 'monitor'],
            ].map(([to, label, icon]) => (
              <Link
                key={to}
                to={to!}
                className="flex items-center gap-2 rounded-control border border-line px-3 py-2 text-sm text-ink hover:border-brand-400 hover:text-brand-600"
              >
                <SvgIcon name={icon} className="size-4" />
                {label}
              </Link>
            ))}
          </div>
        </PageCard>
      </div>
      <TipsDialog open={tips} onClose={() => setTips(false)} types={TIPS} />
      <FilePreviewDialog file={preview} onClose={() => setPreview(null)} />
    </div>
  );
}
