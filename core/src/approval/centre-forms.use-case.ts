import { err, type DomainError, type Result } from '../shared/result.js';
import { approvalMessages } from './approval-messages.js';
import type { ApprovalEngine } from './approval-engine.use-case.js';
import {
  engineMessages,
  type ApprovalActor,
  type ApprovalOutcome,
  type CreateApprovalInput,
  type IdempotencyContext,
} from './approval-engine.types.js';
import {
  approvalRecordLink,
  approvalTypeInfo,
  approvalTypeLabel,
  isApprovalTypeCode,
  type ApprovalTypeCode,
} from './approval-type-catalogue.js';
import { checkCentreRecord, checkCentreRecordPermission } from './centre-record-rule.js';
import type { TemplateContent, TemplateFile } from './template.js';

/** A form of a `create` code as 发起审批 sends it: the record it is drawn on and its fields. */
export interface CentreFormRequest {
  readonly typeCode: ApprovalTypeCode;
  /** The record picked on the form (the contract of an invoice, the archive of a borrowing). */
  readonly recordId: string;
  readonly content: TemplateContent;
  readonly files?: readonly TemplateFile[] | undefined;
  /**
   * The record's own fields, where the form proposes more than its sections hold (a change's
   * proposed fields, by the record's field names), checked on the wire with the record screen's
   * own schema; the record's use case checks them again.
   */
  readonly recordFields?: Readonly<Record<string, unknown>> | undefined;
}

/**
 * One record kind's own use case behind 发起审批: creates the record from the form's fields with
 * the record's rules (the invoice cap, the borrowing period) and sends it, answering its approval.
 * A refusal names the form's fields (refnames), not the record's.
 */
export type CentreFormHandler<A> = (
  request: CentreFormRequest,
  actor: A,
  idem: IdempotencyContext,
) => Promise<Result<{ readonly approvalId: string }, DomainError>>;

export type CentreCreateInput = Omit<CreateApprovalInput, 'viaApprovalCentre'> & {
  readonly recordFields?: Readonly<Record<string, unknown>> | undefined;
};

/**
 * 发起审批's create: a form whose record 发起审批 creates (`create` in core's table: 23_1, 27_1,
 * 28_1 ...) goes through that record's own use case, the same one its screen calls, so both paths
 * give the same linked record under the same rules; every other form goes to the engine, which
 * applies the table (a `link` form names its record, a `screen` form is refused, a free form is
 * free). `A` is the composition root's actor (the API's principal).
 */
export class CentreForms<A> {
  constructor(
    private readonly engine: ApprovalEngine,
    private readonly approvalActor: (actor: A) => ApprovalActor,
    /** Keyed by the record kind the handler creates (core's table names it per code). */
    private readonly handlers: Readonly<Record<string, CentreFormHandler<A>>>,
  ) {}

  async create(
    input: CentreCreateInput,
    actor: A,
    idem: IdempotencyContext,
  ): Promise<Result<ApprovalOutcome, DomainError>> {
    const link = approvalRecordLink(input.typeCode);
    // The engine applies core's table to everything else (a missing record included).
    if (
      link?.fromCentre !== 'create' ||
      input.recordKind !== link.picker ||
      !isApprovalTypeCode(input.typeCode)
    ) {
      const { recordFields: _unused, ...engineInput } = input;
      return this.engine.create(
        { ...engineInput, viaApprovalCentre: true },
        this.approvalActor(actor),
        idem,
      );
    }
    const code = input.typeCode;
    if (approvalTypeInfo(code).kind !== input.kind) {
      return err(engineMessages.wrongKind(code, input.kind));
    }
    const checked = checkCentreRecord(
      input,
      { linkableFromCentre: () => false },
      'record-use-case',
    );
    if (!checked.ok) return checked;
    const allowed = checkCentreRecordPermission(input, this.approvalActor(actor).permissions, {});
    if (!allowed.ok) return allowed;
    const handler = link.recordKinds
      .map((k) => this.handlers[k])
      .find((h): h is CentreFormHandler<A> => h !== undefined);
    if (handler === undefined) {
      return err(approvalMessages.startFromRecordScreen(approvalTypeLabel(code), link.screen));
    }
    if (input.submit !== true) {
      return err(approvalMessages.centreDraftRefused(approvalTypeLabel(code), link.screen));
    }
    const made = await handler(
      {
        typeCode: code,
        recordId: (input.recordId ?? '').trim(),
        content: input.content,
        files: input.files,
        recordFields: input.recordFields,
      },
      actor,
      idem,
    );
    if (!made.ok) return made;
    return this.engine.outcome(made.value.approvalId);
  }
}

/**
 * A record's refusal in the form's words: its field renamed to the form's refname (the contract
 * id becomes the picker's `recordId`); a field the form does not show keeps its name.
 */
export function onForm(error: DomainError, renames: Readonly<Record<string, string>>): DomainError {
  const rename = (e: DomainError): DomainError =>
    e.field !== undefined && renames[e.field] !== undefined ? { ...e, field: renames[e.field] } : e;
  const errors = (error as { errors?: readonly DomainError[] }).errors;
  const first = rename(error);
  return errors === undefined ? first : ({ ...first, errors: errors.map(rename) } as DomainError);
}
