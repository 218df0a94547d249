import type { DirSpec } from './menu-spec.js';

/** The money directories: 资金管理 and 账户管理, in menu order. */
export const FUND_MENUS: readonly DirSpec[] = [
  {
    name: '资金管理',
    path: 'fund',
    icon: 'finicial',
    routeName: 'Fund',
    children: [
      {
        name: '回款管理',
        path: 'backMoney',
        component: 'fund/backMoney/index',
        perm: 'project:backMoney',
        routeName: 'BackMoney',
        extraButtons: [['allot', '分配']],
      },
      {
        name: '借款管理',
        path: 'loan',
        component: 'fund/loan/index',
        perm: 'contract:loan',
        routeName: 'Loan',
      },
      {
        name: '还款管理',
        path: 'repayment',
        component: 'fund/repayment/index',
        perm: 'contract:repayment',
        routeName: 'Repayment',
      },
      {
        name: '资金计划',
        path: 'fundPlan',
        component: 'fund/fundPlan/index',
        perm: 'contract:fundPlan',
        routeName: 'FundPlan',
      },
      {
        name: '资金执行',
        path: 'fundPerform',
        component: 'fund/fundPerform/index',
        perm: 'contract:fundPerform',
        routeName: 'FundPerform',
      },
      {
        name: '资金支付',
        path: 'fundPay',
        component: 'fund/fundPay/index',
        perm: 'contract:fundPay',
        routeName: 'FundPay',
      },
      {
        name: '付款计划',
        path: 'paymentPlan',
        component: 'fund/paymentPlan/index',
        perm: 'contract:paymentPlan',
        routeName: 'PaymentPlan',
      },
      {
        name: '员工成本',
        path: 'employe',
        component: 'fund/employe/index',
        perm: 'contract:employe',
        routeName: 'Employe',
      },
    ],
  },
  {
    name: '账户管理',
    path: 'account',
    icon: 'account',
    routeName: 'Account',
    children: [
      {
        name: '项目账户',
        path: 'proAccount',
        component: 'account/proAccount/index',
        perm: 'contract:account',
        routeName: 'ProAccount',
      },
      {
        name: '财务台账',
        path: 'finance',
        component: 'account/finance/index',
        perm: 'contract:finance',
        routeName: 'Finance',
      },
    ],
  },
];
