import type { ContentEntry, TemplateContent } from '../approval/template.js';
import { netPay } from '../fees/net-pay.js';
import type { IdempotencyRepository } from '../platform/auth-session.repository.port.js';
import type { ListPage, ListQuery } from '../platform/list-query.js';
import type { UnitOfWork } from '../platform/unit-of-work.port.js';
import { domainError, err, ok, type Result } from '../shared/result.js';
import type { RecordApprovalPort } from '../approval/record-approval.port.js';
import type { ContractRepository } from './contract.repository.port.js';
import type { ContractActor, ContractClock } from './contract.use-case.js';
import { diffFields } from './contract.use-case.js';
import { CONTRACT_ERROR_CODES as C, CONTRACT_MESSAGES as M } from './contract-messages.js';
import { contractErrors } from './contract-rules.js';
import { childStateCheck } from './sub-record-actions.js';
import { appendHistory, keysetRows, type RecordHistoryRepository } from './contract-write.js';
import { WriteAbort, runWrite, type WriteIdempotency } from '../shared/write.js';
import {
  CHILD_TYPE_LABELS,
  childErrors,
  childOverpaid,
  validateChildPay,
  validateContractChild,
  validateTaxRate,
  type ChildPay,
  type ContractChild,
  type ContractChildFilter,
  type ContractChildRepository,
  type ContractChildSortColumn,
  type ContractChildSummary,
  type PayAttachment,
} from './contract-child.js';
import type { ChildPayInput, ContractChildInput } from './sub-record-input.js';

/** The linked record kind of sub-contract (payment contract, 5_x) approvals. */
export const CONTRACT_CHILD_RECORD_KIND = 'contractChild';
export const DEFAULT_CHILD_APPROVAL_TYPE = '5_1';

export interface ContractChildRepositories {
  readonly contracts: ContractRepository;
  readonly children: ContractChildRepository;
  readonly approvals?: RecordApprovalPort;
  readonly history?: RecordHistoryRepository;
  readonly idempotency?: IdempotencyRepository;
}

const entry = (label: string, value: string): ContentEntry => ({ label, value, type: 'input' });

/** The payment contract sheet (5_x, Contract kind): its required fields from the sub-contract. */
function childContent(child: ContractChild, contractName: string): TemplateContent {
  const content: Record<string, ContentEntry> = {
    contractName: entry(
      '合同名称',
      `${contractName}（分包：${CHILD_TYPE_LABELS[child.childType]}）`,
    ),
    signByMain: entry('甲方', contractName),
    signBySub: entry('乙方', child.receiveCompanyName),
    totalAmount: { label: '合同金额', value: child.totalAmount, type: 'input' },
  };
  if (child.contractChildNo !== '')
    content['contractNo'] = entry('合同编号', child.contractChildNo);
  if (child.content !== '')
    content['contractContent'] = { label: '合同主要内容', value: child.content, type: 'textarea' };
  return content;
}

const childFieldsOf = (c: ContractChild) => ({
  contractId: c.contractId,
  contractChildNo: c.contractChildNo,
  childType: c.childType,
  paymentMethod: c.paymentMethod,
  content: c.content,
  receiveCompanyName: c.receiveCompanyName,
  totalAmount: c.totalAmount,
});

/**
 * Sub-contracts (contractChild) and their pay items. A sub-contract hangs on a contract the caller
 * may see that is past the unsigned and declared stages; its pay items add up to at most its
 * amount plus its extended sub-contracts, each with its net pay computed by core's `netPay`.
 */
export class ContractChildService {
  constructor(
    private readonly uow: UnitOfWork<ContractChildRepositories>,
    private readonly clock: ContractClock,
  ) {}

  add(
    input: ContractChildInput,
    actor: ContractActor,
    history = false,
    idem?: WriteIdempotency,
  ): Promise<Result<ContractChild>> {
    return this.write((r, now) => this.addIn(r, now, input, actor, history), idem);
  }

  private async addIn(
    r: ContractChildRepositories,
    now: Date,
    input: ContractChildInput,
    actor: ContractActor,
    history: boolean,
  ): Promise<Result<ContractChild>> {
    const fields = validateContractChild(input);
    if (!fields.ok) return fields;
    const parent = await r.contracts.findById(fields.value.contractId, actor.scope);
    if (parent === null) return err({ ...contractErrors.notFound(), field: 'contractId' });
    if (parent.stage === 'stay' || parent.stage === 'declare')
      return err(childErrors.parentStage());
    const child = await r.children.insert(
      fields.value,
      {
        history,
        status: history ? 1 : -1,
        deptId: actor.deptId,
        userId: actor.userId,
        createBy: actor.userName,
      },
      now,
    );
    await this.log(r, child.contractChildId, history ? 'addHistory' : 'add', {}, actor, now);
    return ok(child);
  }

