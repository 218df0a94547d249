import type { ColumnType, Generated } from 'kysely';

type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** numeric(18,6): read as a decimal string, written as one. */
type Numeric = ColumnType<string, string | undefined, string>;
type Json = ColumnType<unknown, string | undefined, string>;
type CreatedAt = ColumnType<Date, Date | undefined, never>;

/** A filled contract document of type 1, 2, 3, 6, 7 or 8. */
export interface ContractDocumentTable {
  document_id: Generated<number>;
  doc_type: number;
  contract_id: number | null;
  contract_name: string;
  /** The document's own fields as one JSON object of strings (core's ContractDocPayload). */
  doc_values: Json;
  total_amount: Numeric;
  status: Defaulted<number>;
  approval_id: number | null;
  version: Defaulted<number>;
  dept_id: number | null;
  user_id: number;
  create_by: Defaulted<string>;
  create_time: CreatedAt;
  update_time: Date;
  del_flag: Defaulted<'0' | '2'>;
}

export interface ContractDocumentTables {
  contract_document: ContractDocumentTable;
}
