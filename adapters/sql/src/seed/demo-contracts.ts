import {
  ALL_DATA,
  ApprovalEngine,
  clockAt,
  computeContractFees,
  ContractChildService,
  ContractService,
  ExtendSubContractService,
  LixiangService,
  registerContractChangeRecords,
  registerContractChildRecords,
  registerContractRecords,
  registerLixiangRecords,
  type ApprovalActor,
  type Contract,
  type ContractActor,
  type ContractChild,
  type ContractInput,
  type ContractStage,
  type Lixiang,
  type Result,
  validateContractInput,
} from '@dpms/core';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../database/schema.js';
import { KyselyUnitOfWork } from '../repositories/platform-repositories.js';
import {
  createApprovalRepositories,
  createLinkedRecordRegistry,
} from '../repositories/sql-approval.repository.js';
import { createContractChildRepositories } from '../repositories/sql-contract-child.repository.js';
import {
  createContractRepositories,
  SqlFeeRateSource,
} from '../repositories/sql-contract.repository.js';
import { createExtendSubContractRepositories } from '../repositories/sql-extend-sub-contract.repository.js';
import { createLixiangRepositories } from '../repositories/sql-lixiang.repository.js';

/** How many records of each kind the demo institute starts with. */
export const DEMO_CONTRACT_COUNTS = {
  formalHistory: 150,
  stay: 60,
  declare: 40,
  contractDrafts: 30,
  reviewsApproved: 12,
  reviewsRejected: 3,
  reviewsPending: 2,
  filings: 40,
  subContracts: 80,
  extensions: 15,
  changes: 3,
} as const;

const PLACES = ['滨江', '西溪', '钱塘', '临平', '萧山', '余杭', '富阳', '拱墅', '上城', '良渚'];
const KINDS = [
  '城市更新规划',
  '产业园区方案',
  '安置房建筑设计',
  '滨水景观提升',
  '学校改扩建',
  '医院门诊楼',
  '商业综合体室内',
  '未来社区策划',
  '文化中心',
  '科创中心',
];
const CLIENTS = [
  '杭州城市建设投资集团',
  '滨江区住房和城乡建设局',
  '钱塘新区管委会',
  '余杭交通集团',
  '西湖区教育局',
  '浙江文旅发展有限公司',
  '萧山国资公司',
  '临平城投',
];
const PAYEES = ['杭州某咨询有限公司', '浙江专家顾问中心', '某效果图工作室', '某结构设计事务所'];