  /** Edits a draft, rejected or withdrawn sub-contract (not history); the amount stays ≥ paid. */
  update(
    contractChildId: number,
    input: ContractChildInput,
    version: number | undefined,
    actor: ContractActor,
  ): Promise<Result<ContractChild>> {
    return this.write((r, now) => this.updateIn(r, now, contractChildId, input, version, actor));
  }

  private async updateIn(
    r: ContractChildRepositories,
    now: Date,
    contractChildId: number,
    input: ContractChildInput,
    version: number | undefined,
    actor: ContractActor,
  ): Promise<Result<ContractChild>> {
    const child = await this.child(r, contractChildId, actor);
    const open = childStateCheck('edit', child);
    if (!open.ok) return open;
    if (version !== undefined && version !== child.version)
      return err(contractErrors.staleVersion());
    const fields = validateContractChild({ ...input, contractId: child.contractId });
    if (!fields.ok) return fields;
    const paid = await r.children.paidTotal(contractChildId);
    const extended = await r.children.extendTotal(contractChildId);
    const overpaid = childOverpaid(fields.value.totalAmount, extended, paid);
    if (overpaid !== null) return err(overpaid);
    const saved = await r.children.save(
      contractChildId,
      child.version,
      { fields: fields.value },
      now,
    );
    if (saved === null) return err(contractErrors.staleVersion());
    await this.log(
      r,
      contractChildId,
      'update',
      diffFields(childFieldsOf(child), fields.value),
      actor,
      now,
    );
    return ok(saved);
  }

  /**
   * updateToApproval: a payment contract approval (5_x, default 5_1) through the engine in this
   * transaction; the sub-contract is locked until it ends, approved makes it final.
   */
  submit(
    contractChildId: number,
    typeCode: string | undefined,
    actor: ContractActor,
    idem?: WriteIdempotency,
  ): Promise<Result<ContractChild>> {
    return this.write((r, now) => this.submitIn(r, now, contractChildId, typeCode, actor), idem);
  }

  /**
   * 保存并提交审批: adds the sub-contract (or edits it, with `contractChildId`) and sends it as a
   * payment contract (5_x) in ONE transaction, so both happen or neither: a refused submit leaves
   * no sub-contract behind and an edited one as it was.
   */
  saveAndSubmit(
    request: {
      readonly contractChildId?: number | undefined;
      readonly version?: number | undefined;
      readonly typeCode?: string | undefined;
      readonly input: ContractChildInput;
    },
    actor: ContractActor,
    idem?: WriteIdempotency,
  ): Promise<Result<ContractChild>> {
    const { contractChildId, version, typeCode, input } = request;
    return this.write(async (r, now) => {
      const saved =
        contractChildId === undefined
          ? await this.addIn(r, now, input, actor, false)
          : await this.updateIn(r, now, contractChildId, input, version, actor);
      if (!saved.ok) return saved;
      return this.submitIn(r, now, saved.value.contractChildId, typeCode, actor);
    }, idem);
  }

  private async submitIn(
    r: ContractChildRepositories,
    now: Date,
    contractChildId: number,
    typeCode: string | undefined,
    actor: ContractActor,
  ): Promise<Result<ContractChild>> {
    const child = await this.child(r, contractChildId, actor);
    if (child.status === 0) return err(childErrors.final());
    const open = childStateCheck('submit', child);
    if (!open.ok) return open;
    const code = typeCode ?? DEFAULT_CHILD_APPROVAL_TYPE;
    if (!/^5_\d$/.test(code))
      return err(domainError(C.invalidValue, M.invalidValue('typeCode'), 'typeCode'));
    if (child.receiveCompanyName === '')
      return err(domainError(C.required, '收款单位不能为空', 'receiveCompanyName'));
    const parent = await r.contracts.findById(child.contractId, { kind: 'all' });
    if (parent === null) return err(contractErrors.notFound());
    if (r.approvals === undefined) throw new Error('the sub-contract approval port is not bound');
    const a = await r.approvals.submit({
      typeCode: code,
      kind: 'Contract',
      title: `分包合同：${parent.contractName}（${CHILD_TYPE_LABELS[child.childType]}）`,
      content: childContent(child, parent.contractName),
      recordKind: CONTRACT_CHILD_RECORD_KIND,
      recordId: String(contractChildId),
      drafterId: actor.userId,
      drafterDeptId: actor.deptId,
      idempotencyScope: 'contract.submit',
    });
    if (!a.ok) return a;
    // The sub-contract's handler locks it when the engine sends the approval; store the link
    // here only if it did not.
    const sent = await r.children.findById(contractChildId, { kind: 'all' });
    const saved =
      sent !== null && sent.status === 0 && sent.approvalId === a.value.approvalId
        ? sent
        : await r.children.save(
            contractChildId,
            sent?.version ?? child.version,
            { status: 0, approvalId: a.value.approvalId },
            now,
          );
    if (saved === null) return err(contractErrors.staleVersion());
    await this.log(
      r,
      contractChildId,
      'updateToApproval',
      { approvalId: [child.approvalId, a.value.approvalId] },
      actor,
      now,
    );
    return ok(saved);
  }

