import { actionRule } from '../session/action-actor.js';
import { ok } from '../shared/result.js';

/**
 * A contract account's and an employee cost line's 新增, 修改 and 删除: any state of the record
 * allows them (neither goes through approval), so each is its permission alone, the one its route
 * declares and the page shows the button by.
 */
type Write = 'add' | 'edit' | 'remove';
const always = () => ok(undefined);

export const contractAccountActions = actionRule<Write, unknown>(
  {
    add: 'contract:account:add',
    edit: 'contract:account:edit',
    remove: 'contract:account:remove',
  },
  always,
);

export const employeeCostActions = actionRule<Write, unknown>(
  {
    add: 'contract:employe:add',
    edit: 'contract:employe:edit',
    remove: 'contract:employe:remove',
  },
  always,
);
