import {
  imageSource,
  GRAPHICS_PRODUCTION_TYPES,
  chooseDiscipline,
  chooseProject,
  chooseStage,
  clauseHeading,
  contractClauses,
  contractDocFieldLabel,
  contractDocFieldSpec,
  contractDocTitle,
  designStageIds,
  hasContractDocField,
  isContractDocFieldEditable,
  projectNameOf,
  setContractDocField,
  showSignFooter,
  type ApprovalDetail,
  type ContractDocFieldName,
  type ContractDocState,
  type ContractDocType,
  type Result,
} from '@dpms/core';
import { useId, type ReactNode } from 'react';
import { SignatureRows } from './SignatureRows';
import { opinionRowOf, signatureRowsOf, type DrafterInfo } from './signature-rows';
import './document.css';
import { useInstituteClock } from '../../components/time/institute-clock';
import { DateInput } from '../../components/ui/DateInput';

export type ContractDocErrors = Readonly<Partial<Record<ContractDocFieldName, string>>>;

export interface ContractDocumentProps {
  readonly state: ContractDocState;
  /** The next state after an edit; without it the document is shown read-only (print). */
  readonly onChange?: (next: ContractDocState) => void;
  /** A choice or an edit the rules refused, with its message. */
  readonly onRefused?: (message: string) => void;
  readonly errors?: ContractDocErrors;
  /** The fields to mark with `*` (what a submit needs typed; the editor passes core's list). */
  readonly required?: readonly ContractDocFieldName[];
  /** The reading mode: the sign footer is shown when it is not 0 (001 §2). */
  readonly signtype?: unknown;
  readonly approval?: ApprovalDetail | null;
  readonly drafter?: DrafterInfo;
  readonly sealImages?: readonly string[];
  /**
   * Signing mode (signtype 3) for a signer who may act now: the opinion they type into the
   * footer's last row, sent with their approve or reject.
   */
  readonly opinion?: { readonly value: string; readonly onChange: (value: string) => void };
}

/** What each type's first clause is about. */
const SUBJECT_HEADINGS: Readonly<Record<ContractDocType, string>> = {
  1: '咨询项目',
  2: '服务项目',
  3: '顾问项目',
  6: '制图项目',
  7: '制作内容',
  8: '服务内容',
};

const PARTY_A_FIELDS = [
  'signBySub',
  'subAddress',
  'subTaxpayerNum',
  'subOpenBank',
  'subOpenBankNum',
  'subPhone',
] as const satisfies readonly ContractDocFieldName[];

const PARTY_B_FIELDS = [
  'signByMain',
  'mainAddress',
  'mainTaxpayerNum',
  'mainPhone',
  'mainOpenBank',
  'mainOpenBankNum',
] as const satisfies readonly ContractDocFieldName[];

/** The label of a field inside its party block, without the party prefix. */
const partyLabel = (label: string): string => label.replace(/^[甲乙]方/, '') || '名称';

/**
 * A contract document of type 1, 2, 3, 6, 7 or 8 in its printed look: title, the two parties,
 * numbered clauses with the fill-in fields, the signing block and, by signtype, the sign footer.
 * The same component renders the screen (editable unless read-only) and the print page (no
 * `onChange`: every field is text), so the PDF and the screen are one layout. Every change goes
 * through core's document rules; the component keeps no rule of its own.
 */
