import { z } from 'zod';
import {
  contractActionPermission,
  requirePermission,
  type ContractListFilter,
  type ContractService,
  type ContractStage,
} from '@dpms/core';
import {
  CONTRACT_SAVE_AND_SUBMIT_BODIES,
  CONTRACT_SAVE_BODIES,
  CONTRACT_SUBMIT_BODIES,
  CONTRACT_UPDATE_BODIES,
  contractAddBody,
  contractConvertQuery,
  contractDetailAnswer,
  contractIdQuery,
  contractListQuery,
  contractPage,
  contractRenameBody,
} from '@dpms/wire';
import { ok, page } from '../../http/envelope.js';
import { unwrap } from '../../http/http-error.js';
import { listQueryOf } from '../../http/list-query.js';
import { perm, type RouteBook } from '../../http/route.js';
import { id, optionalEnum } from '../../http/schemas.js';
import { actorOf } from '../contract-route-helpers.js';
import { addContractWrite } from './contract-write.js';
import {
  contractStagesOf,
  contractView,
  filterOf,
  historyView,
  inputOf,
  type ListQueryIn,
  TAG,
} from './views.js';

/** Each stage's route factories: list, read and the writes, all answering the contract. */
function stageRouteFactories(book: RouteBook, service: ContractService) {
  return {
    list: (
      path: string,
      summary: string,
      permission: string,
      stagesOf: (q: ListQueryIn) => readonly ContractStage[],
      extra: (f: ContractListFilter) => ContractListFilter = (f) => f,
    ) =>
      book.add({
        method: 'get',
        path,
        summary,
        tag: TAG,
        access: perm(permission),
        query: contractListQuery,
        response: contractPage,
        handler: async ({ query, principal }) => {
          const p = await service.list(
            listQueryOf(extra(filterOf(query, stagesOf(query))), query),
            actorOf(principal),
          );
          return page(p.total, p.rows.map(contractView));
        },
      }),

    detail: (path: string, summary: string, permission: string) =>
      book.add({
        method: 'get',
        path,
        summary,
        tag: TAG,
        access: perm(permission),
        query: contractIdQuery,
        response: contractDetailAnswer,
        handler: async ({ query, principal }) => {
          const d = unwrap(await service.detail(query.contractId, actorOf(principal)));
          return ok({ ...contractView(d.contract), history: d.history.map(historyView) });
        },
      }),

    /** A new record of the stage (`history`: entered after the fact, already approved). */
    save: (
      path: string,
      summary: string,
      permission: string,
      stage: ContractStage,
      history = false,
    ) =>
      addContractWrite(book, {
        method: 'post',
        path,
        summary: `${summary}（支持 Idempotency-Key）`,
        permission,
        idempotency: 'use-case',
        input: CONTRACT_SAVE_BODIES[stage],
        run: (b, a, i) => service.add(stage, b, a, history, i),
      }),

    /** Edits a stored record of one stage with the version it was read at. */
    update: (path: string, summary: string, permission: string, stage: 'stay' | 'declare') =>
      addContractWrite(book, {
        method: 'post',
        path,
        summary: `${summary}（支持 Idempotency-Key）`,
        permission,
        idempotency: 'use-case',
        input: CONTRACT_UPDATE_BODIES[stage],
        run: (b, a, i) => service.update(b.contractId, [stage], inputOf(b), b.version, a, i),
      }),

    /** 保存并提交审批: one call, one transaction; a refused submit leaves nothing saved. */
    saveAndSubmit: (
      path: string,
      summary: string,
      permission: string,
      stage: 'contract' | 'declare',
    ) =>
      addContractWrite(book, {
        method: 'post',
        path,
        summary: `${summary}（支持 Idempotency-Key）`,
        permission,
        idempotency: 'use-case',
        input: CONTRACT_SAVE_AND_SUBMIT_BODIES[stage],
        run: (body, actor, idem, principal) => {
          // Saving needs the route's `:add`; sending to review needs what updateToApproval
          // needs (core's submit permission), so this route is no side door around it.
          unwrap(requirePermission(principal, contractActionPermission(stage, 'submit')));
          const { typeCode, ...rest } = body;
          return service.saveAndSubmit(
            {
              stage,
              contractId: body.contractId,
              version: body.version,
              typeCode,
              input: inputOf(rest),
            },
            actor,
            idem,
          );
        },
      }),

    /** updateToApproval of a stored contract (1_x) or declared project (2_x). */
    submit: (path: string, summary: string, permission: string, stage: 'contract' | 'declare') =>
      addContractWrite(book, {
        method: 'post',
        path,
        summary,
        permission,
        idempotency: 'use-case',
        input: CONTRACT_SUBMIT_BODIES[stage],
        run: (b, a, i) => service.submit(b.contractId, b.typeCode, a, i),
      }),

    convert: (
      path: string,
      summary: string,
      permission: string,
      type: 'convertByStaySign' | 'convertByDeclareProject',
    ) =>
      addContractWrite(book, {
        method: 'get',
        path,
        summary,
        permission,
        input: contractConvertQuery,
        run: ({ contractId, ...fill }, a, i) => service.convert(contractId, type, a, i, fill),
      }),

    remove: (path: string, summary: string, permission: string, stages: readonly ContractStage[]) =>
      addContractWrite(book, {
        method: 'get',
        path,
        summary,
        permission,
        input: contractIdQuery,
        run: (q, a) => service.delete(q.contractId, stages, a),
      }),
  };
}