/** A fixed pseudo-random sequence, so every fresh demo database looks the same. */
function sequence(seed: number) {
  let x = seed >>> 0;
  return (n: number): number => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x % n;
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

function must<T>(r: Result<T>, what: string): T {
  if (!r.ok) throw new Error(`seeding demo contracts (${what}): ${r.error.message}`);
  return r.value;
}

/**
 * The fee columns of a demo contract another seed writes straight into the table (the design-task
 * demo's formal contracts): core's split of its inputs with the current rate set of its source,
 * exactly what the use cases store, so no seeded contract shows an amount with zero fees.
 */
export async function demoContractFeeColumns(
  db: Kysely<Database>,
  input: ContractInput,
  stage: ContractStage = 'formal',
): Promise<{
  real_amount: string;
  direct_fee: string;
  technical_fee: string;
  expert_fee: string;
  operate_fee: string;
  design_fee: string;
  fee_rates: string;
}> {
  // The split reads the amounts, source and sign date alone: checked as an unsigned contract's,
  // so a seed need not pass the parties a formal contract's form requires.
  const fields = must(
    validateContractInput(input, stage === 'declare' ? 'declare' : 'stay'),
    'demo contract fields',
  );
  const computed = must(
    computeContractFees(fields, stage, await new SqlFeeRateSource(db).current()),
    'demo contract fees',
  );
  const f = computed.fees;
  return {
    real_amount: f.realAmount,
    direct_fee: f.directFee,
    technical_fee: f.technicalFee,
    expert_fee: f.expertFee,
    operate_fee: f.operateFee,
    design_fee: f.designFee,
    fee_rates: JSON.stringify(computed.rates),
  };
}

/**
 * The demo institute's contracts: a few hundred records across the three sources, the
 * four stages and every approval status, with filings, sub-contracts with pay items, extended
 * sub-contracts and contract changes, all made through the use cases and the approval engine
 * (so the stored fee splits are exactly what the application computes). Sign dates fall in
 * 2024-2026. 经营部 (jingying) sends what goes to approval; the nodes that would fall to him
 * (部门负责人, 经营部) are skipped by separation of duties, so his reviews start at 财务部.
 */
export async function seedDemoContracts(trx: Transaction<Database>): Promise<void> {
  const db: Kysely<Database> = trx;
  const clock = { now: () => new Date() };
  const linked = createLinkedRecordRegistry();
  const contractRepositories = (t: Kysely<Database>, at?: Date) =>
    createContractRepositories(t, linked, clockAt(at, clock));
  registerContractRecords(linked, contractRepositories);
  registerLixiangRecords(linked, (t, at) =>
    createLixiangRepositories(t, linked, clockAt(at, clock)),
  );
  registerContractChildRecords(linked, (t) => createContractChildRepositories(t));
  registerContractChangeRecords(linked, contractRepositories);
  const contracts = new ContractService(
    new KyselyUnitOfWork(db, (t) => createContractRepositories(t, linked, clock)),
    clock,
  );
  const filings = new LixiangService(
    new KyselyUnitOfWork(db, (t) => createLixiangRepositories(t, linked, clock)),
    clock,
  );
  const children = new ContractChildService(
    new KyselyUnitOfWork(db, (t) => createContractChildRepositories(t, linked, clock)),
    clock,
  );
  const extensions = new ExtendSubContractService(
    new KyselyUnitOfWork(db, createExtendSubContractRepositories),
    clock,
  );
  const engine = new ApprovalEngine(
    new KyselyUnitOfWork(db, (t) => createApprovalRepositories(t, linked)),
    clock,
  );

  const users = await db
    .selectFrom('sys_user')
    .select(['user_id', 'user_name', 'nick_name', 'dept_id'])
    .where('user_name', 'in', ['jingying', 'zhjy', 'caiwu'])
    .execute();
  const actor = (name: string): ContractActor => {
    const u = users.find((x) => x.user_name === name);
    if (u === undefined) throw new Error(`seeding demo contracts: no user ${name}`);
    return { userId: u.user_id, userName: u.nick_name, deptId: u.dept_id, scope: ALL_DATA };
  };
  const jingying = actor('jingying');
  const zhjy = actor('zhjy');
  const caiwu = actor('caiwu');

  /** Signs an approval through to its end, each node by whoever it waits on. */
  const approve = async (approvalId: string | null, finalAction: 'approve' | 'reject') => {
    if (approvalId === null) throw new Error('seeding demo contracts: no approval');
    for (let i = 0; i < 12; i += 1) {
      const a = await db
        .selectFrom('approval')
        .select(['status', 'version'])
        .where('approval_id', '=', Number(approvalId))
        .executeTakeFirstOrThrow();
      if (a.status !== 0) return;
      const p = await db
        .selectFrom('approval_pending as p')
        .innerJoin('sys_user as u', 'u.user_id', 'p.user_id')
        .select(['u.user_id', 'u.dept_id'])
        .where('p.approval_id', '=', Number(approvalId))
        .executeTakeFirstOrThrow();
      const signer: ApprovalActor = { userId: p.user_id, deptId: p.dept_id, scope: ALL_DATA };
      must(
        await engine.process(
          {
            approvalId,
            action: finalAction,
            version: a.version,
            opinion: finalAction === 'approve' ? '同意' : '金额与报价不符，请核对后重新提交',
          },
          signer,
          { route: 'seed' },
        ),
        'approval',
      );
      if (finalAction === 'reject') return;
    }
  };

  const next = sequence(20240401);
  const fields = (i: number, year = 2024 + (i % 3)) => {
    const place = PLACES[i % PLACES.length] ?? '';
    const kind = KINDS[next(KINDS.length)] ?? '';
    const total = String(20 + next(980)) + (next(2) === 0 ? '' : `.${String(next(100))}`);
    const bizSource = String(1 + (i % 3));
    const month = 1 + next(year === 2026 ? 10 : 12);
    return {
      projectName: `${place}${kind}项目（${String(1000 + i)}）`,
      contractName: `${place}${kind}设计合同`,
      entrustBusinessName: CLIENTS[next(CLIENTS.length)] ?? '',
      contractNo: '',
      signByMain: CLIENTS[next(CLIENTS.length)] ?? '',
      signBySub: '华东示范建筑设计研究院',
      bizSource,
      bizType: String(1 + next(5)),
      location: `杭州市${place}`,
      totalAmount: total,
      cleanAmount: total,
      receiveAmount: String(next(20)),
      // Market contracts signed from 2024-04-01 compute their directFee; none is entered.
      directFee: bizSource === '1' ? '' : '0',
      realAmountRate: bizSource === '3' ? '0.6' : '',
      signDate: `${String(year)}-${pad(month)}-${pad(1 + next(28))}`,
      entrustTask: '方案设计、初步设计及施工图设计',
    };
  };
  const numbered = (prefix: string, i: number) =>
    `${prefix}-${String(2024 + (i % 3))}-${String(i).padStart(4, '0')}`;

  // Formal contracts signed before the system (addHistory).
  const formal: Contract[] = [];
  for (let i = 0; i < DEMO_CONTRACT_COUNTS.formalHistory; i += 1) {
    formal.push(
      must(
        await contracts.add(
          'formal',
          { ...fields(i), contractNo: numbered('HT', i) },
          i % 2 === 0 ? zhjy : jingying,
          true,
        ),
        'formal',
      ),
    );
  }

  // Unsigned contracts: half confirmed effective, a few converted to contracts.
  const stay: Contract[] = [];
  for (let i = 0; i < DEMO_CONTRACT_COUNTS.stay; i += 1) {
    const c = must(
      await contracts.add('stay', { ...fields(200 + i), signDate: null }, zhjy),
      'stay',
    );
    if (i % 2 === 0) must(await contracts.setEffective(c.contractId, true, zhjy), 'effective');
    stay.push(c);
  }

  // Declared projects: half recorded as filed before the system, the rest drafts.
  const declared: Contract[] = [];
  for (let i = 0; i < DEMO_CONTRACT_COUNTS.declare; i += 1) {
    declared.push(
      must(
        await contracts.add('declare', fields(300 + i), i % 2 === 0 ? zhjy : jingying, i < 20),
        'declare',
      ),
    );
  }

  // Contracts in review: drafts (some converted from unsigned or declared), and reviews sent by
  // 经营部 that were approved (now formal), rejected or are still waiting.
  const reviews =
    DEMO_CONTRACT_COUNTS.reviewsApproved +
    DEMO_CONTRACT_COUNTS.reviewsRejected +
    DEMO_CONTRACT_COUNTS.reviewsPending;
  let nextDeclared = 20;
  for (let i = 0; i < DEMO_CONTRACT_COUNTS.contractDrafts + reviews; i += 1) {
    const sending = i < reviews;
    const fromStay = !sending && i % 5 === 1 ? stay[i] : undefined;
    const fromDeclared = !sending && i % 5 === 2 ? declared[nextDeclared++] : undefined;
    const c = fromStay
      ? must(
          // Signed when converted: the contract names the date its review sheet shows.
          await contracts.convert(fromStay.contractId, 'convertByStaySign', zhjy, undefined, {
            signDate: `2026-${pad(1 + (i % 10))}-18`,
          }),
          'convert',
        )
      : fromDeclared
        ? must(
            await contracts.convert(fromDeclared.contractId, 'convertByDeclareProject', zhjy),
            'convert',
          )
        : must(
            await contracts.add(
              'contract',
              { ...fields(400 + i), contractNo: numbered('PS', i) },
              sending ? jingying : zhjy,
            ),
            'contract',
          );
    if (sending) {
      const sent = must(await contracts.submit(c.contractId, undefined, jingying), 'review');
      if (i < DEMO_CONTRACT_COUNTS.reviewsApproved) await approve(sent.approvalId, 'approve');
      else if (i < DEMO_CONTRACT_COUNTS.reviewsApproved + DEMO_CONTRACT_COUNTS.reviewsRejected)
        await approve(sent.approvalId, 'reject');
    }
  }

  // Filings (lixiang): of declared projects and formal contracts; recorded, approved, drafts.
  const filed: Lixiang[] = [];
  for (let i = 0; i < DEMO_CONTRACT_COUNTS.filings; i += 1) {
    const target = i % 2 === 0 ? declared[i % declared.length] : formal[i];
    if (target === undefined) continue;
    const input = {
      contractId: target.contractId,
      lxNo: numbered('LX', i),
      projectName: target.projectName,
      bizSource: target.bizSource,
      totalAmount: target.totalAmount,
      directFee: '0',
      remark: i % 4 === 0 ? '按院立项管理办法备案' : '',
    };
    if (i < 25) {
      filed.push(must(await filings.add(input, zhjy, true), 'filing'));
    } else {
      const l = must(await filings.add(input, jingying), 'filing');
      if (i < 35) {
        const sent = must(await filings.submit(l.lxId, undefined, jingying), 'filing review');
        await approve(sent.approvalId, i < 33 ? 'approve' : 'reject');
      }
      filed.push(l);
    }
  }

  // Sub-contracts of formal contracts, with pay items and extensions.
  const subs: ContractChild[] = [];
  for (let i = 0; i < DEMO_CONTRACT_COUNTS.subContracts; i += 1) {
    const parent = formal[(i * 7) % formal.length];
    if (parent === undefined) continue;
    const childType = 1 + (i % 7);
    const total = String(2 + next(40));
    const input = {
      contractId: parent.contractId,
      contractChildNo: numbered('FB', i),
      childType,
      paymentMethod: i % 2 === 0 ? '按进度付款' : '一次性付款',
      content: `${parent.projectName}分包（${String(childType)}）`,
      receiveCompanyName: PAYEES[i % PAYEES.length] ?? '',
      totalAmount: total,
    };
    if (i < 50) {
      const c = must(await children.add(input, jingying, true), 'sub-contract');
      subs.push(c);
      if (i % 2 === 0) {
        must(
          await children.insertPay(
            c.contractChildId,
            {
              payAmount: String(Math.max(1, Number(total) / 2)),
              taxRate: i % 4 === 0 ? '0.03' : '0.06',
              payDate: `2025-${pad(1 + (i % 12))}-15`,
              remark: '首付款',
            },
            caiwu,
          ),
          'pay',
        );
      }
    } else {
      const c = must(await children.add(input, jingying), 'sub-contract');
      if (i < 60) {
        const sent = must(
          await children.submit(c.contractChildId, undefined, jingying),
          'sub-contract review',
        );
        await approve(sent.approvalId, i < 58 ? 'approve' : 'reject');
      }
      subs.push(c);
    }
  }
  for (let i = 0; i < DEMO_CONTRACT_COUNTS.extensions; i += 1) {
    const child = subs[i * 3];
    if (child === undefined) continue;
    must(
      await extensions.add(
        {
          contractChildId: child.contractChildId,
          extendNo: numbered('BC', i),
          content: '增加工作内容：补充效果图及专家论证一次',
          reason: '甲方需求调整',
          extendAmount: String(1 + next(10)),
          signDate: `2025-${pad(1 + (i % 12))}-20`,
        },
        jingying,
      ),
      'extension',
    );
  }

  // Contract changes (28_1): approved ones applied; the last still waiting.
  for (let i = 0; i < DEMO_CONTRACT_COUNTS.changes + 1; i += 1) {
    const c = formal[1 + i * 2];
    if (c === undefined) continue;
    const r = must(
      await contracts.requestChange(
        c.contractId,
        {
          fields: {
            totalAmount: String(Number(c.totalAmount) + 10),
            cleanAmount: String(Number(c.cleanAmount) + 10),
          },
          reason: '甲方追加设计内容，签订补充协议',
        },
        jingying,
      ),
      'change',
    );
    if (i < DEMO_CONTRACT_COUNTS.changes) await approve(r.change.approvalId, 'approve');
  }
}
