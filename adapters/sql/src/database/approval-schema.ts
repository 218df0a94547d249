import type { ColumnType, Generated } from 'kysely';

/** The approval engine's tables (migration 0010_approval). */

type Defaulted<T> = ColumnType<T, T | undefined, T>;
type CreatedAt = ColumnType<Date, Date | undefined, never>;
/** jsonb: read as a value, written as JSON text. */
type Json = ColumnType<unknown, string, string>;
type NullableJson = ColumnType<unknown, string | null, string | null>;

export interface ApprovalFlowTable {
  flow_id: Generated<number>;
  type_code: string;
  flow_name: string;
  status: Defaulted<'0' | '1'>;
  remark: Defaulted<string>;
  create_by: Defaulted<string>;
  update_by: Defaulted<string>;
  create_time: CreatedAt;
  update_time: Date | null;
}

export interface ApprovalFlowNodeTable {
  node_id: Generated<number>;
  flow_id: number;
  node_name: string;
  order_num: number;
  actor_kind: 'role' | 'users' | 'drafterDeptHead' | 'formPerson' | 'formDeptHead';
  role_key: string | null;
  user_ids: Json;
  form_field: string | null;
  mode: 'or' | 'all';
  condition: NullableJson;
  condition_effect: 'add' | 'skip';
  /** Separation of duties: core's SelfApprovalHandling (migration 0081). */
  self_approval: Generated<'escalate' | 'others' | 'skip'>;
  /** Core's NodeFallback, or null: who takes the node when it resolves to nobody (0098). */
  fallback: ColumnType<unknown, string | null | undefined, string | null>;
  create_time: CreatedAt;
  update_time: Date | null;
}

export interface ApprovalTable {
  approval_id: Generated<number>;
  type_code: string;
  kind: string;
  record_kind: string | null;
  record_id: string | null;
  title: string;
  content: Json;
  template: NullableJson;
  files: Json;
  status: number;
  version: number;
  drafter_id: number;
  /** The linked record's author when not the drafter (separation of duties); null otherwise. */
  author_id: Defaulted<number | null>;
  dept_id: number | null;
  nodes: Json;
  current_node_index: number;
  current_node_id: string | null;
  current_node_name: string | null;
  signed_at_current: Json;
  round: number;
  del_flag: Defaulted<'0' | '2'>;
  create_time: Date;
  update_time: Date;
  submit_time: Date | null;
  finish_time: Date | null;
}

export interface ApprovalPendingTable {
  approval_id: number;
  user_id: number;
}

export interface ApprovalReaderTable {
  approval_id: number;
  user_id: number;
  created_at: CreatedAt;
  read_at: Date | null;
}

export interface ApprovalActionLogTable {
  log_id: Generated<number>;
  approval_id: number;
  round: number;
  version: number;
  action: string;
  actor_id: number;
  node_id: string | null;
  node_name: string | null;
  node_completed: boolean;
  from_status: number;
  to_status: number;
  opinion: string | null;
  target: string | null;
  sign_file_id: string | null;
  sign_url: string | null;
  /** What separation of duties did to the round a submit or resubmit started; null otherwise. */
  self_approval_notes: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Date;
}

export interface ApprovalSignatureTable {
  file_id: string;
  user_id: number;
  content_type: string;
  data: Uint8Array;
  created_at: CreatedAt;
}

/** What 抄送 and 催办 told a person, until they open the approval (migration 0100). */
export interface ApprovalNoticeTable {
  notice_id: Generated<number>;
  recipient_id: number;
  approval_id: number;
  kind: 'copy' | 'urge';
  sender_id: number;
  create_time: Date;
  read_time: Date | null;
}

export interface ApprovalTables {
  approval_flow: ApprovalFlowTable;
  approval_flow_node: ApprovalFlowNodeTable;
  approval: ApprovalTable;
  approval_pending: ApprovalPendingTable;
  approval_reader: ApprovalReaderTable;
  approval_action_log: ApprovalActionLogTable;
  approval_signature: ApprovalSignatureTable;
  approval_notice: ApprovalNoticeTable;
}
