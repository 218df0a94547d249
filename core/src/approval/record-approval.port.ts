import type { DomainError, Result } from '../shared/result.js';
import type { ApprovalStatus } from './approval-status.js';
import type { TemplateKind } from './approval-type-catalogue.js';
import type { TemplateContent } from './template.js';

/**
 * A domain record sent into approval, drafted by one user. The slice that submits it names its
 * form (kind, type code) and record kind; the engine creates the approval and submits it at once.
 */
export interface RecordApprovalRequest {
  readonly kind: TemplateKind;
  readonly typeCode: string;
  readonly recordKind: string;
  readonly title: string;
  readonly content: TemplateContent;
  readonly recordId: string;
  /** The drafter: the user sending the record, and their department. */
  readonly drafterId: number;
  readonly drafterDeptId: number | null;
  /** Names the call for idempotency (`contract.submit`, `fund.submitLoan` …). */
  readonly idempotencyScope: string;
}

/** Sends a record into approval through the engine, in the caller's transaction. */
export interface RecordApprovalPort {
  submit(
    request: RecordApprovalRequest,
  ): Promise<Result<{ readonly approvalId: string; readonly status: ApprovalStatus }, DomainError>>;
}
