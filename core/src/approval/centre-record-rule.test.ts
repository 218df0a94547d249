import { describe, expect, it } from 'vitest';
import { INVOICE_RECORD_KIND } from '../account/invoice.use-case.js';
import { ARCHIVE_BORROW_RECORD_KIND } from '../archives/archive-borrow.js';
import { CLOSING_RECORD_KIND } from '../closing/closing.js';
import { CONTRACT_CHANGE_RECORD_KIND } from '../contract/contract-change.js';
import { CONTRACT_CHILD_RECORD_KIND } from '../contract/contract-child.use-case.js';
import { CONTRACT_RECORD_KIND } from '../contract/contract-record.js';
import { LIXIANG_RECORD_KIND } from '../contract/lixiang.js';
import { LIXIANG_CHANGE_RECORD_KIND } from '../contract/lixiang-change.js';
import { lixiangActions } from '../contract/sub-record-actions.js';
import { CONTRACT_DOCUMENT_RECORD_KIND } from '../documents/contract-document.use-case.js';
import { FUND_PERFORM_RECORD_KIND, FUND_PLAN_RECORD_KIND } from '../fund-plan/fund-plan.js';
import { FUND_PAY_RECORD_KIND } from '../fund-pay/fund-pay.js';
import { LOAN_RECORD_KIND } from '../fund/fund-service-base.js';
import { TASK_RECORD_KIND } from '../task/task-approval.js';
import { RESULT_SEAL_RECORD_KIND } from '../task/task-inputs.js';
import { TASK_VALUE_RECORD_KIND } from '../task/task-value-approval.service.js';
import { invoiceListActions } from '../account/invoice-actions.js';
import { ARCHIVE_ACTION_PERMISSIONS } from '../archives/archive-actions.js';
import { SEAL_SUBMIT_PERMISSION, TASK_SUBMIT_PERMISSION } from '../task/task-actions.js';
import { closingActions } from '../closing/closing-actions.js';
import { loanActions } from '../fund/loan-actions.js';
import {
  APPROVAL_TYPE_CATALOGUE,
  approvalRecordLink,
  centreRecordPermissions,
  opensScreenForm,
} from './approval-type-catalogue.js';
import {
  checkCentreEdit,
  checkCentreRecord,
  checkCentreRecordPermission,
  checkCentreSend,
} from './centre-record-rule.js';

const KNOWN_KINDS = new Set([
  INVOICE_RECORD_KIND,
  ARCHIVE_BORROW_RECORD_KIND,
  CLOSING_RECORD_KIND,
  CONTRACT_CHANGE_RECORD_KIND,
  CONTRACT_CHILD_RECORD_KIND,
  CONTRACT_RECORD_KIND,
  LIXIANG_RECORD_KIND,
  LIXIANG_CHANGE_RECORD_KIND,
  CONTRACT_DOCUMENT_RECORD_KIND,
  FUND_PERFORM_RECORD_KIND,
  FUND_PLAN_RECORD_KIND,
  FUND_PAY_RECORD_KIND,
  LOAN_RECORD_KIND,
  TASK_RECORD_KIND,
  RESULT_SEAL_RECORD_KIND,
  TASK_VALUE_RECORD_KIND,
]);

const kinds = (linkable: readonly string[] = [TASK_RECORD_KIND]) => ({
  linkableFromCentre: (k: string) => linkable.includes(k),
  linksAnyCode: (k: string) => k === 'testRecord',
});

