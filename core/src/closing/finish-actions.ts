import { actionRule } from '../session/action-actor.js';
import { err, ok, type Result } from '../shared/result.js';
import { finishErrors } from './finish-messages.js';
import type { FinishContract } from './finish.js';

/**
 * What a contract's finish confirmation (完工, 结案 › 合同完工) offers, decided once for the
 * finish dialog and the finish routes: 确认完成产值 and 上传完工文件 on a formal contract not yet
 * finished; 删除 of a confirmation until the contract is finished; 确认完成 when nothing blocks
 * it (core's `finishBlockers`). Reading the overview needs only the contract's query permission.
 */
export type FinishAction = 'view' | 'confirmAmount' | 'unconfirm' | 'upload' | 'finish';

/** The permission each finish route declares. */
export const FINISH_ACTION_PERMISSIONS: Readonly<Record<FinishAction, string>> = {
  view: 'project:contract:query',
  confirmAmount: 'project:valueConfirm:list',
  unconfirm: 'project:valueConfirm:list',
  upload: 'project:contract:upload',
  finish: 'project:contract:finish',
};

/** A contract as the rule reads it, with what still blocks 确认完成 (core's `finishBlockers`). */
export interface FinishActionSubject extends Pick<FinishContract, 'stage' | 'finished'> {
  readonly blockers: readonly string[];
}

/** The state part of a finish action: the refusal the use case answers for the same state. */
export function finishStateCheck(action: FinishAction, c: FinishActionSubject): Result<void> {
  switch (action) {
    case 'view':
      return ok(undefined);
    case 'confirmAmount':
    case 'upload':
      if (c.stage !== 'formal') return err(finishErrors.notFormal());
      return c.finished ? err(finishErrors.finished()) : ok(undefined);
    case 'unconfirm':
      return c.finished ? err(finishErrors.finished()) : ok(undefined);
    case 'finish':
      return c.blockers.length === 0 ? ok(undefined) : err(finishErrors.conditions(c.blockers));
  }
}

export const finishActions = actionRule(FINISH_ACTION_PERMISSIONS, finishStateCheck);
