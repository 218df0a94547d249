import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  SESSION_INITIAL,
  currentRole,
  identitySessionEntries,
  isSessionLoaded,
  sessionReducer,
  userMenuLabel,
  type SessionEvent,
  type UserInfoAnswer,
} from './session-state.js';

const INFO: UserInfoAnswer = {
  user: {
    userId: 7,
    userName: 'zhangsan',
    nickName: '张三',
    deptId: 103,
    avatar: '/profile/a.png',
    roles: [
      { roleId: 2, roleKey: 'pm', roleName: '项目经理' },
      { roleId: 7, roleKey: 'host', roleName: '设计主持人' },
    ],
  },
  roles: ['pm'],
  permissions: ['project:contract:list'],
  domainURL: 'http://files.example',
};

const signedIn = sessionReducer(SESSION_INITIAL, {
  type: 'loginAnswered',
  answer: { code: 200, token: 't1' },
});

describe('sessionReducer', () => {
  it('stores the token of a login answered with code 200 only', () => {
    expect(signedIn.token).toBe('t1');
    expect(
      sessionReducer(SESSION_INITIAL, {
        type: 'loginAnswered',
        answer: { code: 500, msg: 'x', token: 't' },
      }),
    ).toBe(SESSION_INITIAL);
    expect(sessionReducer(SESSION_INITIAL, { type: 'loginAnswered', answer: { code: 200 } })).toBe(
      SESSION_INITIAL,
    );
  });
  it('loads the user info', () => {
    const s = sessionReducer(signedIn, { type: 'userInfoLoaded', answer: INFO });
    expect(s).toMatchObject({
      token: 't1',
      userName: 'zhangsan',
      roles: ['pm'],
      permissions: ['project:contract:list'],
      userInfo: { userId: 7, nickName: '张三', deptId: 103, avatar: '/profile/a.png' },
      domainUrl: 'http://files.example',
    });
    expect(isSessionLoaded(s)).toBe(true);
    expect(currentRole(s)?.roleName).toBe('项目经理');
    expect(userMenuLabel(s)).toBe('zhangsan（项目经理）');
  });
  it('sets ROLE_DEFAULT when the user has no roles', () => {
    const s = sessionReducer(signedIn, { type: 'userInfoLoaded', answer: { ...INFO, roles: [] } });
    expect(s.roles).toEqual(['ROLE_DEFAULT']);
    expect(userMenuLabel(s)).toBe('zhangsan');
    expect(
      sessionReducer(signedIn, { type: 'userInfoLoaded', answer: { ...INFO, roles: null } }).roles,
    ).toEqual(['ROLE_DEFAULT']);
  });
  it('writes the identity to session storage once loaded', () => {
    expect(identitySessionEntries(signedIn)).toEqual([]);
    const s = sessionReducer(signedIn, { type: 'userInfoLoaded', answer: INFO });
    expect(Object.fromEntries(identitySessionEntries(s).map((e) => [e.key, e.value]))).toEqual({
      roleList: JSON.stringify(INFO.user.roles),
      userId: '7',
      userName: 'zhangsan',
      deptId: '103',
      domainURL: 'http://files.example',
    });
  });
  it('clears token, roles and permissions on logout, role change and forced logout (property)', () => {
    const event = fc.oneof(
      fc.string().map((token): SessionEvent => ({ type: 'tokenRestored', token })),
      fc
        .record({
          code: fc.constantFrom(200, 401, 500),
          token: fc.option(fc.string(), { nil: undefined }),
        })
        .map((answer): SessionEvent => ({ type: 'loginAnswered', answer })),
      fc.constant<SessionEvent>({ type: 'userInfoLoaded', answer: INFO }),
    );
    const clearing = fc.constantFrom<SessionEvent>(
      { type: 'loggedOut' },
      { type: 'roleChanged' },
      { type: 'forcedLogout' },
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 10 }), clearing, (events, clear) => {
        const s = sessionReducer(events.reduce(sessionReducer, SESSION_INITIAL), clear);
        expect(s.token).toBeNull();
        expect(s.roles).toEqual([]);
        expect(s.permissions).toEqual([]);
      }),
    );
  });
  it('never has roles without a loaded user, nor an empty role list once loaded (property)', () => {
    const event = fc.constantFrom<SessionEvent>(
      { type: 'loginAnswered', answer: { code: 200, token: 'x' } },
      { type: 'userInfoLoaded', answer: INFO },
      { type: 'userInfoLoaded', answer: { ...INFO, roles: [] } },
      { type: 'loggedOut' },
      { type: 'tokenRestored', token: 'y' },
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 20 }), (events) => {
        const s = events.reduce(sessionReducer, SESSION_INITIAL);
        expect(s.roles.length > 0).toBe(s.userInfo !== null);
      }),
    );
  });
});
