import {
  ACCOUNT_TEXT_LIMITS as L,
  CONTRACT_ACCOUNT_REQUIRED_FIELDS,
  contractAccountActions,
} from '@dpms/core';
import type { ContractAccountRecord } from '@dpms/http-client';
import { contractAccountAddBody } from '@dpms/wire';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useService } from '../../app/di';
import { useActionActor } from '../../app/hooks';
import { TOKENS } from '../../app/tokens';
import { ActionKeys } from '../../components/crud/action-keys';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { useAccountGateway } from './account-shared';
import { landRefusal, wireResolver } from '../../components/form/wire-form';

interface AccountFormValues {
  party: string;
  accountName: string;
  bankName: string;
  accountNo: string;
  taxNo: string;
}
const EMPTY: AccountFormValues = {
  party: '1',
  accountName: '',
  bankName: '',
  accountNo: '',
  taxNo: '',
};
const FORM_FIELDS = new Set<string>(Object.keys(EMPTY));

/**
 * The bank accounts of the contract's parties: list, add, delete. The add form checks with the
 * @dpms/wire body it sends (react-hook-form's zodResolver over core's `contractAccountProblems`):
 * the fields core requires are marked, every field's problem shows beside it at once, and a
 * server refusal of a field lands on that field. Each write keeps its Idempotency-Key until it is
 * answered. 添加账户 and 删除 are offered by core's `contractAccountActions`, the rule the routes
 * refuse by.
 */
export function ContractAccountsPanel({ contractId }: { contractId: number }) {
  const gateway = useAccountGateway();
  const feedback = useService(TOKENS.Feedback);
  const actor = useActionActor();
  const keys = useRef(new ActionKeys());
  const [rows, setRows] = useState<ContractAccountRecord[]>([]);
  const [version, setVersion] = useState(0);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useForm<AccountFormValues>({
    defaultValues: EMPTY,
    resolver: wireResolver<AccountFormValues>(contractAccountAddBody, {
      bodyOf: (values) => ({ ...values, contractId }),
    }),
  });
  const errors = form.formState.errors;
  useEffect(() => {
    void gateway
      .contractAccounts({ contractId, pageNum: 1, pageSize: 100 })
      .then((p) => setRows(p.rows));
  }, [gateway, contractId, version]);

  const required = new Set<string>(CONTRACT_ACCOUNT_REQUIRED_FIELDS);
  const mark = (f: keyof AccountFormValues, label: string) => ({
    label,
    required: required.has(f),
    error: errors[f]?.message,
  });
  const input = (f: keyof AccountFormValues, label: string, max?: number) => (
    <Field {...mark(f, label)}>
      <input
        className="input"
        aria-label={label}
        {...(max === undefined ? {} : { maxLength: max })}
        {...form.register(f)}
      />
    </Field>
  );

  const add = form.handleSubmit(async (values) => {
    setBusy(true);
    setFailure('');
    const outcome = await keys.current.run('add', (idempotencyKey) =>
      gateway.addContractAccount({ contractId, ...values }, { idempotencyKey }),
    );
    setBusy(false);
    if (outcome.ok) {
      form.reset(EMPTY);
      setVersion((v) => v + 1);
      return;
    }
    if (!landRefusal(outcome.error, FORM_FIELDS, form.setError)) setFailure(outcome.message);
  });

  const remove = async (a: ContractAccountRecord) => {
    const outcome = await keys.current.run(`remove:${String(a.accountId)}`, (idempotencyKey) =>
      gateway.removeContractAccount(a.accountId, { idempotencyKey }),
    );
    if (outcome.ok) feedback.success('删除成功');
    else feedback.error(outcome.message);
    if (outcome.ok || outcome.reload) setVersion((v) => v + 1);
  };

  return (
    <div className="mt-4" data-testid="contract-accounts">
      <h3 className="mb-2 text-sm font-medium">合同账户</h3>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-ink-soft">
            <th className="py-1">账户类型</th>
            <th>账户名称</th>
            <th>开户银行</th>
            <th>银行账号</th>
            <th>纳税人识别号</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((a) => (
            <tr key={a.accountId}>
              <td className="py-1">{a.partyName}</td>
              <td>{a.accountName}</td>
              <td>{a.bankName}</td>
              <td className="tabular-nums">{a.accountNo}</td>
              <td>{a.taxNo}</td>
              <td>
                {contractAccountActions.may('remove', a, actor) && (
                  <Button
                    size="sm"
                    variant="text"
                    className="text-danger-600!"
                    onClick={() => void remove(a)}
                  >
                    删除
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {contractAccountActions.may('add', undefined, actor) && (
        <form className="mt-2 grid gap-2" noValidate onSubmit={(e) => e.preventDefault()}>
          <Field {...mark('party', '账户类型')}>
            <select className="input" aria-label="账户类型" {...form.register('party')}>
              <option value="1">甲方（付款方）</option>
              <option value="2">乙方（收款方）</option>
            </select>
          </Field>
          {input('accountName', '账户名称', L.accountName)}
          {input('bankName', '开户银行', L.bankName)}
          {input('accountNo', '银行账号')}
          {input('taxNo', '纳税人识别号')}
          {failure && (
            <p className="text-sm text-danger-600" role="alert">
              {failure}
            </p>
          )}
          <div>
            <Button size="sm" loading={busy} onClick={() => void add()}>
              添加账户
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
