/** The contract document types the spec defines (001 §2): 1, 2, 3, 6, 7 and 8. */
export const CONTRACT_DOC_TYPES = [1, 2, 3, 6, 7, 8] as const;
export type ContractDocType = (typeof CONTRACT_DOC_TYPES)[number];

export const isContractDocType = (value: unknown): value is ContractDocType =>
  typeof value === 'number' && (CONTRACT_DOC_TYPES as readonly number[]).includes(value);
