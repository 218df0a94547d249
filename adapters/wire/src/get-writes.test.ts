import { describe, expect, it } from 'vitest';
import { isGetWrite } from './get-writes.js';

describe('isGetWrite: the writes the spec sends as GET', () => {
  it.each([
    '/project/contract/deleteById',
    '/project/stay/deleteById',
    '/project/contract/convertByStaySign',
    '/project/contract/convertByDeclareProject',
    '/project/contract/updateEffective',
    '/v4/contract/delUnEffectiveContract',
    '/contract/fundPlan/delete',
    '/contract/fundPerform/delete',
    '/system/major/deleteById?id=3',
    '/project/design-task/confirmByDesignZhuChi',
    '/project/design-task/confirmByProManagerHistory',
    '/v4/design-task/confirmTaskResultOnAcceptanceFile',
    '/project/design-task/updateConfirmFinishAmount?taskId=1',
  ])('%s is a write', (path) => expect(isGetWrite(path)).toBe(true));

  it.each([
    '/project/contract/list',
    '/project/contract/detailById',
    '/contract/fundPlan/list',
    '/v4/contract/deleteLog/list',
    '/project/approval/getCommonApprovalDetail',
    '/project/design-task/confirmTaskDetail',
    '/v4/design-task/confirmDetail',
  ])('%s is a read', (path) => expect(isGetWrite(path)).toBe(false));
});
