/**
 * Reading modes of a signed document by signtype (000 §4, 001 §2): 0 none, 1 drafting,
 * 2 viewing with pending nodes, 3 approving.
 */
export const SIGN_TYPES = { none: 0, drafting: 1, viewingPending: 2, approving: 3 } as const;
export type SignType = (typeof SIGN_TYPES)[keyof typeof SIGN_TYPES];

/** signtype as it arrives (a number, or text from a route query); undefined when not a mode. */
export const parseSignType = (value: unknown): SignType | undefined => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return n === 0 || n === 1 || n === 2 || n === 3 ? n : undefined;
};

/**
 * Whether the signature and approval footer is shown: when signtype is not 0. Why a missing or
 * unknown signtype shows no footer: a footer offers signing, which must not appear by accident.
 */
export const showSignFooter = (signtype: unknown): boolean => {
  const mode = parseSignType(signtype);
  return mode !== undefined && mode !== SIGN_TYPES.none;
};
