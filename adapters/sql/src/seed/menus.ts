/**
 * The menu tree of every screen in the spec. Directories (M) carry one of the nine icons; pages (C)
 * carry the permission of their list; buttons (F) the permissions of their actions. Route names
 * matter to the shell: `Approval` shows the unprocessed badge, `Project` the seal dot when it has
 * the child `BusinessMainPage`, and the child `Log` is indented deeper.
 */

export interface SeedMenu {
  readonly menuId: number;
  readonly parentId: number;
  readonly menuName: string;
  readonly menuType: 'M' | 'C' | 'F';
  readonly path: string;
  readonly component: string | null;
  readonly perms: string;
  readonly icon: string;
  readonly orderNum: number;
  readonly routeName: string;
  readonly visible: '0' | '1';
  readonly alwaysShow: boolean;
}

const BUTTONS = [
  ['query', '查询'],
  ['add', '新增'],
  ['edit', '修改'],
  ['remove', '删除'],
  ['export', '导出'],
] as const;

interface PageSpec {
  readonly name: string;
  readonly path: string;
  readonly component: string;
  /** Permission prefix, e.g. `system:user`; the page gets `<prefix>:list`. */
  readonly perm: string;
  readonly routeName: string;
  readonly extraButtons?: ReadonlyArray<readonly [action: string, label: string]>;
  readonly hidden?: boolean;
  readonly noButtons?: boolean;
}

interface DirSpec {
  readonly name: string;
  readonly path: string;
  readonly icon: string;
  readonly routeName: string;
  readonly children: ReadonlyArray<PageSpec | DirSpec>;
  readonly alwaysShow?: boolean;
}

const isDir = (x: PageSpec | DirSpec): x is DirSpec => 'children' in x;

