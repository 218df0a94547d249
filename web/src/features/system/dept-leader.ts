import { worksIn } from '@dpms/core';
import type { StaffMember, SysDept } from '@dpms/http-client';

/**
 * The users a department's leader is chosen from, as the picker offers them: the active users of
 * the department and of the departments below it (core's `worksIn`, the rule the server checks
 * with), by name, and the current leader even when they work elsewhere now (a department keeps
 * the leader it has; only a change is checked). A department being added has no users yet.
 */
export function leaderOptions(
  deptId: number | undefined,
  depts: readonly SysDept[],
  staff: readonly StaffMember[],
  current?: { readonly userId: number | null; readonly name: string },
): { value: string; label: string }[] {
  const ancestors = new Map(depts.map((d) => [d.deptId, d.ancestors]));
  const members =
    deptId === undefined
      ? []
      : staff.filter(
          (s) =>
            s.status === '0' &&
            worksIn(deptId, {
              deptId: s.deptId,
              deptAncestors: s.deptId === null ? '' : (ancestors.get(s.deptId) ?? ''),
            }),
        );
  const options = members.map((s) => ({ value: String(s.userId), label: s.nickName }));
  if (current?.userId != null && !members.some((s) => s.userId === current.userId))
    options.unshift({ value: String(current.userId), label: current.name || `#${current.userId}` });
  return options;
}