  /**
   * updateExpensesOfTaxation: the payee's invoice tax rate. Recorded on the sub-contract (new pay
   * items default to it) and applied to every pay item, whose net pay is recomputed. Finance
   * corrects it at any stage, approved sub-contracts included.
   */
  updateTaxation(
    contractChildId: number,
    taxRate: string,
    actor: ContractActor,
  ): Promise<Result<{ child: ContractChild; pays: readonly ChildPay[] }>> {
    return this.write(async (r, now) => {
      const child = await this.child(r, contractChildId, actor);
      const rate = validateTaxRate(taxRate.trim());
      if (!rate.ok) return rate;
      const saved = await r.children.save(
        contractChildId,
        child.version,
        { taxRate: rate.value },
        now,
      );
      if (saved === null) return err(contractErrors.staleVersion());
      for (const p of await r.children.listPays(contractChildId)) {
        await r.children.retaxPay(p.payId, rate.value, netPay(p.payAmount, rate.value), now);
      }
      await this.log(
        r,
        contractChildId,
        'updateExpensesOfTaxation',
        { taxRate: [child.taxRate, rate.value] },
        actor,
        now,
      );
      return ok({ child: saved, pays: await r.children.listPays(contractChildId) });
    });
  }

  listByContract(contractId: number, actor: ContractActor): Promise<readonly ContractChild[]> {
    return this.uow.transaction((r) => r.children.listByContract(contractId, actor.scope));
  }

  list(
    query: ListQuery<ContractChildFilter, ContractChildSortColumn>,
    actor: ContractActor,
  ): Promise<ListPage<ContractChildSummary>> {
    return this.uow.transaction((r) => r.children.list(query, actor.scope));
  }

  exportRows(
    filter: ContractChildFilter,
    actor: ContractActor,
  ): AsyncGenerator<ContractChildSummary> {
    return keysetRows(
      (after, limit) =>
        this.uow.transaction((r) => r.children.listBatch(filter, actor.scope, after, limit)),
      (c) => c.contractChildId,
    );
  }

  /** getUserCanPayAmount: what is left to pay on one sub-contract the caller may see. */
  canPay(contractChildId: number, actor: ContractActor): Promise<Result<ContractChildSummary>> {
    return this.uow.transaction(async (r) => {
      const s = await r.children.summaryById(contractChildId, actor.scope);
      return s === null ? err(childErrors.notFound()) : ok(s);
    });
  }

  detail(
    contractChildId: number,
    actor: ContractActor,
  ): Promise<Result<{ child: ContractChildSummary; pays: readonly ChildPay[] }>> {
    return this.uow.transaction(async (r) => {
      const child = await r.children.summaryById(contractChildId, actor.scope);
      if (child === null) return err(childErrors.notFound());
      return ok({ child, pays: await r.children.listPays(contractChildId) });
    });
  }

  /** showPayAttachmentList: the files of a pay item of a sub-contract the caller may see. */
  payAttachments(payId: number, actor: ContractActor): Promise<Result<readonly PayAttachment[]>> {
    return this.uow.transaction(async (r) => {
      const pay = await r.children.findPay(payId);
      if (pay === null) return err(childErrors.payNotFound());
      if ((await r.children.findById(pay.contractChildId, actor.scope)) === null)
        return err(childErrors.payNotFound());
      return ok(await r.children.payAttachments(payId));
    });
  }

  delete(contractChildId: number, actor: ContractActor): Promise<Result<ContractChild>> {
    return this.write(async (r, now) => {
      const child = await this.child(r, contractChildId, actor);
      const open = childStateCheck('remove', child);
      if (!open.ok) return open;
      if ((await r.children.listPays(contractChildId)).length > 0)
        return err(childErrors.hasPays());
      await r.children.softDelete(contractChildId);
      await this.log(r, contractChildId, 'delete', {}, actor, now);
      return ok(child);
    });
  }