/**
 * Contracts of every stage: unsigned (stay), declared and formal contracts, their conversions
 * and approval. Every list and read is scoped by the caller's role; every write recomputes the
 * fee split with core's `splitFees`.
 */
export function registerContractStageRoutes(book: RouteBook, service: ContractService): void {
  const r = stageRouteFactories(book, service);

  // ---- formal contracts and contracts in review ------------------------------------------------
  r.list(
    '/v4/contract/list',
    '合同列表（待审与正式合同；stage=contract|formal 只看其一），按数据权限',
    'project:contract:list',
    contractStagesOf,
  );
  addContractWrite(book, {
    method: 'post',
    path: '/v4/contract/add',
    summary:
      '新增合同（待提交）；带 contractId 时修改未提交、已驳回或已撤回的合同。费用由服务器计算',
    permission: 'project:contract:add',
    idempotency: 'use-case',
    input: contractAddBody,
    run: (body, actor, idem) =>
      body.contractId === undefined
        ? service.add('contract', inputOf(body), actor, false, idem)
        : service.update(body.contractId, ['contract'], inputOf(body), body.version, actor, idem),
  });
  r.saveAndSubmit(
    '/project/contract/saveAndSubmit',
    '保存并提交合同评审：新增（或带 contractId、version 修改）合同并提交评审（1_x，默认 1_1），在同一事务中完成，任何一步被拒绝（如缺少甲方、乙方）则都不生效，不留下待提交的合同',
    'project:contract:add',
    'contract',
  );
  r.save(
    '/project/contract/addHistory',
    '补录历史合同（系统上线前已签订）：直接成为正式合同，不走审批',
    'project:contract:add',
    'formal',
  );
  r.submit(
    '/project/contract/updateToApproval',
    '提交合同评审（审批类型 1_x，默认 1_1）；审批中锁定，审批通过后成为正式合同',
    'project:contract:edit',
    'contract',
  );
  r.remove(
    '/project/contract/deleteById',
    '删除合同（审批中或已审批通过的不能删除）',
    'project:contract:remove',
    ['contract', 'formal'],
  );
  r.detail(
    '/project/contract/detailById',
    '合同详情（含费用拆分与变更记录）',
    'project:contract:query',
  );
  r.detail('/project/contract/detail', '合同详情（同 detailById）', 'project:contract:query');
  addContractWrite(book, {
    method: 'post',
    path: '/v4/contract/modifyContractName',
    summary: '修改合同名称（任何阶段，审批中除外；记入变更记录）',
    permission: 'project:contract:edit',
    unkeyed: true,
    input: contractRenameBody,
    run: (b, a) => service.rename(b.contractId, b.contractName, a),
  });

  // ---- unsigned (stay) contracts --------------------------------------------------------------
  r.list('/project/stay/list', '未签合同列表，按数据权限', 'project:stay:list', () => ['stay']);
  r.save('/project/stay/add', '新增未签合同', 'project:stay:add', 'stay');
  r.update('/project/stay/update', '修改未签合同', 'project:stay:edit', 'stay');
  r.remove('/project/stay/deleteById', '删除未签合同', 'project:stay:remove', ['stay']);
  r.list(
    '/project/contract/unEffectiveList',
    '未生效（未确认）的未签合同列表',
    'project:stay:list',
    () => ['stay'],
    (f) => ({ ...f, effective: false }),
  );
  addContractWrite(book, {
    method: 'get',
    path: '/project/contract/updateEffective',
    summary: '确认未签合同生效（effective=1，默认）或取消确认（effective=0）',
    permission: 'project:stay:effective',
    unkeyed: true,
    input: z.object({ contractId: id(), effective: optionalEnum(['0', '1']) }),
    run: (q, a) => service.setEffective(q.contractId, q.effective !== '0', a),
  });
  addContractWrite(book, {
    method: 'get',
    path: '/v4/contract/delUnEffectiveContract',
    summary: '删除未生效的未签合同（已确认生效的不能删除）',
    permission: 'project:stay:remove',
    input: contractIdQuery,
    run: (q, a) => service.deleteUnEffective(q.contractId, a),
  });
  r.convert(
    '/project/contract/convertByStaySign',
    '未签合同转为合同（待提交评审）；只能转一次。合同评审需要甲方、乙方和签订日期：缺少的可随请求填写（signByMain、signBySub、signDate），仍缺少则拒绝并列出字段（支持 Idempotency-Key）',
    'project:stay:convert',
    'convertByStaySign',
  );

  // ---- declared projects ----------------------------------------------------------------------
  r.list('/project/declare/list', '立项合同列表，按数据权限', 'project:declare:list', () => [
    'declare',
  ]);
  r.save(
    '/project/declare/add',
    '新增立项合同（按立项费率拆分费用）',
    'project:declare:add',
    'declare',
  );
  r.save(
    '/project/declare/addHistory',
    '补录历史立项合同：直接为已审批，不走审批',
    'project:declare:add',
    'declare',
    true,
  );
  r.update(
    '/project/declare/update',
    '修改立项合同（待提交、已驳回或已撤回；审批中或已审批的不能修改）。费用由服务器按立项费率计算',
    'project:declare:edit',
    'declare',
  );
  r.remove(
    '/project/declare/deleteById',
    '删除立项合同（审批中或已审批的不能删除）',
    'project:declare:remove',
    ['declare'],
  );
  r.detail('/project/declare/detailById', '立项合同详情', 'project:declare:query');
  r.submit(
    '/project/declare/updateToApproval',
    '提交立项备案审批（审批类型 2_x，默认 2_1）；审批中锁定',
    'project:declare:edit',
    'declare',
  );
  r.convert(
    '/project/contract/convertByDeclareProject',
    '立项合同转为合同（待提交评审）；只能转一次。合同评审需要甲方、乙方和签订日期：缺少的可随请求填写（signByMain、signBySub、signDate），仍缺少则拒绝并列出字段（支持 Idempotency-Key）',
    'project:declare:convert',
    'convertByDeclareProject',
  );
  r.saveAndSubmit(
    '/project/declare/saveAndSubmit',
    '保存并提交立项备案审批：新增（或带 contractId、version 修改）立项合同并提交审批（2_x，默认 2_1），在同一事务中完成，任何一步被拒绝则都不生效',
    'project:declare:add',
    'declare',
  );
}
