import { describe, expect, it } from 'vitest';
import { DEMO_USERS, DEPT_LEADERS, DEPTS, ROOT_DEPT_ID } from './demo-institute.js';

describe('demo institute', () => {
  it('gives every functional department under the institute a leader who is a seeded user', () => {
    const leaders = new Map(DEPT_LEADERS);
    const users = new Set(DEMO_USERS.map((u) => u.userId));
    const functional = DEPTS.filter((d) => d.parentId === 100 && d.deptType === '0');
    expect(functional.map((d) => d.deptId)).toEqual(expect.arrayContaining([103, 104, 107]));
    for (const d of functional) {
      const leader = leaders.get(d.deptId);
      expect(leader, d.deptName).toBeDefined();
      expect(users.has(leader ?? -1), d.deptName).toBe(true);
    }
  });

  it('gives the institute’s root a leader, so escalation from a department head reaches someone', () => {
    const root = new Map(DEPT_LEADERS).get(ROOT_DEPT_ID);
    const gm = DEMO_USERS.find((u) => u.userName === 'zjl');
    expect(root).toBe(gm?.userId);
  });

  it('names each department once as led', () => {
    const ids = DEPT_LEADERS.map(([deptId]) => deptId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(DEPTS.some((d) => d.deptId === id)).toBe(true);
  });
});
