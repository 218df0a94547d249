import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type View = LazyExoticComponent<ComponentType>;
const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, key: K): View =>
  lazy(() => load().then((m) => ({ default: m[key] })));

/**
 * The web's pages by the component key the router tree names (RuoYi style, e.g.
 * `system/user/index`). Keys the web has no page for yet show the placeholder.
 */
export const VIEWS: Record<string, View> = {
  welcome: named(() => import('./pages/WelcomePage'), 'WelcomePage'),
  'system/user/profile': named(() => import('./profile/ProfilePage'), 'ProfilePage'),
  'system/dict/data': named(() => import('./system/DictDataPage'), 'DictDataPage'),
  'monitor/job/log': named(() => import('./pages/JobLogPage'), 'JobLogPage'),
  'system/user/index': named(() => import('./system/UsersPage'), 'UsersPage'),
  'system/dept/index': named(() => import('./system/DeptsPage'), 'DeptsPage'),
  'system/role/index': named(() => import('./system/RolesPage'), 'RolesPage'),
  'system/post/index': named(() => import('./system/PostsPage'), 'PostsPage'),
  'system/major/index': named(() => import('./system/MajorsPage'), 'MajorsPage'),
  'system/dict/index': named(() => import('./system/DictTypesPage'), 'DictTypesPage'),
  'system/config/index': named(() => import('./system/ConfigsPage'), 'ConfigsPage'),
  'system/menu/index': named(() => import('./system/MenusPage'), 'MenusPage'),
  'system/notice/index': named(() => import('./system/NoticesPage'), 'NoticesPage'),
  'monitor/job/index': named(() => import('./pages/JobsPage'), 'JobsPage'),
  'project/main': named(() => import('./project/ProjectMainPage'), 'ProjectMainPage'),
  'project/main/index': named(() => import('./project/ProjectMainPage'), 'ProjectMainPage'),
  'project/unSignList': named(() => import('./project/ContractListPage'), 'UnSignListPage'),
  'project/approveList': named(() => import('./project/ContractListPage'), 'ApproveListPage'),
  'project/contractList': named(() => import('./project/ContractListPage'), 'ContractListPage'),
  'project/stay/index': named(() => import('./project/ContractListPage'), 'UnSignListPage'),
  'project/declare/index': named(() => import('./project/ContractListPage'), 'ApproveListPage'),
  'project/contract/index': named(() => import('./project/ContractListPage'), 'ContractListPage'),
  'project/lixiang/index': named(() => import('./contract/SubContractPages'), 'LixiangListPage'),
  'project/contractChild/index': named(
    () => import('./contract/SubContractPages'),
    'ContractChildListPage',
  ),
  'project/extendSubContract/index': named(
    () => import('./contract/SubContractPages'),
    'ExtendSubContractListPage',
  ),
  'approval/todo/index': named(() => import('./approval/ApprovalCenterPages'), 'ApprovalTodoPage'),
  'approval/mine/index': named(() => import('./approval/ApprovalCenterPages'), 'ApprovalMinePage'),
  'approval/all/index': named(() => import('./approval/ApprovalCenterPages'), 'ApprovalAllPage'),
  'approval/flow/index': named(() => import('./approval/FlowAdminPages'), 'ApprovalFlowPage'),
  'approval/node/index': named(() => import('./approval/FlowAdminPages'), 'ApprovalNodePage'),
  'file/upload/index': named(() => import('./files/FileUploadPage'), 'FileUploadPage'),
  'project/document/index': named(
    () => import('./documents/ContractDocumentPages'),
    'ContractDocumentListPage',
  ),
  'project/document/edit': named(
    () => import('./documents/ContractDocumentPages'),
    'ContractDocumentEditPage',
  ),
};

/** Design tasks, results, seals and output value. */
Object.assign(VIEWS, {
  'project/designTask/index': named(() => import('./task/DesignTaskPage'), 'DesignTaskPage'),
  'project/valueConfirm/index': named(() => import('./task/ValueConfirmPage'), 'ValueConfirmPage'),
  'result/taskResult/index': named(() => import('./task/TaskResultPage'), 'TaskResultPage'),
  'result/resultSeal/index': named(() => import('./task/ResultSealPage'), 'ResultSealPage'),
});

/** Back money, loans and repayments. */
Object.assign(VIEWS, {
  'fund/backMoney/index': named(() => import('./fund/BackMoneyPage'), 'BackMoneyPage'),
  'fund/loan/index': named(() => import('./fund/LoanPage'), 'LoanPage'),
  'fund/repayment/index': named(() => import('./fund/RepaymentPage'), 'RepaymentPage'),
});

/** Monthly fund plans and fund execution. */
Object.assign(VIEWS, {
  'fund/fundPlan/index': named(() => import('./fund-plan/FundPlanPage'), 'FundPlanPage'),
  'fund/fundPerform/index': named(() => import('./fund-plan/FundPerformPage'), 'FundPerformPage'),
});

/** Fund payments and payment plans. */
Object.assign(VIEWS, {
  'fund/fundPay/index': named(() => import('./fund-pay/FundPayPage'), 'FundPayPage'),
  'fund/paymentPlan/index': named(() => import('./fund-pay/PaymentPlanPage'), 'PaymentPlanPage'),
});

/** Closed cases, settlements and contract finish. */
Object.assign(VIEWS, {
  'project/closedCase/index': named(() => import('./closing/ClosedCasePage'), 'ClosedCasePage'),
});

/** Project accounts, invoices (财务台账) and employee costs. */
Object.assign(VIEWS, {
  'account/proAccount/index': named(() => import('./account/ProAccountPage'), 'ProAccountPage'),
  'account/finance/index': named(() => import('./account/FinancePage'), 'FinancePage'),
  'fund/employe/index': named(() => import('./account/EmployePage'), 'EmployePage'),
});

/** Archives with their borrowing. */
Object.assign(VIEWS, {
  'project/archives/index': named(() => import('./archives/ArchivesPage'), 'ArchivesPage'),
});

export const PlaceholderView = named(() => import('./pages/PlaceholderPage'), 'PlaceholderPage');

/** 操作日志, 登录日志 and 在线用户. */
Object.assign(VIEWS, {
  'monitor/operlog/index': named(() => import('./system/OperLogPage'), 'OperLogPage'),
  'monitor/logininfor/index': named(() => import('./system/LoginInfoPage'), 'LoginInfoPage'),
  'monitor/online/index': named(() => import('./system/OnlinePage'), 'OnlinePage'),
  'monitor/server/index': named(() => import('./system/ServerMonitorPage'), 'ServerMonitorPage'),
  'monitor/cache/index': named(() => import('./system/CacheMonitorPage'), 'CacheMonitorPage'),
  'monitor/cache/list': named(() => import('./system/CacheListPage'), 'CacheListPage'),
});
