/**
 * The menu tree of every screen in the spec. Directories (M) carry one of the nine icons; pages (C)
 * carry the permission of their list; buttons (F) the permissions of their actions. Route names
 * matter to the shell: `Approval` shows the unprocessed badge, `Project` the seal dot when it has
 * the child `BusinessMainPage`, and the child `Log` is indented deeper.
 */

import type { DirSpec, PageSpec, SeedMenu } from './menu-spec.js';
import { BUSINESS_MENUS } from './menus-business.js';
import { FUND_MENUS } from './menus-funds.js';
import { SYSTEM_MENUS } from './menus-system.js';

export type { SeedMenu } from './menu-spec.js';

const BUTTONS = [
  ['query', '查询'],
  ['add', '新增'],
  ['edit', '修改'],
  ['remove', '删除'],
  ['export', '导出'],
] as const;

const isDir = (x: PageSpec | DirSpec): x is DirSpec => 'children' in x;

/** Top-level directories in menu order: their order fixes every menu id, so groups only append. */
const TREE: readonly DirSpec[] = [...BUSINESS_MENUS, ...FUND_MENUS, ...SYSTEM_MENUS];

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