  insertPay(
    contractChildId: number,
    input: ChildPayInput,
    actor: ContractActor,
  ): Promise<Result<ChildPay>> {
    return this.write(async (r, now) => {
      const child = await this.child(r, contractChildId, actor);
      const pay = validateChildPay(input, child.taxRate);
      if (!pay.ok) return pay;
      const extended = await r.children.extendTotal(contractChildId);
      const paid = await r.children.paidTotal(contractChildId);
      const overpaid = childOverpaid(child.totalAmount, extended, paid, pay.value.payAmount);
      if (overpaid !== null) return err(overpaid);
      const files = await this.files(r, input.files, actor);
      const inserted = await r.children.insertPay(contractChildId, pay.value, actor.userId, now);
      if (files.length > 0) await r.children.setPayFiles(inserted.payId, files);
      await this.log(
        r,
        contractChildId,
        'insertChildPay',
        { payAmount: [null, inserted.payAmount] },
        actor,
        now,
      );
      return ok({ ...inserted, files });
    });
  }

  updatePay(payId: number, input: ChildPayInput, actor: ContractActor): Promise<Result<ChildPay>> {
    return this.write(async (r, now) => {
      const existing = await r.children.findPay(payId);
      if (existing === null) return err(childErrors.payNotFound());
      const child = await this.child(r, existing.contractChildId, actor);
      const pay = validateChildPay(input, child.taxRate);
      if (!pay.ok) return pay;
      const extended = await r.children.extendTotal(child.contractChildId);
      const paid = await r.children.paidTotal(child.contractChildId, payId);
      const overpaid = childOverpaid(child.totalAmount, extended, paid, pay.value.payAmount);
      if (overpaid !== null) return err(overpaid);
      const updated = await r.children.updatePay(payId, pay.value, now);
      let files = existing.files;
      if (input.files !== undefined && input.files !== null) {
        files = await this.files(r, input.files, actor, existing.files);
        await r.children.setPayFiles(payId, files);
      }
      await this.log(
        r,
        child.contractChildId,
        'updateChildPay',
        diffFields(
          { payAmount: existing.payAmount, taxRate: existing.taxRate },
          { payAmount: updated.payAmount, taxRate: updated.taxRate },
        ),
        actor,
        now,
      );
      return ok({ ...updated, files });
    });
  }

  deletePay(payId: number, actor: ContractActor): Promise<Result<ChildPay>> {
    return this.write(async (r, now) => {
      const existing = await r.children.findPay(payId);
      if (existing === null) return err(childErrors.payNotFound());
      await this.child(r, existing.contractChildId, actor);
      await r.children.deletePay(payId);
      await this.log(
        r,
        existing.contractChildId,
        'deleteChildPay',
        { payAmount: [existing.payAmount, null] },
        actor,
        now,
      );
      return ok(existing);
    });
  }

  /** The attachment ids of a pay item: uploaded by the caller, or already attached. */
  private async files(
    r: ContractChildRepositories,
    files: readonly string[] | null | undefined,
    actor: ContractActor,
    kept: readonly string[] = [],
  ): Promise<readonly string[]> {
    const wanted = [...new Set(files ?? [])];
    const fresh = wanted.filter((f) => !kept.includes(f));
    if (fresh.length === 0) return wanted;
    const found = await r.children.existingFiles(fresh, actor.userId);
    if (found.length !== fresh.length) throw new WriteAbort(childErrors.badFiles());
    return wanted;
  }

  private async child(
    r: ContractChildRepositories,
    id: number,
    actor: ContractActor,
  ): Promise<ContractChild> {
    const child = await r.children.findById(id, actor.scope);
    if (child === null) throw new WriteAbort(childErrors.notFound());
    return child;
  }

  private log(
    r: ContractChildRepositories,
    recordId: number,
    action: string,
    changes: Record<string, readonly [unknown, unknown]>,
    actor: ContractActor,
    at: Date,
  ): Promise<void> {
    return appendHistory(r.history, {
      recordKind: CONTRACT_CHILD_RECORD_KIND,
      recordId,
      action,
      changes,
      actor,
      at,
    });
  }

  private async write<T>(
    fn: (r: ContractChildRepositories, now: Date) => Promise<Result<T>>,
    idem?: WriteIdempotency,
  ): Promise<Result<T>> {
    return runWrite(this.uow, () => this.clock.now(), fn, idem);
  }
}
