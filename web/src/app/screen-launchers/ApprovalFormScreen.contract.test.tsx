import { ApiError } from '@dpms/http-client';
import {
  aContractChildRow,
  aContractDocument,
  aContractRecord,
  aLixiangRecord,
} from '@dpms/wire/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ContractChildListPage } from '../../features/contract/ContractChildListPage';
import { ContractListView } from '../../features/contract/ContractLists';
import { LixiangListPage } from '../../features/contract/LixiangListPage';
import { ContractDocumentListPage } from '../../features/documents/ContractDocumentPages';
import {
  change,
  ok,
  openCentre,
  openScreen,
  page,
  sentTo,
  writesOf,
} from '../../features/approval/screen-test-kit';

const draft = aContractRecord({
  contractId: 1,
  stage: 'contract',
  status: -1,
  statusName: '待提交',
  approvalId: null,
  projectName: '草稿项目',
  contractName: '草稿合同',
  contractNo: 'HT-1',
});
const inReview = aContractRecord({
  contractId: 2,
  stage: 'contract',
  status: 0,
  approvalId: '9',
  contractName: '评审中合同',
  contractNo: 'HT-2',
});
const declared = aContractRecord({
  contractId: 3,
  stage: 'declare',
  stageName: '备案',
  status: -1,
  statusName: '待提交',
  approvalId: null,
  contractName: '备案项目合同',
  contractNo: 'BA-3',
});
const document = aContractDocument({ documentId: 5, status: -1 });
const filing = aLixiangRecord({ lxId: 8, status: -1, history: false, approvalId: null });
const child = aContractChildRow({
  contractChildId: 6,
  status: -1,
  history: false,
  approvalId: null,
});

const sentAnswer = (record: object) => () => ok({ ...record, status: 0, approvalId: '901' });
const ROUTES = {
  '/v4/contract/list': () => page([draft, inReview]),
  '/project/declare/list': () => page([declared]),
  '/v4/contract-document/list': () => page([document]),
  '/v4/lixiang/list': () => page([filing]),
  '/v4/contractChild/list': () => page([child]),
  '/project/contract/updateToApproval': sentAnswer(draft),
  '/project/declare/updateToApproval': sentAnswer(declared),
  '/v4/contract-document/updateToApproval': sentAnswer(document),
  '/project/lixiang/updateToApprovalV2': sentAnswer(filing),
  '/v4/contractChild/updateToApproval': sentAnswer(child),
};

/** 发起审批's picker: the record by name, then the screen's button. */
async function pickAndSend(form: HTMLElement, picker: string, option: string, button: string) {
  const select = within(form).getByLabelText(picker);
  const choice = await within(select).findByText(option);
  change(form, picker, (choice as HTMLOptionElement).value);
  fireEvent.click(within(form).getByRole('button', { name: button }));
}

/** A row action of the record's screen, confirmed when the screen asks. */
async function rowAction(rowText: string, button: string, confirms = false) {
  const row = (await screen.findByText(rowText)).closest('tr');
  if (row === null) throw new Error(`no row ${rowText}`);
  fireEvent.click(within(row).getByRole('button', { name: button }));
  if (confirms) fireEvent.click(await screen.findByRole('button', { name: '确定' }));
}

