import type { TemplateKind } from '@dpms/core';
import { ApiError } from '@dpms/http-client';
import { aContractRecord, anArchiveRow, aTaskRecord } from '@dpms/wire/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { ApprovalForm } from './ApprovalForm';
import { CENTRE_ROUTES, change, ok, page } from './screen-test-kit';

/*
 * The forms 发起审批 sends on a record it picks (4_1 产值确认 on a task, 27_1 档案借阅 on an
 * archive, 28_1 合同变更 on a contract): a blank 提交 marks the picker and every required field
 * at once and sends nothing; a filled one sends the wire body with the record it names.
 */

const created = () => ok({ approvalId: '9', status: 0, version: 1, currentNodeName: '部门负责人' });

/** 发起审批 of `kind`, switched to `typeCode` when it is not the kind's first. */
async function open(
  kind: TemplateKind,
  routes: Record<string, (input: Record<string, unknown>) => unknown>,
  typeCode?: string,
) {
  const api = new FakeApi({ ...CENTRE_ROUTES, ...routes });
  const saved = vi.fn();
  renderWithApi(<ApprovalForm initialKind={kind} onClose={() => undefined} onSaved={saved} />, api);
  const form = await screen.findByTestId('approval-form');
  if (typeCode !== undefined) change(form, '审批类型', typeCode);
  return { api, form, saved };
}

/** The problem shown beside a field (`data-field`), once it shows. */
const problemOf = (form: HTMLElement, field: string) =>
  waitFor(() => {
    const alert = form.querySelector(`[data-field="${field}"] [role="alert"]`);
    expect(alert).not.toBeNull();
    return alert?.textContent ?? '';
  });

/** Picks a record by its name in the picker labelled `label`. */
async function pick(form: HTMLElement, label: string, name: string, id: string) {
  const picker = within(form).getByLabelText(label);
  await within(picker).findByText(name);
  fireEvent.change(picker, { target: { value: id } });
}

const submit = (form: HTMLElement) =>
  fireEvent.click(within(form).getByRole('button', { name: '提交' }));

describe('发起审批 of 产值确认 (4_1) on a task', () => {
  const routes = {
    '/v4/design-task/list': () =>
      page([aTaskRecord({ taskId: 5, taskNo: 'RW-5', taskName: '滨江幼儿园施工图' })]),
    '/project/approval/addCommonTemplate': created,
  };

  it('marks the task picker and the confirmed amount on a blank 提交 and sends nothing', async () => {
    const { api, form } = await open('Common', routes, '4_1');
    // The value record is created at once: no draft from here.
    expect(within(form).queryByRole('button', { name: '保存草稿' })).toBeNull();
    submit(form);
    expect(await problemOf(form, 'recordId')).toBe('请选择关联任务单');
    expect(await problemOf(form, 'confirmFinishAmount')).toContain('确认完成产值');
    expect(api.sent('/project/approval/addCommonTemplate')).toHaveLength(0);
  });

  it('sends the picked task and the amount, and clears each problem as it is put right', async () => {
    const { api, form, saved } = await open('Common', routes, '4_1');
    submit(form);
    await problemOf(form, 'confirmFinishAmount');
    await pick(form, '关联任务单', '滨江幼儿园施工图（RW-5）', '5');
    expect(form.querySelector('[data-field="recordId"] [role="alert"]')).toBeNull();
    // Checked live once tried: a malformed amount is refused before anything is sent.
    change(form, '确认完成产值（万元）', 'abc');
    expect(await problemOf(form, 'confirmFinishAmount')).not.toBe('');
    change(form, '确认完成产值（万元）', '12.5');
    await waitFor(() =>
      expect(form.querySelector('[data-field="confirmFinishAmount"] [role="alert"]')).toBeNull(),
    );
    submit(form);
    await waitFor(() => expect(saved).toHaveBeenCalledWith('9'));
    const [body] = api.sent('/project/approval/addCommonTemplate');
    expect(body).toMatchObject({
      typeCode: '4_1',
      recordKind: 'task',
      recordId: '5',
      submit: true,
      content: { confirmFinishAmount: { value: '12.5' } },
    });
  });
});

describe('发起审批 of 档案借阅 (27_1) on an archive', () => {
  const routes = {
    '/project/archives/list': () =>
      page([anArchiveRow({ archiveId: 3, archiveName: '滨江幼儿园竣工档案', archiveNo: 'DA-3' })]),
    '/project/approval/addArchivesApprovalTemplate': created,
  };

  it('marks the archive picker and the borrowing’s required fields on a blank 提交', async () => {
    const { api, form } = await open('ArchivesApproval', routes);
    expect(within(form).getByLabelText<HTMLSelectElement>('审批类型').value).toBe('27_1');
    submit(form);
    expect(await problemOf(form, 'recordId')).toBe('请选择关联档案');
    for (const field of ['archivesName', 'purpose', 'startDate', 'endDate'])
      expect(await problemOf(form, field)).not.toBe('');
    expect(api.sent('/project/approval/addArchivesApprovalTemplate')).toHaveLength(0);
  });

  it('sends the picked archive, its name filled in, with the borrowing', async () => {
    const { api, form, saved } = await open('ArchivesApproval', routes);
    await pick(form, '关联档案', '滨江幼儿园竣工档案（DA-3）', '3');
    expect(within(form).getByLabelText<HTMLInputElement>('档案名称').value).toBe(
      '滨江幼儿园竣工档案',
    );
    change(form, '借阅目的', '施工图复核');
    change(form, '借阅开始日期', '2026-11-30');
    change(form, '借阅结束日期', '2026-12-04');
    submit(form);
    await waitFor(() => expect(saved).toHaveBeenCalledWith('9'));
    expect(api.sent('/project/approval/addArchivesApprovalTemplate')[0]).toMatchObject({
      typeCode: '27_1',
      recordKind: 'archive',
      recordId: '3',
      submit: true,
      content: {
        archivesName: { value: '滨江幼儿园竣工档案' },
        purpose: { value: '施工图复核' },
        startDate: { value: '2026-11-30' },
        endDate: { value: '2026-12-04' },
      },
    });
  });
});

