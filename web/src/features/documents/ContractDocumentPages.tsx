import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import {
  CONTRACT_DOC_TYPES,
  contractDocTitle,
  isContractDocType,
  mayActOnContractDocument,
  type ContractDocType,
} from '@dpms/core';
import type { ContractDocumentGateway } from '@dpms/http-client';
import { type StoredContractDocument } from '@dpms/http-client';
import { useNavigate, useSearchParams } from 'react-router';
import { useService } from '../../app/di';
import { useActionActor } from '../../app/hooks';
import { TOKENS } from '../../app/tokens';
import { HasPermi } from '../../components/auth/Access';
import { CrudPage } from '../../components/crud/CrudPage';
import { Button } from '../../components/ui/Button';
import { PageCard } from '../../components/ui/Page';
import { ContractDocumentEditor } from './ContractDocumentEditor';
import { useActionKeys } from '../../components/crud/action-keys';
import { useInstituteClock } from '../../components/time/institute-clock';

/** Where the editor lives: the hidden route of the menu seed (项目管理 › 填写合同文本). */
export const DOCUMENT_EDIT_PATH = '/project/documentEdit';

export const documentEditPath = (
  target: { documentId: number } | { type: ContractDocType },
  readOnly = false,
): string =>
  'documentId' in target
    ? `${DOCUMENT_EDIT_PATH}?documentId=${target.documentId}${readOnly ? '&readonly=1' : ''}`
    : `${DOCUMENT_EDIT_PATH}?type=${target.type}`;

/** A document in approval opened for signing (signtype 3): its signer approves or rejects there. */
export const documentSignPath = (documentId: number): string =>
  `${DOCUMENT_EDIT_PATH}?documentId=${documentId}&readonly=1&signtype=3`;

function useDocumentGateway(): ContractDocumentGateway {
  return useService(TOKENS.ContractDocumentGateway);
}

const positiveInt = (value: string | null): number | undefined => {
  const n = Number(value);
  return value !== null && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/**
 * 填写合同文本: `?type=1|2|3|6|7|8` starts a new document, `?documentId=` opens a stored one
 * (`&readonly=1` locks it, `&signtype=0..3` picks the footer's reading mode).
 */
export function ContractDocumentEditPage() {
  const gateway = useDocumentGateway();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const documentId = positiveInt(params.get('documentId'));
  const type = Number(params.get('type'));
  if (documentId === undefined && !isContractDocType(type)) {
    return (
      <PageCard title="填写合同文本">
        <p role="alert" className="text-danger-600">
          合同类型不正确，请从合同文本列表选择要填写的合同类型
        </p>
      </PageCard>
    );
  }
  return (
    <ContractDocumentEditor
      gateway={gateway}
      {...(documentId === undefined ? { type: type as ContractDocType } : { documentId })}
      readOnly={params.get('readonly') === '1'}
      signtype={params.get('signtype') ?? undefined}
      onCreated={(id) => void navigate(documentEditPath({ documentId: id }), { replace: true })}
    />
  );
}

const TYPE_OPTIONS = CONTRACT_DOC_TYPES.map((t) => ({
  value: String(t),
  label: contractDocTitle(t),
}));

/** 合同文本: the stored documents, a new one of any type, and their approval. */
export function ContractDocumentListPage() {
  const gateway = useDocumentGateway();
  const clock = useInstituteClock();
  const feedback = useService(TOKENS.Feedback);
  const actor = useActionActor();
  const keys = useActionKeys();
  const navigate = useNavigate();
  const open = (path: string) => void navigate(path);
  return (
    <CrudPage<StoredContractDocument, { contractName: string; docType: string; status: string }>
      title="合同文本"
      noun="合同文本"
      queryKey="contract-documents"
      gateway={{ list: (q) => gateway.list(q), remove: (id, o) => gateway.remove(id, o) }}
      filter={{ contractName: '', docType: '', status: '' }}
      search={[
        { key: 'contractName', label: '合同名称' },
        { key: 'docType', label: '合同类型', type: 'select', options: TYPE_OPTIONS },
        {
          key: 'status',
          label: '状态',
          type: 'select',
          options: [
            { value: '-1', label: '待提交' },
            { value: '0', label: '审批中' },
            { value: '1', label: '已通过' },
            { value: '2', label: '已驳回' },
            { value: '3', label: '已撤回' },
          ],
        },
      ]}
      rowKey="documentId"
      columns={[
        { key: 'contractName', title: '合同名称' },
        { key: 'docTypeName', title: '合同类型' },
        { key: 'signByMain', title: '乙方' },
        { key: 'totalAmount', title: '合同金额（万元）', amount: true, sum: true },
        { key: 'statusName', title: '状态' },
        { key: 'createByName', title: '拟稿人' },
        { key: 'createTime', title: '创建时间', render: (d) => clock.date(d.createTime) },
      ]}
      permissions={{ remove: 'project:document:remove' }}
      offered={{ remove: (d) => mayActOnContractDocument('remove', d, actor) }}
      remove={{ what: (d) => `合同文本"${d.contractName}"` }}
      rowActions={(d) => (
        <>
          <Button
            size="sm"
            variant="text"
            onClick={() => open(documentEditPath({ documentId: d.documentId }, !d.editable))}
          >
            {d.editable ? '编辑' : '查看'}
          </Button>
          {d.status === 0 && (
            <Button size="sm" variant="text" onClick={() => open(documentSignPath(d.documentId))}>
              签署
            </Button>
          )}
          {mayActOnContractDocument('submit', d, actor) && (
            <Button
              size="sm"
              variant="text"
              onClick={() =>
                void keys
                  .run(`submit-${String(d.documentId)}`, (idempotencyKey) =>
                    gateway.submit(d.documentId, { idempotencyKey }),
                  )
                  .then((outcome) => {
                    if (!outcome.ok) return feedback.error(outcome.message);
                    feedback.success('已提交审批');
                    open(documentEditPath({ documentId: d.documentId }, true));
                  })
              }
            >
              提交审批
            </Button>
          )}
        </>
      )}
      headerActions={
        <HasPermi perms={['project:document:add']}>
          <Menu as="div" className="relative">
            <MenuButton
              className="inline-flex h-9 items-center gap-1 rounded-control border border-brand-500 bg-brand-500 px-4 font-medium text-white data-hover:bg-brand-600"
              data-testid="new-document"
            >
              新增合同文本
            </MenuButton>
            <MenuItems
              anchor="bottom end"
              className="z-50 mt-1 w-40 rounded-control border border-line bg-surface py-1 shadow-pop focus:outline-none"
            >
              {CONTRACT_DOC_TYPES.map((t) => (
                <MenuItem key={t}>
                  <button
                    type="button"
                    onClick={() => open(documentEditPath({ type: t }))}
                    className="block w-full px-4 py-2 text-left text-sm text-ink data-focus:bg-brand-50 data-focus:text-brand-600"
                  >
                    {contractDocTitle(t)}
                  </button>
                </MenuItem>
              ))}
            </MenuItems>
          </Menu>
        </HasPermi>
      }
    />
  );
}