describe('what each form carries (core table)', () => {
  it('names only record kinds the domains register', () => {
    for (const t of APPROVAL_TYPE_CATALOGUE) {
      for (const k of t.record?.recordKinds ?? [])
        expect(KNOWN_KINDS, `${t.code} ${k}`).toContain(k);
    }
  });

  it('keeps only 19_1, 22_1 and the seal-use, blueprint and technical-management requests free', () => {
    const free = APPROVAL_TYPE_CATALOGUE.filter((t) => t.record === undefined).map((t) => t.code);
    expect(free).toEqual(['17_1', '17_2', '17_3', '18_1', '19_1', '21_1', '22_1']);
  });

  it('ties the money forms to their records', () => {
    expect(approvalRecordLink('23_1')).toMatchObject({
      recordKinds: [INVOICE_RECORD_KIND],
      fromCentre: 'create',
      picker: 'contract',
    });
    expect(approvalRecordLink('10_1')?.recordKinds).toEqual([LOAN_RECORD_KIND]);
    expect(approvalRecordLink('11_2')?.recordKinds).toEqual([CLOSING_RECORD_KIND]);
    expect(approvalRecordLink('20_1')?.recordKinds).toEqual([FUND_PAY_RECORD_KIND]);
    expect(approvalRecordLink('27_1')?.picker).toBe('archive');
    expect(approvalRecordLink('28_1')?.recordKinds).toEqual([CONTRACT_CHANGE_RECORD_KIND]);
  });
});

