/**
 * The field schemas every route builds from. They are part of the wire contract, so they live in
 * @dpms/wire (one schema per shape, shared by the API, the client and the web's forms); this module
 * keeps the API's import path.
 */
export {
  PG_INT_MIN,
  PG_INT_MAX,
  isCanonicalNumber,
  numeric,
  integer,
  optionalInteger,
  version,
  id,
  idList,
  statusFlag,
  textFilter,
  optionalEnum,
  optionalId,
  dateRangeParams,
  defined,
} from '@dpms/wire';
