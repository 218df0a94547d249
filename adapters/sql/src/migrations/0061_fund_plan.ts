import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their day */

const money = (name: string) => `${name} numeric(18,6) not null default 0 check (${name} >= 0)`;

/**
 * Monthly fund plans and their execution (approval kinds 8_x, 9_x, 26_x). Money is
 * numeric(18,6) in 万元.
 *
 * fund_plan is read by the fund payment checks (fund_plan_switch): its `id`, `dept_id`,
 * `plan_month` ('YYYY-MM'), `status` (0 draft, 1 in approval, 2 approved, 3 rejected or withdrawn)
 * and `total_amount` (the month's planned spending) keep these names and meanings. One live
 * approved plan per department and month.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const statements = [
    `create table fund_plan (
      id serial primary key,
      dept_id integer not null,
      plan_month text not null check (plan_month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
      status smallint not null default 0 check (status in (0, 1, 2, 3)),
      ${money('total_amount')},
      ${money('income_amount')},
      ${money('rigid_amount')},
      ${money('loan_amount')},
      ${money('payment_amount')},
      ${money('reserve_amount')},
      ${money('confirm_amount')},
      ${money('executed_amount')},
      reason varchar(500) not null default '',
      remark varchar(2000) not null default '',
      approval_id integer,
      approval_kind varchar(10),
      approved_time timestamptz,
      user_id integer not null,
      create_by varchar(64) not null default '',
      version integer not null default 0,
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      del_flag char(1) not null default '0' check (del_flag in ('0', '2')))`,
    `create unique index fund_plan_one_approved on fund_plan (dept_id, plan_month) where status = 2 and del_flag = '0'`,
    `create index fund_plan_dept_month on fund_plan (dept_id, plan_month, status) where del_flag = '0'`,
    `create index fund_plan_list on fund_plan (plan_month desc, id desc) where del_flag = '0'`,
    `create index fund_plan_user on fund_plan (user_id, id desc) where del_flag = '0'`,

    `create table fund_plan_line (
      line_id serial primary key,
      plan_id integer not null references fund_plan (id),
      line_kind varchar(10) not null check (line_kind in ('income', 'rigid', 'loan', 'payment')),
      subject_name varchar(200) not null,
      contract_id integer references contract (contract_id),
      ${money('amount')},
      payback_rate numeric(9,6) check (payback_rate is null or (payback_rate >= 0 and payback_rate <= 1)),
      allot_amount numeric(18,6) check (allot_amount is null or allot_amount >= 0),
      ${money('executed_amount')},
      remark varchar(500) not null default '',
      sort_no integer not null default 0)`,
    `create index fund_plan_line_plan on fund_plan_line (plan_id, sort_no, line_id)`,
    `create index fund_plan_line_contract on fund_plan_line (contract_id) where contract_id is not null`,

    `create table fund_perform (
      id serial primary key,
      plan_id integer not null references fund_plan (id),
      dept_id integer not null,
      plan_month text not null,
      status smallint not null default 0 check (status in (0, 1, 2, 3)),
      over_plan boolean not null default false,
      ${money('total_amount')},
      perform_date date not null,
      reason varchar(500) not null default '',
      remark varchar(2000) not null default '',
      approval_id integer,
      approval_kind varchar(10),
      approved_time timestamptz,
      user_id integer not null,
      create_by varchar(64) not null default '',
      version integer not null default 0,
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      del_flag char(1) not null default '0' check (del_flag in ('0', '2')))`,
    `create index fund_perform_plan on fund_perform (plan_id, id) where del_flag = '0'`,
    `create index fund_perform_list on fund_perform (plan_month desc, id desc) where del_flag = '0'`,
    `create index fund_perform_dept on fund_perform (dept_id, plan_month) where del_flag = '0'`,
    `create index fund_perform_user on fund_perform (user_id, id desc) where del_flag = '0'`,

    `create table fund_perform_line (
      perform_line_id serial primary key,
      perform_id integer not null references fund_perform (id),
      plan_line_id integer not null references fund_plan_line (line_id),
      amount numeric(18,6) not null check (amount > 0),
      remark varchar(500) not null default '')`,
    `create index fund_perform_line_perform on fund_perform_line (perform_id, perform_line_id)`,
    `create index fund_perform_line_plan_line on fund_perform_line (plan_line_id)`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}
