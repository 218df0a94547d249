import { checkNewPassword } from '../identity/password-policy.js';
import { err, ok, type DomainError, type Result } from '../shared/result.js';
import type { SessionRevokeReason } from './auth-session.js';
import { uniqueTaken } from './unique-fields.js';
import { userActionCheck, userActionTarget } from './user-actions.js';
import { UserWriteChecks, USER_WRITE_ERRORS, type UserWriteStores } from './user-write-checks.js';
import type { NewUser, SexCode, StatusFlag, SysUser, UserPatch } from './user.js';

export {
  USER_WRITE_ERRORS,
  USER_WRITE_PLAIN_STATUS,
  type UserWriter,
  type UserWriteStores,
} from './user-write-checks.js';
import type { UserWriter } from './user-write-checks.js';

/** Passwords as the server keeps them: a slow hash, and a check of the stored one. */
export interface UserPasswords {
  hash(password: string): Promise<string>;
  verify(userId: number, password: string): Promise<boolean>;
}

/** A user's sessions, ended when a write takes away what they were opened with. */
export interface UserSessions {
  end(userId: number, reason: SessionRevokeReason, exceptSessionId?: string): Promise<void>;
}

/** 新增用户's fields: a user with the password as typed. */
export type NewUserInput = Omit<NewUser, 'passwordHash' | 'createBy'> & {
  readonly password: string;
};

/** What an administrator changes in 修改用户. */
export type UserEdit = Omit<UserPatch, 'avatar' | 'signatureFileId' | 'updateBy'>;

/** 个人中心's own details. */
export interface ProfileEdit {
  readonly nickName?: string;
  readonly email?: string;
  readonly phonenumber?: string;
  readonly sex?: SexCode;
}

/** A row of 导入用户, as 新增用户's form without its password, roles or posts. */
export type ImportedUser = Omit<NewUserInput, 'password' | 'postIds' | 'roleIds' | 'defaultRoleId'>;

const sameIds = (a: readonly number[], b: readonly number[]) =>
  [...a].sort().join(',') === [...b].sort().join(',');

/**
 * 用户管理's and 个人中心's writes: each checks core's user rules (userActionCheck, the roles a
 * caller may give, the password policy, the data scope of the user and of the department given)
 * against what is stored, writes, then ends the sessions the write takes away. A user name is
 * looked up before the slow hash; the database's unique index decides under concurrency and the
 * repository answers the same `PLATFORM.DUPLICATE`.
 */
export class UserWrites {
  private readonly checks: UserWriteChecks;

  constructor(
    private readonly stores: UserWriteStores,
    private readonly passwords: UserPasswords,
    private readonly sessions: UserSessions,
  ) {
    this.checks = new UserWriteChecks(stores);
  }

  private get users() {
    return this.stores.users;
  }

  /** 新增用户: the roles given, the password policy, a free user name, then the links and department. */
  async create(user: NewUserInput, by: UserWriter): Promise<Result<SysUser, DomainError>> {
    const given = await this.checks.givenRoles(by, user.roleIds);
    if (given) return err(given);
    const pw = checkNewPassword(user.password, 'password');
    if (!pw.ok) return pw;
    if (await this.users.findByUserName(user.userName))
      return err(uniqueTaken('userName', 'create', user.userName));
    const { password: _password, ...fields } = user;
    return this.store(fields, () => this.passwords.hash(pw.value), by);
  }

  /** 修改用户: the rule on the user, the roles given; disabling or a change of roles signs them out. */
  async update(
    userId: number,
    edit: UserEdit,
    by: UserWriter,
  ): Promise<Result<SysUser, DomainError>> {
    const before = await this.checks.action(by, 'edit', userId);
    if (!before.ok) return before;
    const given = await this.checks.givenRoles(by, edit.roleIds, before.value.roleIds);
    if (given) return err(given);
    const updated = await this.write(userId, edit, by);
    if (!updated.ok) return updated;
    if (updated.value.status === '1' && before.value.status === '0')
      await this.sessions.end(userId, 'user_disabled');
    else if (edit.roleIds !== undefined && !sameIds(before.value.roleIds, updated.value.roleIds))
      await this.sessions.end(userId, 'forced');
    return updated;
  }

  /** 用户管理's switch: the rule is about the status it leaves (nobody disables themselves). */
  async setStatus(
    userId: number,
    status: StatusFlag,
    by: UserWriter,
  ): Promise<Result<void, DomainError>> {
    const target = await this.checks.inScope(by, userId);
    if (!target.ok) return target;
    const allowed = userActionCheck(
      'changeStatus',
      {
        ...userActionTarget(target.value, await this.checks.adminRoleId()),
        status: status === '1' ? '0' : '1',
      },
      by,
    );
    if (!allowed.ok) return allowed;
    const written = await this.users.setStatus(userId, status);
    if (!written.ok) return written;
    if (status === '1') await this.sessions.end(userId, 'user_disabled');
    return written;
  }

  /** 删除用户: every user passes the rule before any is deleted; their sessions end. */
  async remove(userIds: readonly number[], by: UserWriter): Promise<Result<number, DomainError>> {
    for (const userId of userIds) {
      const allowed = await this.checks.action(by, 'remove', userId);
      if (!allowed.ok) return allowed;
    }
    const n = await this.users.delete(userIds);
    if (!n.ok) return n;
    for (const userId of userIds) await this.sessions.end(userId, 'user_deleted');
    return n;
  }