describe('the approval centre’s record rule', () => {
  it('refuses every linked form without its record, naming recordId with the picker', () => {
    for (const t of APPROVAL_TYPE_CATALOGUE.filter((x) => x.record !== undefined)) {
      const r = checkCentreRecord({ typeCode: t.code }, kinds());
      expect(r.ok, t.code).toBe(false);
      if (!r.ok) {
        expect(r.error.field).toBe('recordId');
        expect(r.error.code).toBe('VALIDATION.RECORD_ID');
      }
    }
    expect(checkCentreRecord({ typeCode: '23_1', recordKind: 'contract' }, kinds())).toMatchObject({
      ok: false,
      error: { message: '请选择关联合同', field: 'recordId' },
    });
    expect(checkCentreRecord({ typeCode: '27_1', recordId: ' ' }, kinds())).toMatchObject({
      ok: false,
      error: { message: '请选择关联档案' },
    });
  });

  it('lets free forms through with or without a record', () => {
    expect(checkCentreRecord({ typeCode: '22_1' }, kinds()).ok).toBe(true);
    expect(checkCentreRecord({ typeCode: '19_1' }, kinds()).ok).toBe(true);
  });

  it('refuses a form its record’s screen sends, naming the screen', () => {
    const r = checkCentreRecord(
      { typeCode: '8_1', recordKind: FUND_PLAN_RECORD_KIND, recordId: '3' },
      kinds(),
    );
    expect(r).toMatchObject({ ok: false, error: { field: 'recordKind' } });
    expect(r.ok ? '' : r.error.message).toContain('月度资金计划');
  });

  it('takes a loan (10_1) and a closing (11_x) only through their record’s use case, on their picker', () => {
    // The engine path (a record named directly, or the picker sent straight to the engine) is
    // refused: only CentreForms, which calls 借款管理's and 结算结案's own use cases, creates them.
    for (const ref of [
      { typeCode: '10_1', recordKind: LOAN_RECORD_KIND, recordId: '3' },
      { typeCode: '10_1', recordKind: 'dept', recordId: '3' },
      { typeCode: '11_2', recordKind: CLOSING_RECORD_KIND, recordId: '3' },
      { typeCode: '16_1', recordKind: FUND_PAY_RECORD_KIND, recordId: '3' },
    ])
      expect(checkCentreRecord(ref, kinds()), ref.recordKind).toMatchObject({
        ok: false,
        error: { field: 'recordKind' },
      });
    expect(
      checkCentreRecord(
        { typeCode: '10_1', recordKind: 'dept', recordId: '3' },
        kinds(),
        'record-use-case',
      ).ok,
    ).toBe(true);
    expect(
      checkCentreRecord(
        { typeCode: '11_1', recordKind: 'contract', recordId: '3' },
        kinds(),
        'record-use-case',
      ).ok,
    ).toBe(true);
    // A payment on its pay item (16_x) or its plan line (20_1).
    expect(
      checkCentreRecord(
        { typeCode: '16_2', recordKind: 'payItem', recordId: '3' },
        kinds(),
        'record-use-case',
      ).ok,
    ).toBe(true);
    expect(
      checkCentreRecord(
        { typeCode: '20_1', recordKind: 'paymentPlan', recordId: '3' },
        kinds(),
        'record-use-case',
      ).ok,
    ).toBe(true);
    // Without the team picked: 请选择关联借款部门, on the picker.
    expect(checkCentreRecord({ typeCode: '10_1' }, kinds())).toMatchObject({
      ok: false,
      error: { field: 'recordId', message: '请选择关联借款部门' },
    });
  });

  it('shows the record screen’s own dialog for a loan and a closing, the template form for an invoice', () => {
    expect(opensScreenForm(approvalRecordLink('10_1'))).toBe(true);
    expect(opensScreenForm(approvalRecordLink('11_2'))).toBe(true);
    expect(opensScreenForm(approvalRecordLink('16_1'))).toBe(true);
    expect(opensScreenForm(approvalRecordLink('8_1'))).toBe(true);
    expect(opensScreenForm(approvalRecordLink('23_1'))).toBe(false);
    expect(opensScreenForm(approvalRecordLink('22_1'))).toBe(false);
  });

  it('links a task sheet the centre may link, and nothing of another kind', () => {
    expect(
      checkCentreRecord({ typeCode: '3_1', recordKind: TASK_RECORD_KIND, recordId: '5' }, kinds())
        .ok,
    ).toBe(true);
    expect(
      checkCentreRecord(
        { typeCode: '3_1', recordKind: INVOICE_RECORD_KIND, recordId: '5' },
        kinds(),
      ),
    ).toMatchObject({ ok: false, error: { field: 'recordKind' } });
    // A task kind the registry keeps closed to the centre is refused too.
    expect(
      checkCentreRecord({ typeCode: '3_1', recordKind: TASK_RECORD_KIND, recordId: '5' }, kinds([]))
        .ok,
    ).toBe(false);
  });

  it('sends a created form only through its record’s use case', () => {
    const ref = { typeCode: '23_1', recordKind: 'contract', recordId: '7' };
    expect(checkCentreRecord(ref, kinds()).ok).toBe(false);
    expect(checkCentreRecord(ref, kinds(), 'record-use-case').ok).toBe(true);
    expect(
      checkCentreRecord({ ...ref, recordKind: 'archive' }, kinds(), 'record-use-case').ok,
    ).toBe(false);
  });

  it('lets a stand-in record (the engine suites’ test record) link any form', () => {
    expect(
      checkCentreRecord({ typeCode: '24_1', recordKind: 'testRecord', recordId: 'x' }, kinds()).ok,
    ).toBe(true);
  });

  it('leaves the content of a form its record wrote to the record’s screen', () => {
    const r = checkCentreEdit('23_1', INVOICE_RECORD_KIND);
    expect(r).toMatchObject({ ok: false, error: { code: 'APPROVAL.EDIT_ON_RECORD_SCREEN' } });
    expect(r.ok ? '' : r.error.message).toContain('开票管理');
    expect(checkCentreEdit('28_1', CONTRACT_CHANGE_RECORD_KIND).ok).toBe(false);
  });

  it('refuses editing a linked form that carries no record', () => {
    expect(checkCentreEdit('23_1', null)).toMatchObject({
      ok: false,
      error: { field: 'recordId' },
    });
    expect(checkCentreEdit('3_1', TASK_RECORD_KIND).ok).toBe(true);
    expect(checkCentreEdit('23_1', 'testRecord').ok).toBe(true);
    expect(checkCentreEdit('22_1', null).ok).toBe(true);
  });
});