describe('发起审批 of a contract review (1_x) is 合同管理’s 提交评审 of a picked contract', () => {
  it('asks for the contract by name before anything is sent, and offers only what may be sent', async () => {
    const centre = await openCentre('Contract', '1_3', ROUTES);
    const picker = within(centre.form).getByLabelText('关联合同');
    await within(picker).findByText('草稿合同（HT-1）');
    // A contract in review is not offered: 提交评审 is not the screen's action on it.
    expect(within(picker).queryByText('评审中合同（HT-2）')).toBeNull();
    fireEvent.click(within(centre.form).getByRole('button', { name: '提交评审' }));
    const alert = centre.form.querySelector('[data-field="recordId"] [role="alert"]');
    expect(alert?.textContent).toBe('请选择关联合同');
    expect(writesOf(centre.api)).toEqual([]);
  });

  it('sends the picked contract with the chosen code through 合同管理’s own call, as the screen does', async () => {
    const centre = await openCentre('Contract', '1_3', ROUTES);
    await pickAndSend(centre.form, '关联合同', '草稿合同（HT-1）', '提交评审');
    await sentTo(centre.api, '/project/contract/updateToApproval');
    await waitFor(() => expect(centre.saved).toHaveBeenCalledWith('901'));
    const fromCentre = writesOf(centre.api);

    const screenApi = openScreen(<ContractListView mode="contract" />, ROUTES);
    await rowAction('草稿合同', '提交评审');
    await sentTo(screenApi, '/project/contract/updateToApproval');
    const fromScreen = writesOf(screenApi);
    expect(fromScreen).toEqual([
      { url: '/project/contract/updateToApproval', body: { contractId: 1 } },
    ]);
    // The same record through the same call; 发起审批 adds only the code the person chose.
    expect(fromCentre).toEqual([
      { url: fromScreen[0]?.url, body: { ...fromScreen[0]?.body, typeCode: '1_3' } },
    ]);
  });

  it('says so when none of its records can be read, rather than that none may be sent', async () => {
    const {
      '/v4/contract/list': _contracts,
      '/v4/contract-document/list': _texts,
      ...rest
    } = ROUTES;
    void [_contracts, _texts];
    const centre = await openCentre('Contract', '1_1', rest);
    const picker = within(centre.form).getByLabelText('关联合同');
    expect(await within(picker).findByText('合同加载失败')).toBeTruthy();
  });

  it('offers the contract texts of a user who may not read 合同管理’s list', async () => {
    const { '/v4/contract/list': _unread, ...rest } = ROUTES;
    void _unread;
    const centre = await openCentre('Contract', '1_1', rest);
    const picker = within(centre.form).getByLabelText('关联合同');
    await within(picker).findByText('合同文本：技术咨询合同 滨江花园二期技术咨询合同');
    expect(within(picker).queryByText('合同加载失败')).toBeNull();
  });

  it('shows the record’s own refusal beside the picker', async () => {
    const refusal = new ApiError('CONTRACT.MISSING', '请先填写甲方', 400, false, 'signByMain', [
      { field: 'signByMain', message: '请先填写甲方' },
    ]);
    const centre = await openCentre('Contract', '1_1', {
      ...ROUTES,
      '/project/contract/updateToApproval': () => {
        throw refusal;
      },
    });
    await pickAndSend(centre.form, '关联合同', '草稿合同（HT-1）', '提交评审');
    await waitFor(() =>
      expect(centre.form.querySelector('[data-field="recordId"] [role="alert"]')?.textContent).toBe(
        '请先填写甲方',
      ),
    );
    expect(centre.saved).not.toHaveBeenCalled();
  });

  it('sends a contract text as 24_1 through 合同文本’s own call', async () => {
    const centre = await openCentre('Contract', '24_1', ROUTES);
    const picker = within(centre.form).getByLabelText('关联合同');
    await within(picker).findByText('合同文本：技术咨询合同 滨江花园二期技术咨询合同');
    // The contract route takes 1_x only: 24_1 offers the texts alone.
    expect(within(picker).queryByText('草稿合同（HT-1）')).toBeNull();
    await pickAndSend(
      centre.form,
      '关联合同',
      '合同文本：技术咨询合同 滨江花园二期技术咨询合同',
      '提交审批',
    );
    await sentTo(centre.api, '/v4/contract-document/updateToApproval');
    const fromCentre = writesOf(centre.api);

    const screenApi = openScreen(<ContractDocumentListPage />, ROUTES);
    await rowAction('滨江花园二期技术咨询合同', '提交审批');
    await sentTo(screenApi, '/v4/contract-document/updateToApproval');
    const fromScreen = writesOf(screenApi);
    expect(fromCentre).toEqual([
      { url: fromScreen[0]?.url, body: { ...fromScreen[0]?.body, typeCode: '24_1' } },
    ]);
    expect(fromScreen[0]?.body).toEqual({ documentId: 5 });
  });
});

