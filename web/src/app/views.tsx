import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type View = LazyExoticComponent<ComponentType>;
const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, key: K): View =>
  lazy(() => load().then((m) => ({ default: m[key] })));

/**
 * The web's pages by the component key the router tree names (RuoYi style, e.g.
 * `system/user/index`). Keys the web has no page for yet show the placeholder.
 */
export const VIEWS: Record<string, View> = {
  welcome: named(() => import('../features/pages/WelcomePage'), 'WelcomePage'),
  'system/user/profile': named(() => import('../features/profile/ProfilePage'), 'ProfilePage'),
  'system/dict/data': named(() => import('../features/system/DictDataPage'), 'DictDataPage'),
  'monitor/job/log': named(() => import('../features/pages/JobLogPage'), 'JobLogPage'),
  'system/user/index': named(() => import('../features/system/UsersPage'), 'UsersPage'),
  'system/dept/index': named(() => import('../features/system/DeptsPage'), 'DeptsPage'),
  'system/role/index': named(() => import('../features/system/RolesPage'), 'RolesPage'),
  'system/post/index': named(() => import('../features/system/PostsPage'), 'PostsPage'),
  'system/major/index': named(() => import('../features/system/MajorsPage'), 'MajorsPage'),
  'system/dict/index': named(() => import('../features/system/DictTypesPage'), 'DictTypesPage'),
  'system/config/index': named(() => import('../features/system/ConfigsPage'), 'ConfigsPage'),
  'system/menu/index': named(() => import('../features/system/MenusPage'), 'MenusPage'),
  'system/notice/index': named(() => import('../features/system/NoticesPage'), 'NoticesPage'),
  'monitor/job/index': named(() => import('../features/pages/JobsPage'), 'JobsPage'),
  'project/main': named(() => import('../features/project/ProjectMainPage'), 'ProjectMainPage'),
  'project/main/index': named(
    () => import('../features/project/ProjectMainPage'),
    'ProjectMainPage',
  ),
  'project/unSignList': named(
    () => import('../features/contract/ContractListPage'),
    'UnSignListPage',
  ),
  'project/approveList': named(
    () => import('../features/contract/ContractListPage'),
    'ApproveListPage',
  ),
  'project/contractList': named(
    () => import('../features/contract/ContractListPage'),
    'ContractListPage',
  ),
  'project/stay/index': named(
    () => import('../features/contract/ContractListPage'),
    'UnSignListPage',
  ),
  'project/declare/index': named(
    () => import('../features/contract/ContractListPage'),
    'ApproveListPage',
  ),
  'project/contract/index': named(
    () => import('../features/contract/ContractListPage'),
    'ContractListPage',
  ),
  'project/lixiang/index': named(
    () => import('../features/contract/SubContractPages'),
    'LixiangListPage',
  ),
  'project/contractChild/index': named(
    () => import('../features/contract/SubContractPages'),
    'ContractChildListPage',
  ),
  'project/extendSubContract/index': named(
    () => import('../features/contract/SubContractPages'),
    'ExtendSubContractListPage',
  ),
  'approval/todo/index': named(
    () => import('../features/approval/ApprovalCenterPages'),
    'ApprovalTodoPage',
  ),
  'approval/mine/index': named(
    () => import('../features/approval/ApprovalCenterPages'),
    'ApprovalMinePage',
  ),
  'approval/all/index': named(
    () => import('../features/approval/ApprovalCenterPages'),
    'ApprovalAllPage',
  ),
  'approval/flow/index': named(
    () => import('../features/approval/FlowAdminPages'),
    'ApprovalFlowPage',
  ),
  'approval/node/index': named(
    () => import('../features/approval/FlowAdminPages'),
    'ApprovalNodePage',
  ),
  'file/upload/index': named(() => import('../features/files/FileUploadPage'), 'FileUploadPage'),
  'project/document/index': named(
    () => import('../features/documents/ContractDocumentPages'),
    'ContractDocumentListPage',
  ),
  'project/document/edit': named(
    () => import('../features/documents/ContractDocumentPages'),
    'ContractDocumentEditPage',
  ),
};

/** Design tasks, results, seals and output value. */
Object.assign(VIEWS, {
  'project/designTask/index': named(
    () => import('../features/task/DesignTaskPage'),
    'DesignTaskPage',
  ),
  'project/valueConfirm/index': named(
    () => import('../features/task/ValueConfirmPage'),
    'ValueConfirmPage',
  ),
  'result/taskResult/index': named(
    () => import('../features/task/TaskResultPage'),
    'TaskResultPage',
  ),
  'result/resultSeal/index': named(
    () => import('../features/task/ResultSealPage'),
    'ResultSealPage',
  ),
});

/** Back money, loans and repayments. */
Object.assign(VIEWS, {
  'fund/backMoney/index': named(() => import('../features/fund/BackMoneyPage'), 'BackMoneyPage'),
  'fund/loan/index': named(() => import('../features/fund/LoanPage'), 'LoanPage'),
  'fund/repayment/index': named(() => import('../features/fund/RepaymentPage'), 'RepaymentPage'),
});

/** Monthly fund plans and fund execution. */
Object.assign(VIEWS, {
  'fund/fundPlan/index': named(() => import('../features/fund-plan/FundPlanPage'), 'FundPlanPage'),
  'fund/fundPerform/index': named(
    () => import('../features/fund-plan/FundPerformPage'),
    'FundPerformPage',
  ),
});

/** Fund payments and payment plans. */
Object.assign(VIEWS, {
  'fund/fundPay/index': named(() => import('../features/fund-pay/FundPayPage'), 'FundPayPage'),
  'fund/paymentPlan/index': named(
    () => import('../features/fund-pay/PaymentPlanPage'),
    'PaymentPlanPage',
  ),
});

/** Closed cases, settlements and contract finish. */
Object.assign(VIEWS, {
  'project/closedCase/index': named(
    () => import('../features/closing/ClosedCasePage'),
    'ClosedCasePage',
  ),
});

/** Project accounts, invoices (财务台账) and employee costs. */
Object.assign(VIEWS, {
  'account/proAccount/index': named(
    () => import('../features/account/ProAccountPage'),
    'ProAccountPage',
  ),
  'account/finance/index': named(() => import('../features/account/FinancePage'), 'FinancePage'),
  'fund/employe/index': named(() => import('../features/account/EmployePage'), 'EmployePage'),
});

/** Archives with their borrowing. */
Object.assign(VIEWS, {
  'project/archives/index': named(
    () => import('../features/archives/ArchivesPage'),
    'ArchivesPage',
  ),
});

export const PlaceholderView = named(
  () => import('../features/pages/PlaceholderPage'),
  'PlaceholderPage',
);

/** 操作日志, 登录日志 and 在线用户. */
Object.assign(VIEWS, {
  'monitor/operlog/index': named(() => import('../features/system/OperLogPage'), 'OperLogPage'),
  'monitor/logininfor/index': named(
    () => import('../features/system/LoginInfoPage'),
    'LoginInfoPage',
  ),
  'monitor/online/index': named(() => import('../features/system/OnlinePage'), 'OnlinePage'),
  'monitor/server/index': named(
    () => import('../features/system/ServerMonitorPage'),
    'ServerMonitorPage',
  ),
  'monitor/cache/index': named(
    () => import('../features/system/CacheMonitorPage'),
    'CacheMonitorPage',
  ),
  'monitor/cache/list': named(() => import('../features/system/CacheListPage'), 'CacheListPage'),
});
