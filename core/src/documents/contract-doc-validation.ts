import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';
import { amountInputDecimals } from '../money/amount-input.js';
import { AMOUNT_WORDS_OUT_OF_RANGE, amountInWords } from '../money/amount-in-words.js';
import {
  CONTRACT_DOC_FIELDS_BY_TYPE,
  GRAPHICS_PRODUCTION_TYPES,
  contractDocFieldSpecs,
  type ContractDocFieldName,
  type ContractDocFieldSpec,
  type ContractDocValues,
} from './contract-doc-fields.js';
import { resolveContractName } from './contract-doc-titles.js';
import type { ContractDocType } from './contract-doc-type.js';
import { DOCUMENT_MESSAGES } from './documents-messages.js';

/**
 * 'save' keeps a draft: only what is filled is checked. 'submit' also needs the fields a
 * printed contract cannot go without (the spec leaves required checks open, 001 §5): both
 * parties, the name, the amount and the sign date; the project and stage (all but type 8); type
 * 6's discipline; type 7's production type; type 8's service content and period.
 */
export type ContractDocValidationMode = 'save' | 'submit';

/** The document's fields, trimmed, as they are stored: only the type's own fields. */
export type ContractDocPayload = Readonly<Partial<Record<ContractDocFieldName, string>>>;

export interface ContractDocValidationError extends DomainError {
  readonly code: 'VALIDATION.FAILED';
  /** Every problem found, in field order; `message` and `field` repeat the first. */
  readonly errors: readonly DomainError[];
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written yyyy-MM-dd. */
export const isIsoDate = (value: string): boolean => {
  const match = ISO_DATE.exec(value);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= days;
};

const AMOUNT = /^\d+(?:\.(\d*))?$/;
const POSITIVE_INTEGER = /^[1-9]\d*$/;

/** '12.' is what the input filter leaves while a person types; it is stored as '12'. */
const storedAmount = (value: string): string => (value.endsWith('.') ? value.slice(0, -1) : value);

/**
 * The payload of a document: the type's fields, trimmed, with amounts in their stored form and
 * the words and the name recomputed (the server never trusts the words or the name it is sent).
 */
export const contractDocPayload = (
  type: ContractDocType,
  values: ContractDocValues,
): ContractDocPayload => {
  const payload: Partial<Record<ContractDocFieldName, string>> = {};
  for (const name of CONTRACT_DOC_FIELDS_BY_TYPE[type]) payload[name] = values[name].trim();
  payload.totalAmount = storedAmount(payload.totalAmount ?? '');
  payload.upValue = amountInWords(payload.totalAmount);
  if (type === 8) {
    payload.withinAmount = storedAmount(payload.withinAmount ?? '');
    payload.withinUpValue = amountInWords(payload.withinAmount);
  }
  payload.contractName = resolveContractName(type, {
    contractName: payload.contractName ?? '',
    projectName: payload.projectName ?? '',
    fwContent: payload.fwContent ?? '',
  });
  return payload;
};

const problem = (code: string, message: string, field: string): DomainError =>
  domainError(code, message, field);

const checkField = (
  type: ContractDocType,
  spec: ContractDocFieldSpec,
  value: string,
  mode: ContractDocValidationMode,
): DomainError | undefined => {
  const { name, label, kind, maxLength } = spec;
  if (value === '') {
    if (mode !== 'submit' || !spec.requiredOnSubmit) return undefined;
    if (kind === 'partyA')
      return problem('VALIDATION.REQUIRED', DOCUMENT_MESSAGES.partyAMissing(label), name);
    const chosen = kind === 'choice' || kind === 'date';
    return problem(
      'VALIDATION.REQUIRED',
      chosen ? DOCUMENT_MESSAGES.requiredChoice(label) : DOCUMENT_MESSAGES.required(label),
      name,
    );
  }
  switch (kind) {
    case 'date':
      return isIsoDate(value)
        ? undefined
        : problem('VALIDATION.DATE_FORMAT', DOCUMENT_MESSAGES.dateFormat(label), name);
    case 'integer':
      if (!POSITIVE_INTEGER.test(value)) {
        return problem('VALIDATION.INTEGER', DOCUMENT_MESSAGES.positiveInteger(label), name);
      }
      break;
    case 'amount': {
      const field = name === 'withinAmount' ? 'withinAmount' : 'totalAmount';
      const decimals = amountInputDecimals(type, field);
      const match = AMOUNT.exec(value);
      if (match === null || (match[1] ?? '').length > decimals) {
        return problem(
          'VALIDATION.AMOUNT_FORMAT',
          DOCUMENT_MESSAGES.amountFormat(label, decimals),
          name,
        );
      }
      if (amountInWords(value) === AMOUNT_WORDS_OUT_OF_RANGE) {
        return problem('VALIDATION.AMOUNT_RANGE', DOCUMENT_MESSAGES.amountOutOfRange(label), name);
      }
      return undefined;
    }
    case 'choice':
      if (
        type === 7 &&
        name === 'fwContent' &&
        !(GRAPHICS_PRODUCTION_TYPES as readonly string[]).includes(value)
      ) {
        return problem(
          'VALIDATION.OPTION',
          DOCUMENT_MESSAGES.notAnOption(label, GRAPHICS_PRODUCTION_TYPES),
          name,
        );
      }
      break;
    default:
      break;
  }
  if (maxLength !== undefined && value.length > maxLength) {
    return problem('VALIDATION.MAX_LENGTH', DOCUMENT_MESSAGES.maxLength(label, maxLength), name);
  }
  return undefined;
};

/**
 * Checks a document before save or submit (001 §5; 000 §5): text trimmed; the spec's length
 * limits; dates yyyy-MM-dd and real; amounts in the type's decimals and within the words' range;
 * quantities and day counts positive integers; type 7's production type from its list; type 8's
 * period not ending before it starts. Every message is Chinese and names the field. On success
 * the payload to store.
 */
export const validateContractDoc = (
  type: ContractDocType,
  values: ContractDocValues,
  mode: ContractDocValidationMode,
): Result<ContractDocPayload, ContractDocValidationError> => {
  const payload = contractDocPayload(type, values);
  const errors: DomainError[] = [];
  for (const spec of contractDocFieldSpecs(type)) {
    const problemFound = checkField(type, spec, payload[spec.name] ?? '', mode);
    if (problemFound !== undefined) errors.push(problemFound);
  }
  const { startTime = '', endTime = '' } = payload;
  // yyyy-MM-dd compares as text in calendar order.
  if (type === 8 && isIsoDate(startTime) && isIsoDate(endTime) && endTime < startTime) {
    errors.push(
      problem(
        'VALIDATION.DATE_ORDER',
        DOCUMENT_MESSAGES.dateOrder('服务结束日期', '服务开始日期'),
        'endTime',
      ),
    );
  }
  const first = errors[0];
  if (first === undefined) return ok(payload);
  return err({
    code: 'VALIDATION.FAILED',
    message: first.message,
    ...(first.field === undefined ? {} : { field: first.field }),
    errors,
  });
};