describe('the record screen’s permission on the centre path (core table)', () => {
  it('names the permission each create or link form’s record routes check', () => {
    expect(centreRecordPermissions('23_1')).toEqual([invoiceListActions.permissions.add]);
    expect(centreRecordPermissions('27_1')).toEqual([ARCHIVE_ACTION_PERMISSIONS.borrow]);
    expect(centreRecordPermissions('3_2')).toEqual([TASK_SUBMIT_PERMISSION]);
    expect(centreRecordPermissions('4_1')).toEqual(['project:valueConfirm:list']);
    expect(centreRecordPermissions('28_1')).toEqual(['project:contract:edit']);
    expect(centreRecordPermissions('12_2')).toEqual([lixiangActions.permissions.edit]);
    // 借款管理's 申请借款 with 送审, 结算结案's 提交审批 (save and send under one permission).
    expect(centreRecordPermissions('10_1')).toEqual([loanActions.permissions.submit]);
    expect(centreRecordPermissions('11_1')).toEqual([closingActions.permissions.edit]);
    expect(centreRecordPermissions('11_2')).toEqual([closingActions.permissions.submit]);
    // 资金支付's 新增付款 with 送审 (the add route's own permission).
    expect(centreRecordPermissions('16_1')).toEqual(['contract:fundPay:add']);
    expect(centreRecordPermissions('20_1')).toEqual(['contract:fundPay:add']);
    expect(centreRecordPermissions('25_1')).toEqual([
      'project:resultSeal:add',
      SEAL_SUBMIT_PERMISSION,
    ]);
  });

  it('gives every create or link form a permission, and none to free or screen forms', () => {
    for (const t of APPROVAL_TYPE_CATALOGUE) {
      const required = centreRecordPermissions(t.code);
      if (t.record === undefined || t.record.fromCentre === 'screen')
        expect(required, t.code).toEqual([]);
      else expect(required.length, t.code).toBeGreaterThan(0);
    }
  });
});

describe('checkCentreRecordPermission', () => {
  const ref = { typeCode: '23_1', recordKind: 'contract', recordId: '9' };
  it('refuses a record form without its screen’s permission, naming the screen (403)', () => {
    const r = checkCentreRecordPermission(ref, ['project:approval:add'], kinds());
    expect(r).toMatchObject({ ok: false, error: { code: 'APPROVAL.NO_PERMISSION' } });
    expect(r.ok ? '' : r.error.message).toContain('开票管理');
  });
  it('lets the holder, the wildcard, a free form and a stand-in record through', () => {
    const held = ['project:approval:add', invoiceListActions.permissions.add];
    expect(checkCentreRecordPermission(ref, held, kinds()).ok).toBe(true);
    expect(checkCentreRecordPermission(ref, ['*:*:*'], kinds()).ok).toBe(true);
    expect(checkCentreRecordPermission({ typeCode: '22_1' }, [], kinds()).ok).toBe(true);
    expect(checkCentreRecordPermission({ ...ref, recordKind: 'testRecord' }, [], kinds()).ok).toBe(
      true,
    );
  });
  it('asks for every permission a seal on results needs (added, then sent)', () => {
    const seal = { typeCode: '25_1', recordKind: 'task', recordId: '3' };
    expect(checkCentreRecordPermission(seal, ['project:resultSeal:add'], kinds()).ok).toBe(false);
    expect(
      checkCentreRecordPermission(seal, ['project:resultSeal:add', SEAL_SUBMIT_PERMISSION], kinds())
        .ok,
    ).toBe(true);
  });
});

describe('checkCentreSend', () => {
  const sent = { typeCode: '23_1', recordKind: INVOICE_RECORD_KIND, recordId: '5' };
  it('asks a form being sent or resent for its screen’s permission again', () => {
    const r = checkCentreSend(true, sent, ['project:approval:add'], kinds());
    expect(r).toMatchObject({ ok: false, error: { code: 'APPROVAL.NO_PERMISSION' } });
    const held = ['project:approval:add', invoiceListActions.permissions.add];
    expect(checkCentreSend(true, sent, held, kinds()).ok).toBe(true);
  });
  it('leaves a save, a free form and a call that is not the centre’s alone', () => {
    expect(checkCentreSend(false, sent, [], kinds()).ok).toBe(true);
    expect(checkCentreSend(true, { ...sent, typeCode: '22_1' }, [], kinds()).ok).toBe(true);
    expect(checkCentreSend(true, sent, undefined, kinds()).ok).toBe(true);
  });
});
