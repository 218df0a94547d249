import { z } from 'zod';
import { contractFieldsShape } from './contract.js';
import { id } from './primitives.js';

/*
 * The contract change (合同变更, 28_1) request on the wire: the fields a change proposes, each with
 * the contract form's own schema (core keeps only its changeable ones and checks them again), the
 * reason and the type. 发起审批's 28_1 form sends the same `fields` (as its `recordFields`).
 */

/** The fields a change proposes; absent: unchanged. */
export const contractChangeFields = z.object(contractFieldsShape).partial();

/** /v4/contract/change/add. */
export const contractChangeBody = z.object({
  contractId: id(),
  reason: z.string().max(2000),
  typeCode: z
    .string()
    .regex(/^28_\d$/)
    .optional(),
  fields: contractChangeFields,
});

/** What a change request holds and sends (before the server's parse). */
export type ContractChangeInput = z.input<typeof contractChangeBody>;
export type ContractChangeFieldsInput = z.input<typeof contractChangeFields>;