describe('发起审批 of a filing (2_x) or a payment contract (5_x) is its screen’s 提交审批', () => {
  it('sends a declared project as 项目备案 does', async () => {
    const centre = await openCentre('Declare', '2_2', ROUTES);
    await pickAndSend(centre.form, '关联合同', '备案：备案项目合同', '提交审批');
    await sentTo(centre.api, '/project/declare/updateToApproval');
    const fromCentre = writesOf(centre.api);

    const screenApi = openScreen(<ContractListView mode="declare" />, ROUTES);
    await rowAction('备案项目合同', '提交审批');
    await sentTo(screenApi, '/project/declare/updateToApproval');
    const fromScreen = writesOf(screenApi);
    expect(fromScreen[0]?.body).toEqual({ contractId: 3 });
    expect(fromCentre).toEqual([
      { url: fromScreen[0]?.url, body: { ...fromScreen[0]?.body, typeCode: '2_2' } },
    ]);
  });

  it('offers the filings (立项) of a user who may not read 项目备案’s list', async () => {
    const { '/project/declare/list': _unread, ...rest } = ROUTES;
    void _unread;
    const centre = await openCentre('Declare', '2_1', rest);
    const picker = within(centre.form).getByLabelText('关联合同');
    await within(picker).findByText(`立项：${filing.projectName}（${filing.lxNo}）`);
    expect(within(picker).queryByText('合同加载失败')).toBeNull();
  });

  it('offers the contract texts of a user who may not read 分包合同’s list', async () => {
    const { '/v4/contractChild/list': _unread, ...rest } = ROUTES;
    void _unread;
    const centre = await openCentre('Contract', '5_1', rest);
    const picker = within(centre.form).getByLabelText('关联合同');
    await within(picker).findByText('合同文本：技术咨询合同 滨江花园二期技术咨询合同');
  });

  it('sends a project filing (立项) as 项目立项 does', async () => {
    const centre = await openCentre('Declare', '2_1', ROUTES);
    const label = `立项：${filing.projectName}（${filing.lxNo}）`;
    await pickAndSend(centre.form, '关联合同', label, '提交审批');
    await sentTo(centre.api, '/project/lixiang/updateToApprovalV2');
    const fromCentre = writesOf(centre.api);

    const screenApi = openScreen(<LixiangListPage />, ROUTES);
    await rowAction(filing.projectName, '提交审批', true);
    await sentTo(screenApi, '/project/lixiang/updateToApprovalV2');
    const fromScreen = writesOf(screenApi);
    expect(fromScreen[0]?.body).toEqual({ lxId: 8 });
    expect(fromCentre).toEqual([
      { url: fromScreen[0]?.url, body: { ...fromScreen[0]?.body, typeCode: '2_1' } },
    ]);
  });

  it('sends a sub-contract as 分包合同 does', async () => {
    const centre = await openCentre('Contract', '5_2', ROUTES);
    const label = `分包合同：${child.contractChildNo} ${child.receiveCompanyName}（${child.contractName}）`;
    await pickAndSend(centre.form, '关联合同', label, '提交审批');
    await sentTo(centre.api, '/v4/contractChild/updateToApproval');
    const fromCentre = writesOf(centre.api);

    const screenApi = openScreen(<ContractChildListPage />, ROUTES);
    await rowAction(child.contractChildNo, '提交审批', true);
    await sentTo(screenApi, '/v4/contractChild/updateToApproval');
    const fromScreen = writesOf(screenApi);
    expect(fromScreen[0]?.body).toEqual({ contractChildId: 6 });
    expect(fromCentre).toEqual([
      { url: fromScreen[0]?.url, body: { ...fromScreen[0]?.body, typeCode: '5_2' } },
    ]);
  });
});
