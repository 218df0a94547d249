import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aContractDocument } from '@dpms/wire/testing';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { ContractDocumentListPage } from './ContractDocumentPages';

const doc = (documentId: number, contractName: string, status: -1 | 0 | 1, statusName: string) =>
  aContractDocument({
    documentId,
    contractName,
    signByMain: '乙方公司',
    totalAmount: '10',
    status,
    statusName,
    editable: status === -1,
    approvalId: status === -1 ? null : String(documentId),
    createBy: 'jingying',
  });

function api() {
  return new FakeApi({
    '/v4/contract-document/list': () => ({
      code: 200,
      msg: '操作成功',
      total: 3,
      rows: [
        doc(1, '草稿文本', -1, '待提交'),
        doc(2, '审批中文本', 0, '审批中'),
        doc(3, '已通过文本', 1, '已通过'),
      ],
    }),
  });
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

describe('合同文本 offers only what the server accepts', () => {
  it('offers 删除 and 提交审批 on a draft, never on a document in approval or approved', async () => {
    renderWithApi(<ContractDocumentListPage />, api());
    const draft = within(await rowOf('草稿文本'));
    expect(draft.getByText('删除')).toBeTruthy();
    expect(draft.getByText('提交审批')).toBeTruthy();
    for (const name of ['审批中文本', '已通过文本']) {
      const row = within(await rowOf(name));
      expect(row.queryByText('删除')).toBeNull();
      expect(row.queryByText('提交审批')).toBeNull();
    }
  });

  it('offers no 删除 without project:document:remove', async () => {
    renderWithApi(<ContractDocumentListPage />, api(), {
      permissions: ['project:document:list', 'project:document:edit'],
    });
    const draft = within(await rowOf('草稿文本'));
    expect(draft.queryByText('删除')).toBeNull();
    expect(draft.getByText('提交审批')).toBeTruthy();
  });
});
