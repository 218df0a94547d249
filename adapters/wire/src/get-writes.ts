/**
 * The writes the spec sends as GET (001's call table: `deleteById`, `convertByStaySign`,
 * `updateEffective`, the fund plan and perform `delete` ...). They change state like a POST, so
 * they carry an Idempotency-Key like one: the client sends the key, and the server's route layer
 * claims it (adapters/http-api README "Idempotency-Key"). One rule on both sides, by the call's
 * last path segment: a GET read never ends in one of these verbs.
 */
const GET_WRITE_VERB =
  /^(deleteById|delete|delUnEffectiveContract|updateEffective|convertBy[A-Z]\w*)$/;

/**
 * The design task's GET writes (001 §7): the sheet's confirmations, the result confirmations,
 * 确认完成产值 and the file unlinks. Named whole: `confirmTaskDetail`/`confirmDetail` are reads.
 */
const TASK_GET_WRITES = new Set([
  'confirmByDesignZhuChi',
  'confirmByProManager',
  'confirmByProManagerHistory',
  'confirmTaskResult',
  'confirmTaskResultOnAcceptanceFile',
  'updateConfirmFinishAmount',
  'deleteDesignTaskFile',
  'deleteAttachment',
]);

/** True for a GET call (path, without query) that changes state. */
export function isGetWrite(path: string): boolean {
  const bare = path.split('?')[0] ?? '';
  const last = bare.slice(bare.lastIndexOf('/') + 1);
  return GET_WRITE_VERB.test(last) || TASK_GET_WRITES.has(last);
}
