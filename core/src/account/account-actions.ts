import { actionRule } from '../session/action-actor.js';
import { ok } from '../shared/result.js';

/**
 * A contract account's and an employee cost line's 新增, 修改 and 删除, and their list's 导出: any
 * state of the record allows them (neither goes through approval), so each is its permission
 * alone, the one its route declares (and refuses by) and the page offers the button by.
 */
type Write = 'add' | 'edit' | 'remove' | 'export';
const always = () => ok(undefined);

/** Contract accounts (合同账户); `export` is 项目账户's export, under the same family. */
export const contractAccountActions = actionRule<Write, unknown>(
  {
    add: 'contract:account:add',
    edit: 'contract:account:edit',
    remove: 'contract:account:remove',
    export: 'contract:account:export',
  },
  always,
);

export const employeeCostActions = actionRule<Write, unknown>(
  {
    add: 'contract:employe:add',
    edit: 'contract:employe:edit',
    remove: 'contract:employe:remove',
    export: 'contract:employe:export',
  },
  always,
);
