import {
  FLOW_ACTOR_KIND_LABELS,
  FLOW_FIELD_LABELS,
  FLOW_TEXT_LIMITS as L,
  REQUIRED_FLOW_FIELDS,
  SELF_APPROVAL_HANDLINGS,
  SELF_APPROVAL_HANDLING_LABELS,
  defaultSelfApprovalHandling,
  requiredNodeFields,
  type ApprovalFlowNode,
} from '@dpms/core';
import type { FlowRow } from '@dpms/http-client';
import { flowAddBody, flowUpdateBody, nodeAddBody, nodeUpdateBody } from '@dpms/wire';
import { useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { ActionKeys } from '../../components/crud/action-keys';
import { landRefusal, wireResolver } from '../../components/form/wire-form';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { SaveFooter } from '../../components/ui/SaveDialog';
import { TYPE_OPTIONS } from './flow-options';
import {
  FALLBACK_OPTIONS,
  NEW_NODE,
  nodeBody,
  nodeValues,
  type NodeFormValues,
} from './flow-node-form';

export { nodeBody, nodeValues, type NodeFormValues } from './flow-node-form';

/*
 * The flow and node dialogs of 流程配置 and 节点配置. Each checks with the @dpms/wire body its save
 * sends (react-hook-form's zodResolver over core's rules): the fields core requires are marked,
 * every field's problem shows beside it at once in core's words, and a server refusal of a field
 * (a 400's errors[]) lands on that field. A save keeps its Idempotency-Key until it is answered,
 * so a retry after a lost answer is applied once.
 */

/** Where a problem of the body lands on the form: by default its top field's name. */
type FieldOf = (path: readonly string[]) => string;
const topField: FieldOf = (path) => path[0] ?? '';

/** A save under the dialog's key; a refusal naming a form field lands on it, else under the form. */
function useWireSave<V extends FieldValues>(form: UseFormReturn<V>, fieldOf: FieldOf = topField) {
  const keys = useRef(new ActionKeys());
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const save = (call: (values: V, idempotencyKey: string) => Promise<void>) =>
    form.handleSubmit(async (values) => {
      setBusy(true);
      setFailure('');
      const outcome = await keys.current.run('save', (key) => call(values, key));
      setBusy(false);
      if (outcome.ok) return;
      const shown = new Set(Object.keys(form.getValues()));
      if (!landRefusal(outcome.error, shown, form.setError, fieldOf)) setFailure(outcome.message);
    });
  return { busy, failure, save };
}

function DialogFrame({
  title,
  width,
  testId,
  busy,
  failure,
  onClose,
  onSave,
  children,
}: {
  title: string;
  width: number;
  testId: string;
  busy: boolean;
  failure: string;
  onClose: () => void;
  onSave: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      width={width}
      closeOnClickOutside={false}
      testId={testId}
      footer={<SaveFooter onCancel={onClose} onSave={onSave} busy={busy} saveLabel="确定" />}
    >
      <form className="space-y-3" noValidate onSubmit={(e) => e.preventDefault()}>
        {children}
        {failure && (
          <p role="alert" className="text-sm text-danger-600">
            {failure}
          </p>
        )}
      </form>
    </Dialog>
  );
}

// ---- flows ---------------------------------------------------------------------------------------

export interface FlowFormValues {
  typeCode: string;
  flowName: string;
  status: string;
  remark: string;
}

/** 新增流程 / 修改流程 (a flow's type is fixed once it exists). */
export function FlowFormDialog({
  flow,
  onClose,
  onSaved,
}: {
  flow?: FlowRow | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const gateway = useService(TOKENS.ApprovalGateway);
  const bodyOf = (v: FlowFormValues) =>
    flow === undefined
      ? v
      : { flowId: flow.flowId, flowName: v.flowName, status: v.status, remark: v.remark };
  const form = useForm<FlowFormValues>({
    defaultValues: {
      typeCode: flow?.typeCode ?? '',
      flowName: flow?.flowName ?? '',
      status: flow?.status ?? '0',
      remark: flow?.remark ?? '',
    },
    resolver: wireResolver(() => (flow === undefined ? flowAddBody : flowUpdateBody), {
      bodyOf,
      alias: topField,
    }),
  });
  const { busy, failure, save } = useWireSave(form);
  const errors = form.formState.errors;
  const required = new Set<string>(REQUIRED_FLOW_FIELDS);
  const mark = (f: keyof FlowFormValues) => ({
    label: FLOW_FIELD_LABELS[f],
    required: required.has(f),
    error: errors[f]?.message,
  });
  const onSave = save(async (v, idempotencyKey) => {
    const body = bodyOf(v);
    if (flow === undefined)
      await gateway.addFlow(body as z.input<typeof flowAddBody>, { idempotencyKey });
    else await gateway.updateFlow(body as z.input<typeof flowUpdateBody>, { idempotencyKey });
    onSaved();
  });
  return (
    <DialogFrame
      title={flow === undefined ? '新增流程' : '修改流程'}
      width={600}
      testId="flow-form"
      busy={busy}
      failure={failure}
      onClose={onClose}
      onSave={() => void onSave()}
    >
      {flow === undefined && (
        <Field {...mark('typeCode')}>
          <select className="input" aria-label="审批类型" {...form.register('typeCode')}>
            <option value="">请选择</option>
            {TYPE_OPTIONS.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </Field>
      )}
      <Field {...mark('flowName')}>
        <input
          className="input"
          aria-label="流程名称"
          maxLength={L.flowName}
          {...form.register('flowName')}
        />
      </Field>
      <Field {...mark('status')}>
        <div className="flex gap-4 pt-1.5 text-sm">
          {[
            ['0', '正常'],
            ['1', '停用'],
          ].map(([value, label]) => (
            <label key={value} className="flex items-center gap-1">
              <input type="radio" value={value} {...form.register('status')} />
              {label}
            </label>
          ))}
        </div>
      </Field>
      <Field {...mark('remark')}>
        <textarea
          className="input min-h-16"
          aria-label="备注"
          maxLength={L.remark}
          {...form.register('remark')}
        />
      </Field>
    </DialogFrame>
  );
}

// ---- nodes ---------------------------------------------------------------------------------------

/** A problem of the body's condition belongs to the condition's inputs. */
const nodeFieldOf: FieldOf = (path) =>
  path[0] === 'fallback'
    ? path.includes('roleKey')
      ? 'fallbackRoleKey'
      : path.includes('userIds')
        ? 'fallbackUserIds'
        : 'fallback'
    : path[0] !== 'condition'
      ? topField(path)
      : path.includes('refname')
        ? 'conditionField'
        : 'conditionValue';

/** The separation-of-duties choices of the node form, in the spec's words. */
export const SELF_APPROVAL_OPTIONS = SELF_APPROVAL_HANDLINGS.map((value) => ({
  value,
  label: SELF_APPROVAL_HANDLING_LABELS[value],
}));

/** 新增节点 / 修改节点: who acts at the node, how, when, and what happens if it is the drafter. */
export function NodeFormDialog({
  flowId,
  node,
  onClose,
  onSaved,
}: {
  flowId: number;
  node?: ApprovalFlowNode | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const gateway = useService(TOKENS.ApprovalGateway);
  const bodyOf = (v: NodeFormValues) =>
    node === undefined ? { ...nodeBody(v), flowId } : { ...nodeBody(v), nodeId: node.nodeId };
  const form = useForm<NodeFormValues>({
    defaultValues: node ? nodeValues(node) : NEW_NODE,
    resolver: wireResolver(() => (node === undefined ? nodeAddBody : nodeUpdateBody), {
      bodyOf,
      alias: nodeFieldOf,
    }),
  });
  const { busy, failure, save } = useWireSave(form, nodeFieldOf);
  const errors = form.formState.errors;
  const actorKind = useWatch({ control: form.control, name: 'actorKind' });
  const conditionKind = useWatch({ control: form.control, name: 'conditionKind' });
  const fallback = useWatch({ control: form.control, name: 'fallback' });
  const required = new Set<string>(requiredNodeFields(actorKind));
  // The fallback's role or users are required once it names them.
  if (fallback === 'role') required.add('fallbackRoleKey');
  if (fallback === 'users') required.add('fallbackUserIds');
  const field = (f: keyof NodeFormValues, label: string) => ({
    label,
    required: required.has(f),
    error: errors[f]?.message,
  });
  const text = (f: keyof NodeFormValues, label: string, placeholder: string, max?: number) => (
    <Field {...field(f, label)}>
      <input
        className="input"
        aria-label={label}
        placeholder={placeholder}
        {...(max === undefined ? {} : { maxLength: max })}
        {...form.register(f)}
      />
    </Field>
  );
  const select = (f: keyof NodeFormValues, label: string, options: [string, string][]) => (
    <Field {...field(f, label)}>
      <select className="input" aria-label={label} {...form.register(f)}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </Field>
  );
  const radio = (f: keyof NodeFormValues, label: string, options: [string, string][]) => (
    <Field {...field(f, label)}>
      <div className="flex gap-4 pt-1.5 text-sm">
        {options.map(([value, text]) => (
          <label key={value} className="flex items-center gap-1">
            <input type="radio" value={value} {...form.register(f)} />
            {text}
          </label>
        ))}
      </div>
    </Field>
  );
  const onSave = save(async (v, idempotencyKey) => {
    if (node === undefined) await gateway.addNode({ ...nodeBody(v), flowId }, { idempotencyKey });
    else await gateway.updateNode({ ...nodeBody(v), nodeId: node.nodeId }, { idempotencyKey });
    onSaved();
  });
  const labels = FLOW_FIELD_LABELS;
  return (
    <DialogFrame
      title={node === undefined ? '新增节点' : '修改节点'}
      width={640}
      testId="node-form"
      busy={busy}
      failure={failure}
      onClose={onClose}
      onSave={() => void onSave()}
    >
      {text('nodeName', labels.nodeName, '如 部门负责人', L.nodeName)}
      {select('actorKind', labels.actorKind, Object.entries(FLOW_ACTOR_KIND_LABELS))}
      {actorKind === 'role' && text('roleKey', labels.roleKey, '角色权限字符，如 cw', L.roleKey)}
      {actorKind === 'users' && text('userIds', labels.userIds, '用户编号，多个用逗号分隔')}
      {(actorKind === 'formPerson' || actorKind === 'formDeptHead') &&
        text('formField', labels.formField, '如 designUserId、applyDeptId', L.formField)}
      {radio('mode', '审批方式', [
        ['or', '或签（任一人）'],
        ['all', '会签（全部人）'],
      ])}
      {select('conditionKind', '条件', [
        ['', '无（始终参与）'],
        ['contains', '字段包含某值'],
        ['amount', '金额比较'],
      ])}
      {conditionKind !== '' && (
        <>
          {text('conditionField', '条件字段', '如 sealType、totalAmount')}
          {conditionKind === 'amount' &&
            select('conditionOp', '比较方式', [
              ['gte', '≥'],
              ['gt', '>'],
              ['lte', '≤'],
              ['lt', '<'],
              ['eq', '='],
            ])}
          {text('conditionValue', '条件值', '包含的值，或金额阈值（万元）')}
          {radio('conditionEffect', '条件成立时', [
            ['add', '加入该节点'],
            ['skip', '跳过该节点'],
          ])}
        </>
      )}
      {/* Nobody approves their own approval: what the node does when it falls to the drafter. */}
      {select('selfApproval', '拟稿人为审批人时', [
        ...(node === undefined
          ? [
              [
                '',
                `按审批人类型默认（部门负责人：${SELF_APPROVAL_HANDLING_LABELS[defaultSelfApprovalHandling('drafterDeptHead')]}；其他：${SELF_APPROVAL_HANDLING_LABELS[defaultSelfApprovalHandling('role')]}）`,
              ] as [string, string],
            ]
          : []),
        ...SELF_APPROVAL_OPTIONS.map((o): [string, string] => [o.value, o.label]),
      ])}
      {select('fallback', '节点无审批人时', FALLBACK_OPTIONS)}
      {fallback === 'role' &&
        text('fallbackRoleKey', '备用审批角色', '角色权限字符，如 bmfzr', L.roleKey)}
      {fallback === 'users' && text('fallbackUserIds', '备用审批人', '用户编号，多个用逗号分隔')}
    </DialogFrame>
  );
}