describe('发起审批 of 合同变更 (28_1) on a contract', () => {
  const contract = aContractRecord({
    contractId: 41,
    contractName: '滨江幼儿园设计合同',
    contractNo: 'HT-41',
    signByMain: '原甲方',
    totalAmount: '960',
  });
  const routes = {
    '/v4/contract/list': () => page([contract]),
    '/project/contract/detailById': () => ok({ ...contract, history: [] }),
    '/project/approval/addContractChangeTemplate': created,
  };

  it('marks the contract picker and the change’s required fields on a blank 提交', async () => {
    const { api, form } = await open('ContractChange', routes);
    submit(form);
    expect(await problemOf(form, 'recordId')).toBe('请选择关联合同');
    expect(await problemOf(form, 'contractName')).not.toBe('');
    expect(await problemOf(form, 'contractContent')).not.toBe('');
    expect(api.sent('/project/approval/addContractChangeTemplate')).toHaveLength(0);
  });

  it('refuses a change field beside it, then sends the record and the fields changed', async () => {
    const { api, form, saved } = await open('ContractChange', routes);
    await pick(form, '关联合同', '滨江幼儿园设计合同（HT-41）', '41');
    const fields = await within(form).findByTestId('centre-change-fields');
    await within(fields).findByText('变更前：原甲方');
    change(fields, '甲方', '甲'.repeat(201));
    change(fields, '合同金额', '1000');
    change(form, '变更内容', '甲方更名，合同额调整');
    submit(form);
    // The contract change call's own schema, beside the field it names; nothing sent.
    expect(await problemOf(form, 'signByMain')).toBe('甲方不能超过200个字符');
    expect(api.sent('/project/approval/addContractChangeTemplate')).toHaveLength(0);
    change(fields, '甲方', '新甲方');
    await waitFor(() =>
      expect(form.querySelector('[data-field="signByMain"] [role="alert"]')).toBeNull(),
    );
    submit(form);
    await waitFor(() => expect(saved).toHaveBeenCalledWith('9'));
    expect(api.sent('/project/approval/addContractChangeTemplate')[0]).toMatchObject({
      typeCode: '28_1',
      recordKind: 'contract',
      recordId: '41',
      submit: true,
      recordFields: { signByMain: '新甲方', totalAmount: '1000' },
      content: {
        contractName: { value: '滨江幼儿园设计合同' },
        contractContent: { value: '甲方更名，合同额调整' },
      },
    });
  });

  it('puts the server’s refusal of a change field beside that field, until it is changed', async () => {
    const refusal = new ApiError(
      'VALIDATION.MAX_LENGTH',
      '甲方不能超过200个字符',
      400,
      false,
      'signByMain',
      [{ field: 'signByMain', message: '甲方不能超过200个字符' }],
    );
    const { api, form } = await open('ContractChange', {
      ...routes,
      '/project/approval/addContractChangeTemplate': () => {
        throw refusal;
      },
    });
    await pick(form, '关联合同', '滨江幼儿园设计合同（HT-41）', '41');
    const fields = await within(form).findByTestId('centre-change-fields');
    await within(fields).findByText('变更前：原甲方');
    change(fields, '甲方', '新甲方');
    change(form, '变更内容', '甲方更名');
    submit(form);
    await waitFor(() =>
      expect(api.sent('/project/approval/addContractChangeTemplate')).toHaveLength(1),
    );
    // The change field's own name: beside the change field, not the template's.
    const alert = await waitFor(() => {
      const a = fields.querySelector('[data-field="signByMain"] [role="alert"]');
      expect(a).not.toBeNull();
      return a;
    });
    expect(alert?.textContent).toBe('甲方不能超过200个字符');
    // Emptying another field re-checks the whole form (its own problem shows once that has run),
    // and the refusal stays beside its field.
    change(form, '变更内容', '');
    await waitFor(() => {
      expect(form.querySelector('[data-field="contractContent"] [role="alert"]')).not.toBeNull();
      expect(fields.querySelector('[data-field="signByMain"] [role="alert"]')?.textContent).toBe(
        '甲方不能超过200个字符',
      );
    });
    change(fields, '甲方', '新甲方二');
    await waitFor(() =>
      expect(fields.querySelector('[data-field="signByMain"] [role="alert"]')).toBeNull(),
    );
  });
});