const TREE: readonly DirSpec[] = [
  {
    name: '审批管理',
    path: 'approval',
    icon: 'approval',
    routeName: 'Approval',
    children: [
      {
        name: '待我审批',
        path: 'todo',
        component: 'approval/todo/index',
        perm: 'project:approval',
        routeName: 'ApprovalTodo',
        extraButtons: [['process', '审批']],
      },
      {
        name: '我发起的',
        path: 'mine',
        component: 'approval/mine/index',
        perm: 'project:approvalMine',
        routeName: 'ApprovalMine',
        noButtons: true,
      },
      {
        name: '全部审批',
        path: 'all',
        component: 'approval/all/index',
        perm: 'project:approvalAll',
        routeName: 'ApprovalAll',
        noButtons: true,
      },
      {
        name: '审批流程',
        path: 'flow',
        icon: 'flow',
        routeName: 'ApprovalFlowDir',
        children: [
          {
            name: '流程配置',
            path: 'flow',
            component: 'approval/flow/index',
            perm: 'approval:flow',
            routeName: 'ApprovalFlow',
          },
          {
            name: '节点配置',
            path: 'node',
            component: 'approval/node/index',
            perm: 'approval:node',
            routeName: 'ApprovalNode',
            extraButtons: [['move', '调整顺序']],
          },
        ],
      },
    ],
  },
  {
    name: '项目管理',
    path: 'project',
    icon: 'project',
    routeName: 'Project',
    alwaysShow: true,
    children: [
      {
        name: '经营主页',
        path: 'main',
        component: 'project/main/index',
        perm: 'project:chart',
        routeName: 'BusinessMainPage',
        noButtons: true,
      },
      {
        name: '未签合同',
        path: 'unSignList',
        component: 'project/stay/index',
        perm: 'project:stay',
        routeName: 'UnSignList',
        extraButtons: [
          ['convert', '转合同'],
          ['effective', '确认生效'],
        ],
      },
      {
        name: '立项合同',
        path: 'approveList',
        component: 'project/declare/index',
        perm: 'project:declare',
        routeName: 'ApproveList',
        extraButtons: [['convert', '转合同']],
      },
      {
        name: '合同列表',
        path: 'contractList',
        component: 'project/contract/index',
        perm: 'project:contract',
        routeName: 'ContractList',
        extraButtons: [
          ['upload', '上传合同文件'],
          ['finish', '确认完成'],
        ],
      },
      {
        name: '项目立项',
        path: 'lixiang',
        component: 'project/lixiang/index',
        perm: 'project:lixiang',
        routeName: 'Lixiang',
      },
      {
        name: '分包合同',
        path: 'contractChild',
        component: 'project/contractChild/index',
        perm: 'project:contractChild',
        routeName: 'ContractChild',
        extraButtons: [['pay', '付款']],
      },
      {
        name: '外委合同',
        path: 'extendSubContract',
        component: 'project/extendSubContract/index',
        perm: 'project:extendSubContract',
        routeName: 'ExtendSubContract',
      },
      {
        name: '设计任务',
        path: 'designTask',
        component: 'project/designTask/index',
        perm: 'project:designTask',
        routeName: 'DesignTask',
        extraButtons: [['confirm', '确认']],
      },
      {
        name: '产值确认',
        path: 'valueConfirm',
        component: 'project/valueConfirm/index',
        perm: 'project:valueConfirm',
        routeName: 'ValueConfirm',
        noButtons: true,
      },
      {
        name: '结算结案',
        path: 'closedCase',
        component: 'project/closedCase/index',
        perm: 'project:closedCase',
        routeName: 'ClosedCase',
      },
      {
        name: '档案管理',
        path: 'archives',
        component: 'project/archives/index',
        perm: 'project:archives',
        routeName: 'Archives',
        extraButtons: [
          ['download', '下载'],
          ['allowView', '授权查看'],
          ['borrow', '借阅'],
        ],
      },
      {
        name: '合同文本',
        path: 'document',
        component: 'project/document/index',
        perm: 'project:document',
        routeName: 'ContractDocument',
      },
      {
        name: '填写合同文本',
        path: 'documentEdit',
        component: 'project/document/edit',
        perm: 'project:document',
        routeName: 'ContractDocumentEdit',
        hidden: true,
        noButtons: true,
      },
    ],
  },
  {
    name: '成果文件',
    path: 'result',
    icon: 'resultFile',
    routeName: 'ResultFile',
    children: [
      {
        name: '任务成果',
        path: 'taskResult',
        component: 'result/taskResult/index',
        perm: 'project:taskResult',
        routeName: 'TaskResult',
        extraButtons: [['upload', '上传成果']],
      },
      {
        name: '成果盖章',
        path: 'resultSeal',
        component: 'result/resultSeal/index',
        perm: 'project:resultSeal',
        routeName: 'ResultSeal',
      },
    ],
  },
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
  {
    name: '系统管理',
    path: 'system',
    icon: 'system',
    routeName: 'System',
    children: [
      {
        name: '用户管理',
        path: 'user',
        component: 'system/user/index',
        perm: 'system:user',
        routeName: 'User',
        extraButtons: [
          ['import', '导入'],
          ['resetPwd', '重置密码'],
        ],
      },
      {
        name: '角色管理',
        path: 'role',
        component: 'system/role/index',
        perm: 'system:role',
        routeName: 'Role',
      },
      {
        name: '菜单管理',
        path: 'menu',
        component: 'system/menu/index',
        perm: 'system:menu',
        routeName: 'Menu',
      },
      {
        name: '部门管理',
        path: 'dept',
        component: 'system/dept/index',
        perm: 'system:dept',
        routeName: 'Dept',
      },
      {
        name: '岗位管理',
        path: 'post',
        component: 'system/post/index',
        perm: 'system:post',
        routeName: 'Post',
      },
      {
        name: '专业管理',
        path: 'major',
        component: 'system/major/index',
        perm: 'system:major',
        routeName: 'Major',
      },
      {
        name: '字典管理',
        path: 'dict',
        component: 'system/dict/index',
        perm: 'system:dict',
        routeName: 'Dict',
      },
      {
        name: '参数设置',
        path: 'config',
        component: 'system/config/index',
        perm: 'system:config',
        routeName: 'Config',
      },
      {
        name: '日志管理',
        path: 'log',
        icon: 'monitor',
        routeName: 'Log',
        children: [
          {
            name: '操作日志',
            path: 'operlog',
            component: 'monitor/operlog/index',
            perm: 'monitor:operlog',
            routeName: 'Operlog',
            noButtons: true,
          },
          {
            name: '登录日志',
            path: 'logininfor',
            component: 'monitor/logininfor/index',
            perm: 'monitor:logininfor',
            routeName: 'Logininfor',
            noButtons: true,
          },
        ],
      },
    ],
  },
  {
    name: '系统监控',
    path: 'monitor',
    icon: 'monitor',
    routeName: 'Monitor',
    children: [
      {
        name: '在线用户',
        path: 'online',
        component: 'monitor/online/index',
        perm: 'monitor:online',
        routeName: 'Online',
        extraButtons: [['forceLogout', '强退']],
        noButtons: true,
      },
      {
        name: '定时任务',
        path: 'job',
        component: 'monitor/job/index',
        perm: 'monitor:job',
        routeName: 'Job',
      },
    ],
  },
  // Last, so the ids of every menu above stay as they were.
  {
    name: '文件管理',
    path: 'file',
    icon: 'resultFile',
    routeName: 'FileCenter',
    children: [
      {
        name: '文件上传',
        path: 'upload',
        component: 'file/upload/index',
        perm: 'common:upload',
        routeName: 'FileUpload',
        noButtons: true,
      },
    ],
  },
];

