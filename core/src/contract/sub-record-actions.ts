import { actionRule, type RecordAction } from '../session/action-actor.js';
import { err, ok, type Result } from '../shared/result.js';
import { childErrors, isChildChangeable } from './contract-child.js';
import { lixiangStateCheck } from './lixiang.js';

export const lixiangActions = actionRule(
  { edit: 'project:lixiang:edit', submit: 'project:lixiang:edit' },
  (_action: 'edit' | 'submit', l: { readonly status: number; readonly history: boolean }) =>
    lixiangStateCheck(l),
);

/**
 * A sub-contract's 修改, 提交审批 and 删除: only a draft, rejected or withdrawn one that was not
 * recorded before the system. (Pay items exist only on an approved sub-contract, so a changeable
 * one never has any; the delete's own check of them stays in the use case.)
 */
export function childStateCheck(
  _action: RecordAction,
  c: { readonly status: number; readonly history: boolean },
): Result<void> {
  return isChildChangeable(c) ? ok(undefined) : err(childErrors.final());
}

export const contractChildActions = actionRule(
  {
    edit: 'project:contractChild:edit',
    submit: 'project:contractChild:edit',
    remove: 'project:contractChild:remove',
  },
  childStateCheck,
);
