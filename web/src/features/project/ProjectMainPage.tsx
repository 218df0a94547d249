import { useQuery } from '@tanstack/react-query';
import {
  contractDetailsNavigation,
  toggleSidePanel,
  SIDE_PANEL_INITIAL,
  visibleSidePanelGroups,
  type SidePanelState,
} from '@dpms/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useService } from '../../app/di';
import { useSession } from '../../app/hooks';
import { TOKENS } from '../../app/tokens';
import { usePageTitle } from '../../app/view-context';
import { ContractYearChart } from '../../components/chart/ContractYearChart';
import { Button } from '../../components/ui/Button';
import { PageCard } from '../../components/ui/Page';

/** `/project/contract/summary`: the side panel's totals in 万元, decimal strings (000 §4). */
type Summary = Record<string, string | null | undefined>;

/** 项目主页 with the contract summary side panel (更多信息). */
export function ProjectMainPage() {
  const title = usePageTitle('经营主页');
  const http = useService(TOKENS.Http);
  const storage = useService(TOKENS.SessionStorage);
  const scheduler = useService(TOKENS.Scheduler);
  const { session } = useSession();
  const navigate = useNavigate();
  const [panel, setPanel] = useState<SidePanelState>(SIDE_PANEL_INITIAL);
  const summary = useQuery({
    queryKey: ['contractSummary'],
    queryFn: async () =>
      ((await http.get('/project/contract/summary', { quiet: true }))['data'] ?? {}) as Summary,
    retry: false,
  });
  const groups = visibleSidePanelGroups(session.roles);
  const details = (type: string) => {
    const nav = contractDetailsNavigation(type);
    for (const write of nav.sessionWrites) storage.write(write.key, write.value);
    void navigate(nav.path);
  };
  const value = (key: string) => {
    const v = summary.data?.[key];
    return v === undefined || v === null || v === '' ? '-' : String(v);
  };
  return (
    <div className="relative space-y-4">
      <PageCard
        title={title}
        actions={
          <Button onClick={() => setPanel((s) => toggleSidePanel(s, scheduler.now()))}>
            更多信息
          </Button>
        }
      >
        <p className="text-ink-soft">
          在右侧“更多信息”面板查看待生效、待签约与审批项目的金额汇总（单位：万元）。
        </p>
      </PageCard>
      <ContractYearChart />
      <button
        type="button"
        data-testid="side-panel-handle"
        aria-expanded={panel.open}
        aria-controls="contract-side-panel"
        onClick={() => setPanel((s) => toggleSidePanel(s, scheduler.now()))}
        className={`fixed top-1/2 z-30 -translate-y-1/2 rounded-l-card bg-brand-500 px-1.5 py-3 text-xs leading-tight text-white shadow-pop transition-[right] duration-300 [writing-mode:vertical-rl] hover:bg-brand-600 ${panel.open ? 'right-80' : 'right-0'}`}
      >
        {panel.open ? '收起' : '更多信息'}
      </button>
      <aside
        id="contract-side-panel"
        data-testid="side-panel"
        data-open={panel.open}
        data-loaded={summary.isSuccess}
        aria-hidden={!panel.open}
        className={`fixed top-14 right-0 bottom-0 z-20 w-80 overflow-y-auto border-l border-line bg-surface p-4 shadow-pop transition-transform duration-300 ${panel.open ? 'translate-x-0' : 'translate-x-full'}`}
      >
        <h2 className="mb-3 text-lg font-semibold">合同金额汇总</h2>
        <div className="space-y-3">
          {groups.map((g) => (
            <section key={g.key} data-group={g.key} className="rounded-card border border-line p-3">
              <div className="mb-2 flex items-center justify-between">
                <h3 className="font-medium text-ink">{g.title}</h3>
                {g.detailsType && (
                  <Button size="sm" variant="text" onClick={() => details(g.detailsType!)}>
                    详情
                  </Button>
                )}
              </div>
              <dl className="space-y-1 text-sm">
                {g.fields.map((f) => (
                  <div key={f.key} className="flex justify-between">
                    <dt className="text-ink-soft">{f.label}</dt>
                    <dd className="font-medium text-ink tabular-nums" data-field={f.key}>
                      {value(f.key)}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
      </aside>
    </div>
  );
}