/** Flattens the tree into rows with stable ids: directories from 1, pages from 100, buttons from 1000. */
export function buildMenus(): SeedMenu[] {
  const rows: SeedMenu[] = [];
  let dirId = 1;
  let pageId = 100;
  let buttonId = 1000;
  const walkDir = (dir: DirSpec, parentId: number, orderNum: number): void => {
    const menuId = dirId++;
    rows.push({
      menuId,
      parentId,
      menuName: dir.name,
      menuType: 'M',
      path: dir.path,
      component: parentId === 0 ? 'Layout' : 'ParentView',
      perms: '',
      icon: dir.icon,
      orderNum,
      routeName: dir.routeName,
      visible: '0',
      alwaysShow: dir.alwaysShow ?? false,
    });
    dir.children.forEach((child, i) => {
      if (isDir(child)) walkDir(child, menuId, i + 1);
      else walkPage(child, menuId, i + 1);
    });
  };
  const walkPage = (page: PageSpec, parentId: number, orderNum: number): void => {
    const menuId = pageId++;
    rows.push({
      menuId,
      parentId,
      menuName: page.name,
      menuType: 'C',
      path: page.path,
      component: page.component,
      perms: `${page.perm}:list`,
      icon: '#',
      orderNum,
      routeName: page.routeName,
      visible: page.hidden ? '1' : '0',
      alwaysShow: false,
    });
    const buttons = [...(page.noButtons ? [] : BUTTONS), ...(page.extraButtons ?? [])];
    buttons.forEach(([action, label], i) => {
      rows.push({
        menuId: buttonId++,
        parentId: menuId,
        menuName: `${page.name}${label}`,
        menuType: 'F',
        path: '',
        component: null,
        perms: `${page.perm}:${action}`,
        icon: '#',
        orderNum: i + 1,
        routeName: '',
        visible: '0',
        alwaysShow: false,
      });
    });
  };
  TREE.forEach((dir, i) => walkDir(dir, 0, i + 1));
  return rows;
}

/**
 * Which permissions each role is granted (the admin role passes everything without grants).
 * A role gets a page or button when a pattern matches its permission; directories follow their
 * children. Patterns: exact `a:b:c`, or `a:b:*` for every action of a page.
 */
