import {
  activeMenuKey,
  affixTabs,
  buildBreadcrumbs,
  buildSidebarMenu,
  canSwitchRole,
  currentRole,
  LOGOUT_CONFIRM,
  closeAllTabs,
  closeOtherTabs,
  closeTab,
  generateRoutes,
  initialTabStrip,
  matchRoute,
  openTab,
  refreshTab,
  routeRedirect,
  REDIRECT_PATH_PREFIX,
  SIDEBAR_INITIAL,
  showsSidebarMask,
  sidebarReducer,
  tabOf,
  WELCOME_PATH,
  type AppRoute,
  type MenuBadgeCounts,
  type ServerRoute,
  type TabNavigation,
  type TabStripResult,
  type TabStripState,
} from '@dpms/core';
import {
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ComponentType,
} from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useService } from '../../app/di';
import { useSession } from '../../app/hooks';
import { TOKENS } from '../../app/tokens';
import { ViewContext } from '../../app/view-context';
import { PlaceholderView, VIEWS } from '../../app/views';
import { Navbar } from './Navbar';
import { NotifyCenter, useNotifyCounts } from './NotifyCenter';
import { NotifyBell } from './NotifyBell';
import { SysNoticeBell } from './SysNoticeBell';
import { TopSearch } from './TopSearch';
import { ShellContext, type ShellApi } from './ShellContext';
import { InstituteClockProvider } from '../../components/time/institute-clock';
import { Sidebar } from './Sidebar';
import { SwitchRoleDialog } from './SwitchRoleDialog';
import { TagsView } from './TagsView';

const isMobileDevice = () =>
  /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i.test(navigator.userAgent);

function viewOf(route: AppRoute | undefined): ComponentType {
  if (!route) return PlaceholderView;
  const key = route.component.kind === 'view' ? route.component.view : '';
  return VIEWS[key] ?? PlaceholderView;
}

interface Mounted {
  path: string;
  name?: string;
  route: AppRoute;
  params: Readonly<Record<string, string>>;
  /** Bumped by 刷新页面 so the view mounts afresh. */
  generation: number;
}

