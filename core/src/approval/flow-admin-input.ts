import { domainError, type DomainError } from '../shared/result.js';
import { isApprovalTypeCode } from './approval-type-catalogue.js';
import type { FlowActorKind } from './approval.repository.port.js';

/*
 * The flow administration forms (流程配置, 节点配置) as entered: every field's problem at once
 * (`flowInputProblems`, `flowNodeInputProblems`: what the forms show beside their fields and the
 * wire schemas report, one message per field, in one wording), the fields each form must fill
 * (the required marks), and the texts' limits. The use case runs the same rules again, refusing
 * with the first problem.
 */

/** The texts' limits (characters), one copy for the forms, the wire and the use case. */
export const FLOW_TEXT_LIMITS = {
  flowName: 100,
  remark: 500,
  nodeName: 50,
  roleKey: 100,
  formField: 100,
} as const;

/** Who acts at a node, in the node form's words. */
export const FLOW_ACTOR_KIND_LABELS: Readonly<Record<FlowActorKind, string>> = {
  role: '角色',
  users: '指定用户',
  drafterDeptHead: '拟稿人部门负责人',
  formPerson: '表单选择的人员',
  formDeptHead: '表单所选部门的负责人',
};

/** The forms' fields by wire name, as the forms label them and the messages name them. */
export const FLOW_FIELD_LABELS = {
  typeCode: '审批类型',
  flowName: '流程名称',
  status: '状态',
  remark: '备注',
  nodeName: '节点名称',
  actorKind: '审批人类型',
  roleKey: '审批角色',
  userIds: '审批人',
  formField: '表单字段',
} as const;
type FlowField = keyof typeof FLOW_FIELD_LABELS;

const CODE = 'VALIDATION.FLOW_NODE';

export const flowInputErrors = {
  required: (field: FlowField): DomainError =>
    domainError(CODE, `${FLOW_FIELD_LABELS[field]}不能为空`, field),
  tooLong: (field: FlowField, max: number): DomainError =>
    domainError(CODE, `${FLOW_FIELD_LABELS[field]}不能超过${String(max)}个字`, field),
  unknownType: (typeCode: string): DomainError =>
    domainError(CODE, `审批类型“${typeCode}”不存在`, 'typeCode'),
  statusChoice: (): DomainError => domainError(CODE, '状态只能是正常或停用', 'status'),
  actorKindChoice: (): DomainError =>
    domainError(
      CODE,
      `审批人类型只能是${Object.values(FLOW_ACTOR_KIND_LABELS).join('、')}`,
      'actorKind',
    ),
} as const;

/** What the flow form must fill. */
export const REQUIRED_FLOW_FIELDS = ['typeCode', 'flowName'] as const;

/** The field that names a node's actor for its kind (none for the drafter's department head). */
const ACTOR_FIELD: Readonly<Record<FlowActorKind, 'roleKey' | 'userIds' | 'formField' | null>> = {
  role: 'roleKey',
  users: 'userIds',
  formPerson: 'formField',
  formDeptHead: 'formField',
  drafterDeptHead: null,
};

const isActorKind = (v: unknown): v is FlowActorKind =>
  typeof v === 'string' && Object.hasOwn(FLOW_ACTOR_KIND_LABELS, v);

/** What the node form must fill: its name, its actor kind and the field naming that actor. */
export function requiredNodeFields(actorKind?: unknown): readonly string[] {
  const actor = isActorKind(actorKind) ? ACTOR_FIELD[actorKind] : null;
  return ['nodeName', 'actorKind', ...(actor === null ? [] : [actor])];
}

const blank = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const length = (v: unknown): number => (typeof v === 'string' ? [...v.trim()].length : 0);

/** A text field: refused blank when `required`, refused past its limit. */
function text(
  out: DomainError[],
  input: Readonly<Record<string, unknown>>,
  field: keyof typeof FLOW_TEXT_LIMITS,
  required: boolean,
): void {
  const v = input[field];
  if (required && blank(v)) out.push(flowInputErrors.required(field));
  else if (length(v) > FLOW_TEXT_LIMITS[field])
    out.push(flowInputErrors.tooLong(field, FLOW_TEXT_LIMITS[field]));
}

/**
 * Every problem of a flow as entered. `patch`: an update, which keeps what it leaves out, so
 * only the fields it carries are checked (the type is fixed once the flow exists).
 */
export function flowInputProblems(
  input: Readonly<Record<string, unknown>>,
  options: { readonly patch?: boolean } = {},
): readonly DomainError[] {
  const out: DomainError[] = [];
  const given = (f: string) => !options.patch || input[f] !== undefined;
  if (!options.patch) {
    const t = input['typeCode'];
    if (blank(t)) out.push(flowInputErrors.required('typeCode'));
    else if (typeof t !== 'string' || !isApprovalTypeCode(t))
      out.push(flowInputErrors.unknownType(String(t)));
  }
  if (given('flowName')) text(out, input, 'flowName', true);
  const status = input['status'];
  if (status !== undefined && status !== '0' && status !== '1')
    out.push(flowInputErrors.statusChoice());
  text(out, input, 'remark', false);
  return out;
}

/**
 * Every problem of a flow node as entered: its name, its actor kind, and the actor that kind
 * needs (a role, at least one user, or the form field naming the person). `patch`: an update;
 * the caller checks the node merged with what is stored.
 */
export function flowNodeInputProblems(
  input: Readonly<Record<string, unknown>>,
  options: { readonly patch?: boolean } = {},
): readonly DomainError[] {
  const out: DomainError[] = [];
  const given = (f: string) => !options.patch || input[f] !== undefined;
  if (given('nodeName')) text(out, input, 'nodeName', true);
  const kind = input['actorKind'];
  if (given('actorKind')) {
    if (blank(kind)) out.push(flowInputErrors.required('actorKind'));
    else if (!isActorKind(kind)) out.push(flowInputErrors.actorKindChoice());
  }
  const actor = isActorKind(kind) ? ACTOR_FIELD[kind] : null;
  for (const f of ['roleKey', 'formField'] as const) {
    if (f === actor) text(out, input, f, true);
    else if (length(input[f]) > FLOW_TEXT_LIMITS[f])
      out.push(flowInputErrors.tooLong(f, FLOW_TEXT_LIMITS[f]));
  }
  if (actor === 'userIds') {
    const ids = input['userIds'];
    if (!Array.isArray(ids) || ids.length === 0) out.push(flowInputErrors.required('userIds'));
  }
  return out;
}