export const ROLE_GRANTS: Readonly<Record<number, readonly string[]>> = {
  // 项目经理
  2: [
    'project:document:*',
    'project:approval:*',
    'project:approvalMine:*',
    'project:approvalAll:*',
    'project:chart:list',
    'project:contract:list',
    'project:contract:query',
    'project:contract:upload',
    'project:lixiang:*',
    'project:contractChild:*',
    'project:extendSubContract:*',
    'project:designTask:*',
    'project:valueConfirm:*',
    'project:closedCase:*',
    'project:taskResult:*',
    'project:resultSeal:*',
    'contract:loan:list',
    'contract:loan:query',
    'contract:loan:add',
    'common:upload:list',
  ],
  // 经营部负责人 xs_jybfzr
  3: [
    'project:document:*',
    'project:approval:*',
    'project:approvalMine:*',
    'project:approvalAll:*',
    'project:chart:*',
    'project:stay:*',
    'project:declare:*',
    'project:contract:*',
    'project:lixiang:*',
    'project:contractChild:*',
    'project:extendSubContract:*',
    'project:closedCase:*',
    'project:archives:*',
    'project:backMoney:*',
    'contract:loan:list',
    'contract:loan:query',
    'system:user:list',
    'system:user:query',
    'common:upload:list',
  ],
  // 部门负责人
  4: [
    'project:document:list',
    'project:document:query',
    'project:approval:*',
    'project:approvalMine:*',
    'project:approvalAll:*',
    'project:chart:list',
    'project:contract:list',
    'project:contract:query',
    'project:lixiang:list',
    'project:lixiang:query',
    'project:designTask:*',
    'project:valueConfirm:*',
    'project:taskResult:*',
    'project:resultSeal:*',
    'project:backMoney:list',
    'project:backMoney:query',
    'project:backMoney:allot',
    'contract:employe:*',
    // A department applies for its own payments and plans them (its data scope).
    'contract:fundPay:*',
    'contract:paymentPlan:*',
    'system:user:list',
    'system:user:query',
    'common:upload:list',
  ],
  // 总工程师
  5: [
    'project:approval:*',
    'project:approvalMine:*',
    'project:approvalAll:*',
    'project:chart:list',
    'project:contract:list',
    'project:contract:query',
    'project:designTask:list',
    'project:designTask:query',
    'project:designTask:confirm',
    'project:taskResult:*',
    'project:resultSeal:*',
    'project:archives:list',
    'project:archives:query',
    'project:archives:borrow',
    'project:archives:download',
    'common:upload:list',
  ],
  // 技术负责人
  6: [
    'project:approval:*',
    'project:approvalMine:*',
    'project:approvalAll:*',
    'project:chart:list',
    'project:designTask:list',
    'project:designTask:query',
    'project:designTask:confirm',
    'project:taskResult:*',
    'project:resultSeal:*',
    'common:upload:list',
  ],
  // 设计主持
  7: [
    'project:approval:*',
    'project:approvalMine:*',
    'project:approvalAll:*',
    'project:chart:list',
    'project:contract:list',
    'project:contract:query',
    'project:designTask:list',
    'project:designTask:query',
    'project:designTask:edit',
    'project:designTask:confirm',
    'project:valueConfirm:list',
    'project:taskResult:*',
    'project:resultSeal:*',
    'common:upload:list',
  ],
  // 财务
  8: [
    'project:document:list',
    'project:document:query',
    'project:approval:*',
    'project:approvalMine:*',
    'project:approvalAll:*',
    'project:chart:list',
    'project:contract:list',
    'project:contract:query',
    'project:contract:export',
    'project:contractChild:list',
    'project:contractChild:query',
    'project:contractChild:pay',
    'project:backMoney:*',
    'contract:loan:*',
    'contract:repayment:*',
    'contract:fundPlan:*',
    'contract:fundPerform:*',
    'contract:fundPay:*',
    'contract:paymentPlan:*',
    'contract:employe:*',
    'contract:account:*',
    'contract:finance:*',
    'project:closedCase:list',
    'project:closedCase:query',
    'project:closedCase:add',
    'project:closedCase:export',
    'common:upload:list',
  ],
  // 运营
  9: [
    'project:approval:*',
    'project:approvalMine:*',
    'project:approvalAll:*',
    'project:chart:list',
    'project:contract:list',
    'project:contract:query',
    'project:contract:export',
    'project:lixiang:list',
    'project:lixiang:query',
    'contract:fundPlan:*',
    'contract:fundPerform:*',
    'contract:paymentPlan:*',
    'project:archives:*',
    'contract:account:list',
    'contract:account:query',
    'common:upload:list',
  ],
  // 综合经营部
  10: [
    'project:approval:*',
    'project:approvalMine:*',
    'project:approvalAll:*',
    'project:chart:*',
    'project:stay:*',
    'project:declare:*',
    'project:contract:*',
    'project:lixiang:*',
    'project:contractChild:list',
    'project:contractChild:query',
    'project:archives:list',
    'project:archives:query',
    'project:archives:borrow',
    'project:archives:download',
    'project:backMoney:list',
    'project:backMoney:query',
    'common:upload:list',
  ],
  // 总经理: reads everything of the business, changes nothing of the system
  11: [
    'project:approval:*',
    'project:approvalMine:*',
    'project:approvalAll:*',
    'project:*:list',
    'project:*:query',
    'project:*:export',
    'contract:*:list',
    'contract:*:query',
    'contract:*:export',
    'system:user:list',
    'system:user:query',
    'common:upload:list',
  ],
  // 综合事务部
  12: [
    'project:approval:*',
    'project:approvalMine:*',
    'project:approvalAll:*',
    'project:chart:list',
    'project:archives:*',
    'project:contract:list',
    'project:contract:query',
    'common:upload:list',
  ],
  // 普通员工
  13: [
    'project:approval:*',
    'project:approvalMine:*',
    'project:approvalAll:*',
    'project:chart:list',
    'project:taskResult:list',
    'common:upload:list',
  ],
};

/** True when `perm` (a:b:c) matches a grant pattern whose parts may be `*`. */
export function grantMatches(pattern: string, perm: string): boolean {
  const p = pattern.split(':');
  const q = perm.split(':');
  return p.length === q.length && p.every((part, i) => part === '*' || part === q[i]);
}

/** Menu ids granted to a role: matching pages and buttons, plus every ancestor directory/page. */
export function grantedMenuIds(menus: readonly SeedMenu[], patterns: readonly string[]): number[] {
  const byId = new Map(menus.map((m) => [m.menuId, m]));
  const granted = new Set<number>();
  for (const m of menus) {
    if (m.perms === '' || !patterns.some((p) => grantMatches(p, m.perms))) continue;
    let cur: SeedMenu | undefined = m;
    while (cur && !granted.has(cur.menuId)) {
      granted.add(cur.menuId);
      cur = byId.get(cur.parentId);
    }
  }
  return [...granted].sort((a, b) => a - b);
}
