import { APPROVAL_SIGN_TYPES } from '@dpms/core';
import { fieldErrorsOf, type ApprovalDetailResponse } from '@dpms/http-client';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { useService } from '../../app/di';
import { STARTUP_KEYS } from '../../app/startup';
import { TOKENS } from '../../app/tokens';

export const ACTION_LABELS: Record<string, string> = {
  submit: '提交',
  resubmit: '重新提交',
  approve: '同意',
  reject: '驳回',
  withdraw: '撤回',
  return: '退回',
  transfer: '转办',
  cc: '抄送',
  urge: '催办',
};

/** The reading mode of the detail for this viewer (000 §4): 3 when they can act, else 2. */
export function detailSignType(detail: ApprovalDetailResponse): number {
  if (detail.allowedActions.includes('approve')) return APPROVAL_SIGN_TYPES.APPROVING;
  return APPROVAL_SIGN_TYPES.VIEWING_PENDING;
}

interface UserChoice {
  userId: string;
  nickName: string;
}

/** Users to transfer or copy to: the start-up cache, else every role's holders. */
export function useUserChoices(enabled: boolean) {
  const storage = useService(TOKENS.SessionStorage);
  const users = useService(TOKENS.UserGateway);
  return useQuery({
    queryKey: ['approval-user-choices'],
    enabled,
    staleTime: 300_000,
    queryFn: async (): Promise<UserChoice[]> => {
      const cached = storage.read(
        STARTUP_KEYS.userList,
        z.array(z.object({ userId: z.coerce.string(), nickName: z.string() }).loose()),
      );
      if (cached && cached.length > 0)
        return cached.map(({ userId, nickName }) => ({ userId, nickName }));
      const byId = new Map<string, string>();
      for (let roleId = 1; roleId <= 13; roleId++) {
        const list = await users.byRoleId(roleId).catch(() => []);
        for (const u of list) byId.set(String(u.userId), u.nickName);
      }
      return [...byId].map(([userId, nickName]) => ({ userId, nickName }));
    },
  });
}

export function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="shrink-0 text-ink-soft">{label}：</dt>
      <dd className="min-w-0 text-ink">{children}</dd>
    </div>
  );
}

/** The message of a server 400's `errors[]` entry naming `opinion`, to show beside the opinion box. */
export function opinionErrorOf(error: unknown): string | undefined {
  return fieldErrorsOf(error).find((f) => f.field === 'opinion')?.message;
}

export type { ApprovalDetailProps } from '../../components/approval/ApprovalDetailSlot';
