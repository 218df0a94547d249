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
  ])('%s is a write', (path) => expect(isGetWrite(path)).toBe(true));

  it.each([
    '/project/contract/list',
    '/project/contract/detailById',
    '/contract/fundPlan/list',
    '/v4/contract/deleteLog/list',
    '/project/approval/getCommonApprovalDetail',
  ])('%s is a read', (path) => expect(isGetWrite(path)).toBe(false));
});
