import { HOME_PATH, LOGIN_PATH } from '../session/access-guard.js';
import { LAYOUT, NO_COMPONENT, view, type AppRoute, type RouteMeta } from './app-route.js';

/** The welcome page, the dashboard of this system (000 §2). */
export const WELCOME_PATH = '/welcome/welcome';
/** The root; one definition with the session guard's. */
export const ROOT_PATH = HOME_PATH;
export const REDIRECT_PATH_PREFIX = '/redirect';

const meta = (title: string, extra: Partial<RouteMeta> = {}): RouteMeta => ({
  title,
  noCache: false,
  affix: false,
  ...extra,
});

function page(
  path: string,
  fullPath: string,
  component: string,
  extra: Partial<AppRoute> = {},
): AppRoute {
  return {
    path,
    fullPath,
    component: view(component),
    hidden: true,
    alwaysShow: false,
    children: [],
    ...extra,
  };
}

function shell(
  path: string,
  children: readonly AppRoute[],
  extra: Partial<AppRoute> = {},
): AppRoute {
  return {
    path,
    fullPath: path,
    component: LAYOUT,
    hidden: true,
    alwaysShow: false,
    children,
    ...extra,
  };
}

/**
 * The static routes of 000 §2, before the server's. Component names are view keys the web maps
 * to its pages. Titles are our Chinese for the spec's glosses.
 */
export const STATIC_ROUTES: readonly AppRoute[] = [
  page(LOGIN_PATH, LOGIN_PATH, 'login'),
  page('/auth-redirect', '/auth-redirect', 'auth-redirect'),
  page('/bind', '/bind', 'bind'),
  page('/register', '/register', 'register'),
  // /redirect/{path}: the refresh helper bounces back to {path}, recreating the view.
  shell(REDIRECT_PATH_PREFIX, [page('*', `${REDIRECT_PATH_PREFIX}/*`, 'redirect')]),
  page('/404', '/404', 'error/404'),
  page('/401', '/401', 'error/401'),
  {
    path: ROOT_PATH,
    fullPath: ROOT_PATH,
    component: NO_COMPONENT,
    redirect: WELCOME_PATH,
    hidden: true,
    alwaysShow: false,
    children: [],
  },
  shell(
    '/welcome',
    [
      page('welcome', WELCOME_PATH, 'welcome', {
        name: 'Welcome',
        hidden: false,
        // Why fixed: the home tab stays open, as in every RuoYi shell (see CHOICES.md).
        meta: meta('欢迎', { icon: 'welcome', affix: true }),
      }),
    ],
    { redirect: WELCOME_PATH, hidden: false },
  ),
  shell(
    '/user',
    [
      page('profile', '/user/profile', 'system/user/profile', {
        name: 'Profile',
        meta: meta('个人中心'),
      }),
    ],
    {
      redirect: 'noRedirect',
    },
  ),
  shell('/dict', [
    page('type/data/:dictId', '/dict/type/data/:dictId', 'system/dict/data', {
      name: 'DictData',
      meta: meta('字典数据', { activeMenu: '/system/dict' }),
      paramPatterns: { dictId: '^\\d+$' },
    }),
  ]),
  shell('/job', [
    page('log', '/job/log', 'monitor/job/log', {
      name: 'JobLog',
      meta: meta('调度日志', { activeMenu: '/monitor/job' }),
    }),
  ]),
  shell('/project', [
    page('main', '/project/main', 'project/main', {
      name: 'ProjectMainPage',
      meta: meta('项目主页'),
    }),
    page('unSignList', '/project/unSignList', 'project/unSignList', {
      name: 'UnSignList',
      meta: meta('未签合同'),
    }),
    page('approveList', '/project/approveList', 'project/approveList', {
      name: 'ApproveList',
      meta: meta('审批合同'),
    }),
    page('contractList', '/project/contractList', 'project/contractList', {
      name: 'ContractList',
      meta: meta('合同列表'),
    }),
  ]),
];
