import type { ApprovalStatus } from '../approval/approval-status.js';
import type {
  RecordApprovalPort,
  RecordApprovalRequest,
} from '../approval/record-approval.port.js';
import { ok, type DomainError, type Result } from '../shared/result.js';

type Answer = Result<{ readonly approvalId: string; readonly status: ApprovalStatus }, DomainError>;

/**
 * The approval port as the slices' tests use it: keeps every request it is sent (`submitted`) and
 * answers with `answer` (by default: approval `String(n)`, in approval), where `n` counts the
 * requests so far, this one included.
 */
export function inMemoryRecordApprovals(
  answer: (request: RecordApprovalRequest, n: number) => Answer = (_, n) =>
    ok({ approvalId: String(n), status: 0 }),
): RecordApprovalPort & { readonly submitted: RecordApprovalRequest[] } {
  const submitted: RecordApprovalRequest[] = [];
  return {
    submitted,
    submit(request) {
      submitted.push(request);
      return Promise.resolve(answer(request, submitted.length));
    },
  };
}