export function ContractDocument(props: ContractDocumentProps) {
  const { state, onChange, onRefused, errors = {} } = props;
  const clock = useInstituteClock();
  const { type, values } = state;
  const idBase = useId();
  const has = (field: ContractDocFieldName) => hasContractDocField(type, field);
  const canEdit = (field: ContractDocFieldName) =>
    onChange !== undefined && isContractDocFieldEditable(type, field, state.readOnly);
  const apply = (result: Result<ContractDocState>) => {
    if (result.ok) onChange?.(result.value);
    else onRefused?.(result.error.message);
  };
  const set = (field: ContractDocFieldName, value: string) =>
    apply(setContractDocField(state, field, value));

  const errorOf = (field: ContractDocFieldName) => errors[field];
  const requiredSet = new Set<string>(props.required ?? []);
  /** The required mark before a field's label. */
  const mark = (field: ContractDocFieldName) =>
    requiredSet.has(field) && canEdit(field) ? (
      <span className="doc-required" data-required={field} aria-hidden>
        *
      </span>
    ) : null;
  const errorNode = (field: ContractDocFieldName) => {
    const message = errorOf(field);
    return message === undefined ? null : (
      <span className="doc-error" role="alert" id={`${idBase}-${field}-error`}>
        {message}
      </span>
    );
  };
  const common = (field: ContractDocFieldName) => ({
    'aria-label': contractDocFieldLabel(type, field),
    'aria-required': requiredSet.has(field) && canEdit(field) ? true : undefined,
    'aria-invalid': errorOf(field) === undefined ? undefined : true,
    'aria-describedby': errorOf(field) === undefined ? undefined : `${idBase}-${field}-error`,
    'data-field': field,
  });

  /** A blank as text: read-only, print, and the fields nobody types (party A, words, name). */
  const text = (field: ContractDocFieldName, className = '', shown?: string) => (
    <span
      className={`doc-blank ${canEdit(field) ? '' : 'doc-fixed'} ${className}`}
      {...common(field)}
    >
      {(shown ?? values[field]) || '\u00a0'}
    </span>
  );

  /** A typed blank: text, textarea, amount, date or integer, by the field's kind. */
  const blank = (field: ContractDocFieldName, className = ''): ReactNode => {
    if (!has(field)) return null;
    if (!canEdit(field)) return text(field, className);
    const spec = contractDocFieldSpec(type, field);
    const props = { ...common(field), value: values[field] };
    switch (spec.kind) {
      case 'textarea':
        return (
          <textarea
            className={`doc-blank doc-blank-area ${className}`}
            maxLength={spec.maxLength}
            rows={3}
            {...props}
            onChange={(e) => set(field, e.target.value)}
          />
        );
      case 'amount':
        return (
          <input
            className={`doc-blank doc-blank-short ${className}`}
            inputMode="decimal"
            autoComplete="off"
            {...props}
            onChange={(e) => set(field, e.target.value)}
          />
        );
      case 'date':
        return (
          <DateInput
            className={`doc-blank doc-blank-short ${className}`}
            wrapperClassName="inline-flex"
            {...props}
            onChange={(e) => set(field, e.target.value)}
          />
        );
      case 'integer':
        return (
          <input
            className={`doc-blank doc-blank-short ${className}`}
            inputMode="numeric"
            autoComplete="off"
            maxLength={spec.maxLength}
            {...props}
            onChange={(e) => set(field, e.target.value.replace(/\D/g, ''))}
          />
        );
      default:
        return (
          <input
            className={`doc-blank ${className}`}
            maxLength={spec.maxLength}
            autoComplete="off"
            {...props}
            onChange={(e) => set(field, e.target.value)}
          />
        );
    }
  };

  const projectChoice = (): ReactNode => {
    if (!canEdit('projectName')) return text('projectName');
    const current = state.projectOptions.find((p) => String(p.value) === values.contractId);
    return (
      <select
        className="doc-blank"
        {...common('projectName')}
        value={current === undefined ? '' : String(current.value)}
        onChange={(e) => {
          const option = state.projectOptions.find((p) => String(p.value) === e.target.value);
          if (option !== undefined) apply(chooseProject(state, option.value));
        }}
      >
        <option value="" disabled>
          {values.projectName === '' ? '请选择项目' : values.projectName}
        </option>
        {state.projectOptions.map((p) => (
          <option key={String(p.value)} value={String(p.value)}>
            {projectNameOf(p)}
          </option>
        ))}
      </select>
    );
  };

  const stageChoice = (): ReactNode => {
    if (!canEdit('designStage')) {
      return text('designStage', '', values.designStage.split(',').join('、'));
    }
    if (type === 3) {
      const chosen = new Set(designStageIds(values));
      return (
        <span className="doc-stage-choices" role="group" {...common('designStage')}>
          {state.stageOptions.length === 0 && <span className="doc-fixed">请先选择项目</span>}
          {state.stageOptions.map((task) => (
            <label key={String(task.value)}>
              <input
                type="checkbox"
                checked={chosen.has(String(task.value))}
                onChange={(e) => {
                  const next = new Set(chosen);
                  if (e.target.checked) next.add(String(task.value));
                  else next.delete(String(task.value));
                  apply(chooseStage(state, [...next]));
                }}
              />
              {task.text}
            </label>
          ))}
        </span>
      );
    }
    return (
      <select
        className="doc-blank"
        {...common('designStage')}
        value={values.designStageId}
        onChange={(e) => {
          const task = state.stageOptions.find((t) => String(t.value) === e.target.value);
          if (task !== undefined) apply(chooseStage(state, task.value));
        }}
      >
        <option value="" disabled>
          {state.stageOptions.length === 0 ? '请先选择项目' : '请选择设计阶段'}
        </option>
        {/* A stored stage no longer in the task list still shows what was saved. */}
        {values.designStageId !== '' &&
          !state.stageOptions.some((t) => String(t.value) === values.designStageId) && (
            <option value={values.designStageId} disabled>
              {values.designStage}
            </option>
          )}
        {state.stageOptions.map((task) => (
          <option key={String(task.value)} value={String(task.value)}>
            {task.text}
          </option>
        ))}
      </select>
    );
  };

  const disciplineChoice = (): ReactNode => {
    if (!canEdit('majorName')) return text('majorName');
    return (
      <select
        className="doc-blank"
        {...common('majorName')}
        value={values.majorId}
        onChange={(e) => {
          const major = state.disciplineOptions.find((m) => String(m.value) === e.target.value);
          if (major !== undefined) apply(chooseDiscipline(state, major.value));
        }}
      >
        <option value="" disabled>
          {state.disciplineOptions.length === 0 ? '请先选择设计阶段' : '请选择专业'}
        </option>
        {values.majorId !== '' &&
          !state.disciplineOptions.some((m) => String(m.value) === values.majorId) && (
            <option value={values.majorId} disabled>
              {values.majorName}
            </option>
          )}
        {state.disciplineOptions.map((m) => (
          <option key={String(m.value)} value={String(m.value)}>
            {m.text}
          </option>
        ))}
      </select>
    );
  };

  const productionTypeChoice = (): ReactNode => {
    if (!canEdit('fwContent')) return text('fwContent');
    return (
      <select
        className="doc-blank doc-blank-short"
        {...common('fwContent')}
        value={values.fwContent}
        onChange={(e) => set('fwContent', e.target.value)}
      >
        <option value="">请选择</option>
        {GRAPHICS_PRODUCTION_TYPES.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
    );
  };

  const row = (field: ContractDocFieldName, control: ReactNode, label?: string) =>
    has(field) ? (
      <div className="doc-row" key={field}>
        <span className="doc-label">
          {mark(field)}
          {label ?? contractDocFieldLabel(type, field)}：
        </span>
        {control}
        {errorNode(field)}
      </div>
    ) : null;

  const partyBlock = (
    party: 'A' | 'B',
    fields: readonly ContractDocFieldName[],
    heading: string,
  ) => (
    <section className="doc-party" data-party={party} aria-label={heading}>
      <h3>{heading}</h3>
      {fields.map((field) =>
        row(field, blank(field), partyLabel(contractDocFieldLabel(type, field))),
      )}
    </section>
  );

  const subject = (
    <section className="doc-clause" data-clause="subject">
      <h2>
        {clauseHeading(1)}
        {'\u3000'}
        {SUBJECT_HEADINGS[type]}
      </h2>
      {type !== 8 && row('projectName', projectChoice())}
      {row('projectChildName', blank('projectChildName'))}
      {type !== 8 && row('designStage', stageChoice())}
      {row('majorName', disciplineChoice())}
      {type === 7 ? row('fwContent', productionTypeChoice()) : row('fwContent', blank('fwContent'))}
      {row('projectResultContent', blank('projectResultContent'))}
      {row('totalNum', blank('totalNum'))}
      {type === 8 && (
        <div className="doc-row">
          <span className="doc-label">{mark('startTime')}服务期限：自</span>
          {blank('startTime')}
          <span className="doc-label">{mark('endTime')}至</span>
          {blank('endTime')}
          {errorNode('startTime')}
          {errorNode('endTime')}
        </div>
      )}
    </section>
  );

  const price = (
    <section className="doc-clause" data-clause="price">
      <h2>
        {clauseHeading(2)}
        {'\u3000'}合同价款
      </h2>
      <div className="doc-row">
        <span className="doc-label">{mark('totalAmount')}本合同总价为人民币</span>
        {blank('totalAmount')}
        <span className="doc-label">万元（大写：</span>
        {text('upValue')}
        <span className="doc-label">）。</span>
        {errorNode('totalAmount')}
      </div>
      {type === 8 && (
        <div className="doc-row">
          <span className="doc-label">甲方应在合同签订后</span>
          {blank('withinDay')}
          <span className="doc-label">日内支付人民币</span>
          {blank('withinAmount')}
          <span className="doc-label">万元（大写：</span>
          {text('withinUpValue')}
          <span className="doc-label">）。</span>
          {errorNode('withinDay')}
          {errorNode('withinAmount')}
        </div>
      )}
    </section>
  );

  const clauses = contractClauses(type).map((clause) => (
    <section className="doc-clause" key={clause.key} data-clause={clause.key}>
      <h2>
        {clauseHeading(clause.no + 2)}
        {'\u3000'}
        {clause.title}
      </h2>
      <p>{clause.text}</p>
    </section>
  ));

  // A stored string becomes an image only as an address the server serves or inlined bytes.
  const sealImages = (props.sealImages ?? []).flatMap((src) => imageSource(src) ?? []);
  const signatureRows = showSignFooter(props.signtype)
    ? signatureRowsOf(props.approval, props.drafter ?? {}, props.signtype, clock.zone)
    : [];
  const opinionRow = props.opinion ? opinionRowOf(props.approval, props.signtype) : null;

  return (
    <article className="doc-paper" data-testid="contract-document" data-doc-type={type}>
      <h1 className="doc-title">{contractDocTitle(type)}</h1>
      <p className="doc-subtitle">
        合同名称：<span data-field="contractName">{values.contractName}</span>
      </p>
      <div className="doc-parties">
        {partyBlock('A', PARTY_A_FIELDS, '甲方（委托方）')}
        {partyBlock(
          'B',
          PARTY_B_FIELDS.filter((f) => has(f)),
          '乙方（受托方）',
        )}
      </div>
      <p className="doc-preamble">
        甲、乙双方本着平等自愿、诚实信用的原则，经友好协商，就下列事项达成一致，订立本合同，共同遵守。
      </p>
      {subject}
      {price}
      {clauses}
      <section className="doc-signing" aria-label="签章">
        <div className="doc-signing-party" data-party="A">
          <p>甲方（盖章）：{values.signBySub}</p>
          <p>法定代表人或授权代表（签字）：</p>
          {sealImages.map((src, i) => (
            <img key={i} className="doc-seal" src={src} alt="印章" />
          ))}
        </div>
        <div className="doc-signing-party" data-party="B">
          <p>乙方（盖章）：{values.signByMain}</p>
          <p>法定代表人或授权代表（签字）：</p>
        </div>
        <div className="doc-row" style={{ gridColumn: '1 / -1' }}>
          <span className="doc-label">{mark('signDate')}签订日期：</span>
          {blank('signDate')}
          {errorNode('signDate')}
        </div>
      </section>
      <SignatureRows
        rows={signatureRows}
        opinion={opinionRow && props.opinion ? { ...opinionRow, ...props.opinion } : null}
      />
    </article>
  );
}
