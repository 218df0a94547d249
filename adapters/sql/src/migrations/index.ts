import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_platform.js';
import * as m0002 from './0002_idempotency_fingerprint.js';
import * as m0003 from './0003_unique_names.js';
import * as m0004 from './0004_signing_key.js';
import * as m0010 from './0010_approval.js';
import * as m0011 from './0011_approval_visibility_index.js';
import * as m0020 from './0020_files.js';
import * as m0030 from './0030_contracts.js';
import * as m0031 from './0031_contract_files_changes.js';
import * as m0041 from './0041_job_log.js';
import * as m0045 from './0045_contract_documents.js';
import * as m0050 from './0050_design_tasks.js';
import * as m0060 from './0060_fund.js';
import * as m0061 from './0061_fund_plan.js';
import * as m0062 from './0062_fund_perform_kind.js';
import * as m0064 from './0064_fund_pay.js';
import * as m0067 from './0067_account.js';
import * as m0068 from './0068_employee_cost.js';
import * as m0070 from './0070_closed_case.js';
import * as m0071 from './0071_archives.js';
import * as m0072 from './0072_archive_borrow.js';
import * as m0075 from './0075_contract_finish.js';
import * as m0081 from './0081_approval_self_approval.js';
import * as m0090 from './0090_approval_author_round_notes.js';
import * as m0098 from './0098_approval_node_people.js';
import * as m0099 from './0099_task_lifecycle.js';
import * as m0100 from './0100_approval_notice.js';
import * as m0101 from './0101_lixiang_change.js';
import * as m0102 from './0102_identity_notify.js';
import * as m0103 from './0103_identity_notify_live_sessions.js';
import * as m0104 from './0104_role_check_strictly.js';
import * as m0105 from './0105_job_state.js';
import * as m0106 from './0106_system_logs.js';
import * as m0107 from './0107_sys_notice.js';
import * as m0108 from './0108_export_job.js';
import * as m0109 from './0109_job_cron.js';
import * as m0111 from './0111_config_notify.js';
import * as m0112 from './0112_search_trgm.js';
import * as m0113 from './0113_flow_names.js';

/**
 * Every migration, in order. Static imports, so the built server carries them and no directory
 * is scanned at run time. Forward-only: a migration, once released, is never edited; add one.
 */
export const migrations: Readonly<Record<string, Migration>> = {
  '0001_platform': m0001,
  '0002_idempotency_fingerprint': m0002,
  '0003_unique_names': m0003,
  '0004_signing_key': m0004,
  '0010_approval': m0010,
  '0011_approval_visibility_index': m0011,
  '0020_files': m0020,
  '0030_contracts': m0030,
  '0031_contract_files_changes': m0031,
  '0041_job_log': m0041,
  '0045_contract_documents': m0045,
  '0050_design_tasks': m0050,
  '0060_fund': m0060,
  '0061_fund_plan': m0061,
  '0062_fund_perform_kind': m0062,
  '0064_fund_pay': m0064,
  '0067_account': m0067,
  '0068_employee_cost': m0068,
  '0070_closed_case': m0070,
  '0071_archives': m0071,
  '0072_archive_borrow': m0072,
  '0075_contract_finish': m0075,
  '0081_approval_self_approval': m0081,
  '0090_approval_author_round_notes': m0090,
  '0098_approval_node_people': m0098,
  '0099_task_lifecycle': m0099,
  '0100_approval_notice': m0100,
  '0101_lixiang_change': m0101,
  '0102_identity_notify': m0102,
  '0103_identity_notify_live_sessions': m0103,
  '0104_role_check_strictly': m0104,
  '0105_job_state': m0105,
  '0106_system_logs': m0106,
  '0107_sys_notice': m0107,
  '0108_export_job': m0108,
  '0109_job_cron': m0109,
  '0111_config_notify': m0111,
  '0112_search_trgm': m0112,
  '0113_flow_names': m0113,
};

export class StaticMigrationProvider implements MigrationProvider {
  constructor(private readonly all: Readonly<Record<string, Migration>> = migrations) {}
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve({ ...this.all });
  }
}
