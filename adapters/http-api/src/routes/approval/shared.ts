import type { Response } from 'express';
import {
  ALL_DATA,
  ALL_PERMISSION,
  type ApprovalActor,
  type ApprovalSheets,
  type CentreForms,
  type ApprovalEngine,
  type ApprovalFlowAdmin,
  type PlatformRepositories,
  type SignatureImageRepository,
  type TaskNotifyPort,
  type UnitOfWork,
} from '@dpms/core';
import { idempotencyOf } from '../../http/idempotency.js';
import type { HandlerContext } from '../../http/route.js';
import type { Principal } from '../../identity/principal.js';
import type { FileReferences } from '../file-references.js';
export const TAG_FLOW = '审批流程';
export const TAG = '审批';

export const actorOf = (p: Principal): ApprovalActor => ({
  userId: p.userId,
  deptId: p.deptId,
  scope: p.isAdmin ? ALL_DATA : p.scope,
  // 发起审批 checks a record form's screen permissions against these (the admin role holds all).
  permissions: p.isAdmin ? [ALL_PERMISSION] : p.permissions,
});

export const idemOf = (ctx: HandlerContext<unknown, unknown, unknown>, route: string) =>
  idempotencyOf(ctx.req, route);

/** The nick names of the users an answer mentions, by id. */
export const userNames =
  (repos: PlatformRepositories) =>
  async (ids: Iterable<string>): Promise<Record<string, string>> => {
    const out: Record<string, string> = {};
    for (const id of new Set(ids)) {
      const u = await repos.users.findById(Number(id), ALL_DATA);
      if (u) out[id] = u.nickName;
    }
    return out;
  };

/** The department names of the users an answer lists, by id (null: no department). */
export const userDepts =
  (repos: PlatformRepositories) =>
  async (ids: Iterable<string>): Promise<Record<string, string | null>> => {
    const out: Record<string, string | null> = {};
    for (const id of new Set(ids)) {
      out[id] = (await repos.users.findById(Number(id), ALL_DATA))?.deptName ?? null;
    }
    return out;
  };

export interface ApprovalRouteDeps {
  readonly engine: ApprovalEngine;
  /** 发起审批's create: the engine, or the record's own use case for the forms it creates. */
  readonly centre: CentreForms<Principal>;
  readonly flows: ApprovalFlowAdmin;
  readonly signatures: UnitOfWork<{ readonly signatures: SignatureImageRepository }>;
  readonly repos: PlatformRepositories;
  /** Checks the files a form names: server-issued ids the caller may reference. */
  readonly fileRefs: FileReferences;
  /** getNotify's warnTaskList and unLookSeal (the design task slice's port). */
  readonly taskNotify?: TaskNotifyPort;
  /** The sheets of what is being approved (the linked records' figures); absent, none. */
  readonly sheets?: ApprovalSheets;
  /** The export's PDF form, through the print service; absent without one. */
  readonly pdf?: (approvalId: string, principal: Principal, res: Response) => Promise<void>;
}