/** The shell: sidebar, top bar, tab strip and the main area that keeps opened views alive. */
export function ShellLayout() {
  const { session, routes } = useSession();
  const sessionService = useService(TOKENS.Session);
  const feedback = useService(TOKENS.Feedback);
  const startup = useService(TOKENS.Startup);
  const location = useLocation();
  const navigate = useNavigate();
  const counts: MenuBadgeCounts = useNotifyCounts();
  const generated = useMemo(() => generateRoutes(routes as readonly ServerRoute[]), [routes]);
  const [tabs, setTabs] = useState<TabStripState>(() =>
    initialTabStrip(affixTabs(generated.routerRoutes)),
  );
  const [sidebar, dispatch] = useReducer(sidebarReducer, SIDEBAR_INITIAL, (s) =>
    sidebarReducer(s, {
      type: 'layoutChanged',
      isMobileDevice: isMobileDevice(),
      bodyWidth: document.body.clientWidth,
    }),
  );
  const [switchOpen, setSwitchOpen] = useState(false);
  const [platformName, setPlatformName] = useState(() => startup.platformName());
  const [timeZone, setTimeZone] = useState(() => startup.timeZone());
  useEffect(
    () =>
      startup.onLoaded(() => {
        setPlatformName(startup.platformName());
        setTimeZone(startup.timeZone());
        document.title = startup.platformName();
      }),
    [startup],
  );
  const mounted = useRef(new Map<string, Mounted>());
  const main = useRef<HTMLDivElement>(null);

  const fullPath = location.pathname + location.search;
  const match = matchRoute(generated.routerRoutes, location.pathname);
  const page = match?.chain[match.chain.length - 1];
  const redirect = location.pathname.startsWith(`${REDIRECT_PATH_PREFIX}/`)
    ? `/${location.pathname.slice(REDIRECT_PATH_PREFIX.length + 1)}${location.search}`
    : routeRedirect(generated.routerRoutes, fullPath);

  useEffect(() => {
    const onResize = () =>
      dispatch({
        type: 'layoutChanged',
        isMobileDevice: isMobileDevice(),
        bodyWidth: document.body.clientWidth,
      });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  // A page opened: its tab, and on a phone the sidebar closes.
  useEffect(() => {
    if (redirect !== undefined || !page || !page.meta?.title) return;
    setTabs((state) => openTab(state, tabOf(page, fullPath)));
    if (sidebar.device === 'mobile' && sidebar.opened) dispatch({ type: 'clickOutside' });
  }, [fullPath, redirect, page]);

  // Scroll reset on every route change.
  useEffect(() => {
    main.current?.scrollTo({ top: 0 });
  }, [location.pathname]);

  const apply = useCallback(
    (result: TabStripResult) => {
      setTabs(result.state);
      const nav: TabNavigation = result.navigation;
      if (nav.kind === 'push' || nav.kind === 'refresh') {
        if (nav.kind === 'refresh') {
          const target = nav.to.slice(REDIRECT_PATH_PREFIX.length).split('?')[0] ?? '';
          const m = mounted.current.get(target);
          if (m) m.generation += 1;
        }
        void navigate(nav.to);
      }
    },
    [navigate],
  );

  const items = useMemo(
    () =>
      buildSidebarMenu(generated.sidebarRoutes, {
        unDealCount: counts.unDealCount,
        unLookSeal: counts.unLookSeal,
      }),
    [generated.sidebarRoutes, counts.unDealCount, counts.unLookSeal],
  );

  const api: ShellApi = {
    routerRoutes: generated.routerRoutes,
    tabs,
    counts,
    closeTab: (path) => apply(closeTab(tabs, path, { dashboardPath: WELCOME_PATH })),
    closeOthers: (path) => apply(closeOtherTabs(tabs, path)),
    closeAll: () => apply(closeAllTabs(tabs, { dashboardPath: WELCOME_PATH })),
    refreshTab: (path) => apply(refreshTab(tabs, path)),
  };

  if (redirect !== undefined) return <Navigate to={redirect} replace />;

  // Keep-alive: remember the current page, forget pages whose view left the cache.
  if (page) {
    const known = mounted.current.get(page.fullPath);
    if (!known || known.params !== match.params) {
      mounted.current.set(page.fullPath, {
        path: page.fullPath,
        ...(page.name ? { name: page.name } : {}),
        route: page,
        params: match.params,
        generation: known?.generation ?? 0,
      });
    }
  }
  for (const [path, m] of mounted.current) {
    const open = tabs.visited.some((t) => t.path === path);
    const cached = m.name !== undefined && tabs.cached.includes(m.name);
    if (path !== page?.fullPath && (!open || !cached)) mounted.current.delete(path);
  }

  const crumbs = match ? buildBreadcrumbs(match.chain, location.pathname) : [];
  const mobile = sidebar.device === 'mobile';
  const collapsed = !mobile && !sidebar.opened;

  const logout = async () => {
    const ok = await feedback.confirm({
      title: LOGOUT_CONFIRM.title,
      message: LOGOUT_CONFIRM.message,
    });
    if (!ok) return;
    await sessionService.logout().catch(() => undefined);
    sessionService.reload(LOGOUT_CONFIRM.thenGoTo);
  };

  return (
    <ShellContext.Provider value={api}>
      <InstituteClockProvider zone={timeZone}>
        <div
          className="flex h-full overflow-hidden"
          data-device={sidebar.device}
          data-sidebar={sidebar.opened ? 'opened' : 'closed'}
        >
          {showsSidebarMask(sidebar) && (
            <div
              data-testid="sidebar-mask"
              className="fixed inset-0 z-30 bg-black/30"
              onClick={() => dispatch({ type: 'clickOutside' })}
              aria-hidden
            />
          )}
          <aside
            data-testid="sidebar"
            className={`z-40 h-full shrink-0 ${sidebar.withoutAnimation ? '' : 'transition-all duration-200'} ${
              mobile
                ? `fixed inset-y-0 left-0 w-60 ${sidebar.opened ? 'translate-x-0' : '-translate-x-full'}`
                : collapsed
                  ? 'w-16'
                  : 'w-60'
            }`}
          >
            <Sidebar
              items={items}
              activeKey={page ? activeMenuKey(page) : ''}
              collapsed={collapsed}
              platformName={platformName}
              onNavigate={() => undefined}
            />
          </aside>
          <div className="flex min-w-0 flex-1 flex-col">
            <Navbar
              crumbs={crumbs}
              // The person by name (their login in the label's tooltip), as every screen names people.
              userName={session.userInfo?.nickName || session.userName}
              login={session.userName}
              roleName={currentRole(session)?.roleName ?? ''}
              avatar={session.avatar}
              sidebarOpened={sidebar.opened}
              mobile={mobile}
              onToggleSidebar={() => dispatch({ type: 'toggle' })}
              onProfile={() => void navigate('/user/profile')}
              onSwitchRole={() => {
                const allowed = canSwitchRole(session.heldRoles);
                if (allowed.ok) setSwitchOpen(true);
                else feedback.warning(allowed.error.message);
              }}
              onLogout={() => void logout()}
              bell={
                <>
                  <TopSearch mobile={mobile} />
                  <SysNoticeBell />
                  <NotifyBell />
                </>
              }
            />
            <TagsView />
            <main
              ref={main}
              className="min-h-0 flex-1 overflow-auto p-3 sm:p-4"
              data-testid="app-main"
            >
              {[...mounted.current.values()].map((m) => {
                const View = viewOf(m.route);
                const active = m.path === page?.fullPath;
                return (
                  <div key={`${m.path}#${m.generation}`} hidden={!active} data-view={m.path}>
                    <ViewContext.Provider
                      value={{
                        path: m.path,
                        params: m.params,
                        active,
                        ...(m.route.meta?.title ? { title: m.route.meta.title } : {}),
                      }}
                    >
                      <Suspense fallback={<p className="p-8 text-center text-muted">加载中</p>}>
                        <View />
                      </Suspense>
                    </ViewContext.Provider>
                  </div>
                );
              })}
            </main>
          </div>
          <NotifyCenter />
          {switchOpen && <SwitchRoleDialog open onClose={() => setSwitchOpen(false)} />}
        </div>
      </InstituteClockProvider>
    </ShellContext.Provider>
  );
}