  /** 重置密码: the rule on the user, the password policy; every session of the user ends. */
  async resetPassword(
    userId: number,
    password: string,
    by: UserWriter,
  ): Promise<Result<void, DomainError>> {
    const allowed = await this.checks.action(by, 'resetPwd', userId);
    if (!allowed.ok) return allowed;
    const pw = checkNewPassword(password, 'password');
    if (!pw.ok) return pw;
    const written = await this.users.setPasswordHash(userId, await this.passwords.hash(pw.value));
    if (!written.ok) return written;
    await this.sessions.end(userId, 'password_change');
    return written;
  }

  /**
   * 分配角色: every role stored, only roles the caller may give; the default role stays when
   * still held. A user who loses a role is signed out.
   */
  async assignRoles(
    userId: number,
    roleIds: readonly number[],
    by: UserWriter,
  ): Promise<Result<void, DomainError>> {
    const before = await this.checks.action(by, 'edit', userId);
    if (!before.ok) return before;
    const unique = [...new Set(roleIds)];
    for (const roleId of unique)
      if (!(await this.stores.roles.findById(roleId))) return err(USER_WRITE_ERRORS.roleNotFound);
    const given = await this.checks.givenRoles(by, unique, before.value.roleIds);
    if (given) return err(given);
    const written = await this.write(
      userId,
      { roleIds: unique, defaultRoleId: before.value.defaultRoleId },
      by,
    );
    if (!written.ok) return written;
    if (before.value.roleIds.some((r) => !unique.includes(r)))
      await this.sessions.end(userId, 'forced');
    return ok(undefined);
  }

  /** 个人中心: the caller's own details. */
  async updateProfile(edit: ProfileEdit, by: UserWriter): Promise<Result<void, DomainError>> {
    const written = await this.users.update(by.userId, { ...edit, updateBy: by.userName });
    return written.ok ? ok(undefined) : written;
  }

  /** 个人中心's avatar: the stored image's address. */
  async setAvatar(avatar: string, by: UserWriter): Promise<Result<void, DomainError>> {
    const written = await this.users.update(by.userId, { avatar, updateBy: by.userName });
    return written.ok ? ok(undefined) : written;
  }

  /** 修改密码: the old one right, a new one different and within the policy; other sessions end. */
  async changeOwnPassword(
    oldPassword: string,
    newPassword: string,
    by: UserWriter,
  ): Promise<Result<void, DomainError>> {
    if (!(await this.passwords.verify(by.userId, oldPassword)))
      return err(USER_WRITE_ERRORS.oldPasswordWrong);
    if (oldPassword === newPassword) return err(USER_WRITE_ERRORS.newPasswordSame);
    const pw = checkNewPassword(newPassword, 'newPassword');
    if (!pw.ok) return pw;
    const written = await this.users.setPasswordHash(
      by.userId,
      await this.passwords.hash(pw.value),
    );
    if (!written.ok) return written;
    await this.sessions.end(by.userId, 'password_change', by.sessionId);
    return written;
  }

  /**
   * 导入用户's row: a new user with the initial password (`passwordHash`, made once per sheet), or,
   * with `updateSupport`, an existing one's details as 修改用户 changes them, with a status change
   * as the switch allows it. An existing user without `updateSupport` is reported, not touched.
   */
  async importOne(
    row: ImportedUser,
    updateSupport: boolean,
    passwordHash: () => Promise<string>,
    by: UserWriter,
  ): Promise<Result<'created' | 'updated' | 'exists', DomainError>> {
    const existing = await this.users.findByUserName(row.userName);
    if (existing && !updateSupport) return ok('exists');
    if (!existing) {
      const created = await this.store(row, passwordHash, by);
      return created.ok ? ok('created') : created;
    }
    const before = await this.checks.action(by, 'edit', existing.userId);
    if (!before.ok) return before;
    if (row.status !== undefined && row.status !== before.value.status) {
      const toggle = await this.checks.action(by, 'changeStatus', existing.userId);
      if (!toggle.ok) return toggle;
    }
    const { userName: _userName, remark: _remark, ...edit } = row;
    const updated = await this.write(existing.userId, edit, by);
    if (!updated.ok) return updated;
    if (row.status === '1' && before.value.status === '0')
      await this.sessions.end(existing.userId, 'user_disabled');
    return ok('updated');
  }

  /** A new user: the password hash, then the links stored and the department in scope. */
  private async store(
    user: Omit<NewUser, 'passwordHash' | 'createBy'>,
    passwordHash: () => Promise<string>,
    by: UserWriter,
  ): Promise<Result<SysUser, DomainError>> {
    const hash = await passwordHash();
    const refused = await this.checks.placement(
      user.deptId ?? null,
      user.roleIds,
      user.postIds,
      by.scope,
    );
    if (refused) return err(refused);
    return this.users.create({ ...user, passwordHash: hash, createBy: by.userName });
  }

  /** An edit of a user already checked: the links stored, a new department in scope. */
  private async write(
    userId: number,
    edit: UserEdit,
    by: UserWriter,
  ): Promise<Result<SysUser, DomainError>> {
    const refused = await this.checks.placement(edit.deptId, edit.roleIds, edit.postIds, by.scope);
    if (refused) return err(refused);
    return this.users.update(userId, { ...edit, updateBy: by.userName });
  }
}
