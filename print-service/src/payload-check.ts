import { isContractDocType, type PrintPayload } from '@dpms/core';
import { printMessages } from './messages.js';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The shape checks the service makes before a payload reaches a tab: enough to refuse what the
 * print page could not render, naming the field. The page itself renders the content.
 */
export function checkPrintPayload(
  body: unknown,
): { ok: true; payload: PrintPayload } | { ok: false; message: string } {
  const bad = (field: string) => ({ ok: false as const, message: printMessages.badPayload(field) });
  if (!isObject(body)) return bad('请求体应为对象');
  if (body['kind'] === 'contractDocument') {
    if (!isContractDocType(body['type'])) return bad('type（合同类型应为 1、2、3、6、7、8）');
    if (typeof body['contractName'] !== 'string') return bad('contractName');
    if (!isObject(body['values'])) return bad('values');
    if (body['approval'] !== null && !isObject(body['approval'])) return bad('approval');
    if (!Array.isArray(body['sealImages'])) return bad('sealImages');
    return { ok: true, payload: body as unknown as PrintPayload };
  }
  if (body['kind'] === 'approvalSheet') {
    for (const field of ['title', 'approvalNo', 'creatorName', 'createTime', 'statusText']) {
      if (typeof body[field] !== 'string') return bad(field);
    }
    if (!Array.isArray(body['fields'])) return bad('fields');
    if (!isObject(body['approval'])) return bad('approval');
    return { ok: true, payload: body as unknown as PrintPayload };
  }
  if (body['kind'] === 'contractRecord') {
    for (const field of ['institute', 'contractNo', 'contractName', 'deptName']) {
      if (typeof body[field] !== 'string') return bad(field);
    }
    const sheet = body['approvalSheet'];
    if (!isObject(sheet) || !Array.isArray(sheet['fields']) || !isObject(sheet['approval'])) {
      return bad('approvalSheet');
    }
    return { ok: true, payload: body as unknown as PrintPayload };
  }
  return bad('kind（应为 contractDocument、approvalSheet 或 contractRecord）');
}
