import { z } from 'zod';
import {
  configRecord,
  configValueAnswer,
  countAnswer,
  deptRecord,
  dictDataRecord,
  dictTypeRecord,
  jobLogRecord,
  majorRecord,
  okEnvelope,
  pageEnvelope,
  pickedUserRecord,
  profileAnswer,
  avatarAnswer,
  staffMemberRecord,
  systemDoneAnswer,
  treeNode,
  userDetailAnswer,
  userFormOptionsAnswer,
  userPage,
  userRecord,
  type ConfigCreateBody,
  type ConfigRecord,
  type ConfigUpdateBody,
  type DeptCreateBody,
  type DeptRecord,
  type DeptUpdateBody,
  type DictDataCreateBody,
  type DictDataRecord,
  type DictTypeCreateBody,
  type DictTypeRecord,
  type JobLogListQuery,
  type JobLogRecord,
  type MajorCreateBody,
  type MajorListQuery,
  type MajorRecord,
  type PickedUserRecord,
  type ProfileUpdateBody,
  type StaffMemberRecord,
  type TreeNodeRecord,
  type UserCreateBody,
  type UserListQuery,
  type UserRecord,
  type UserRow,
  type UserUpdateBody,
  type DeptListQuery,
} from '@dpms/wire';
import type { HttpClient, WriteOptions } from '../client.js';
import { ParsedCalls, pathIds } from './parsed-calls.js';
import type { Page, PageQuery } from './page.js';

/*
 * The system gateways (000 §7): every answer is parsed with the @dpms/wire schema the API
 * answers through (`answerOf`), so a malformed answer is a clear error here, never `undefined`
 * on screen. The types are the wire records'; none is written by hand.
 */

export type SysConfig = ConfigRecord;
export type DictType = DictTypeRecord;
export type DictData = DictDataRecord;
export type SysUser = UserRecord;
export type SysUserRow = UserRow;
export type SysDept = DeptRecord;
export type TreeNode = TreeNodeRecord;
export type Major = MajorRecord;
export type Manager = PickedUserRecord;
/** An active user as every signed-in user may read them: who, and in which department. */
export type StaffMember = StaffMemberRecord;
export type JobLog = JobLogRecord;
export type UserDetail = z.output<typeof userDetailAnswer>;
export type UserFormOptions = z.output<typeof userFormOptionsAnswer>;
export interface ProfileAnswer {
  user: SysUser;
  roleGroup: string;
  postGroup: string;
}

const pageOf = <T>(a: { total: number; rows: T[] }): Page<T> => ({ total: a.total, rows: a.rows });
const userAnswer = okEnvelope(userRecord);
const deptAnswer = okEnvelope(deptRecord);
const deptList = okEnvelope(z.array(deptRecord));
const pickedList = okEnvelope(z.array(pickedUserRecord));

/** A gateway's calls, each answer parsed with its schema. */

/** /system/user/* (000 §7 "Users"). */
export class UserGateway {
  private readonly calls: ParsedCalls;
  constructor(http: HttpClient) {
    this.calls = new ParsedCalls(http);
  }
  async list(query: UserListQuery | PageQuery = {}): Promise<Page<SysUserRow>> {
    return pageOf(await this.calls.read(userPage, '/system/user/list', query));
  }
  /** A user with the roles and posts the form offers; '' for the add form's choices alone. */
  async get(
    userId: number | '',
  ): Promise<UserFormOptions & { data?: SysUser; roleIds?: number[] }> {
    if (userId === '') return this.calls.read(userFormOptionsAnswer, '/system/user/');
    return this.calls.read(userDetailAnswer, `/system/user/${userId}`);
  }
  async add(user: UserCreateBody, options?: WriteOptions): Promise<SysUser> {
    return (await this.calls.send('post', userAnswer, '/system/user', user, options)).data;
  }
  async update(user: UserUpdateBody, options?: WriteOptions): Promise<SysUser> {
    return (await this.calls.send('put', userAnswer, '/system/user', user, options)).data;
  }
  async remove(ids: number | number[], options?: WriteOptions): Promise<void> {
    await this.calls.remove(countAnswer, `/system/user/${pathIds(ids)}`, options);
  }
  async resetPwd(userId: number, password: string, options?: WriteOptions): Promise<void> {
    await this.calls.send(
      'put',
      systemDoneAnswer,
      '/system/user/resetPwd',
      { userId, password },
      options,
    );
  }
  async changeStatus(userId: number, status: string, options?: WriteOptions): Promise<void> {
    const body = { userId, status };
    await this.calls.send('put', systemDoneAnswer, '/system/user/changeStatus', body, options);
  }
  async profile(): Promise<ProfileAnswer> {
    const a = await this.calls.read(profileAnswer, '/system/user/profile');
    return { user: a.data, roleGroup: a.roleGroup, postGroup: a.postGroup };
  }
  async updateProfile(user: ProfileUpdateBody, options?: WriteOptions): Promise<void> {
    await this.calls.send('put', systemDoneAnswer, '/system/user/profile', user, options);
  }
  /**
   * oldPassword and newPassword travel in the JSON body, where no proxy or access log records
   * them; the server still accepts the spec's query form (000 §7) from other clients.
   */
  async updatePwd(oldPassword: string, newPassword: string, options?: WriteOptions): Promise<void> {
    const body = { oldPassword, newPassword };
    await this.calls.send('put', systemDoneAnswer, '/system/user/profile/updatePwd', body, options);
  }
  async uploadAvatar(form: FormData): Promise<string> {
    return (await this.calls.send('post', avatarAnswer, '/system/user/profile/avatar', form))
      .imgUrl;
  }
  async serviceManagerList(): Promise<Manager[]> {
    return (await this.calls.read(pickedList, '/system/user/serviceManagerList')).data;
  }
  /** Every active user's name and department (no permission needed, unlike `list`). */
  async optionselect(): Promise<StaffMember[]> {
    const answer = okEnvelope(z.array(staffMemberRecord));
    return (await this.calls.read(answer, '/system/user/optionselect')).data;
  }
  async byRoleId(roleId: number): Promise<Manager[]> {
    return (await this.calls.read(pickedList, '/system/user/getUserIdByRoleId', { roleId })).data;
  }
}

/** /system/dept/* (000 §7 "Departments"). */
export class DeptGateway {
  private readonly calls: ParsedCalls;
  constructor(http: HttpClient) {
    this.calls = new ParsedCalls(http);
  }
  async list(query: DeptListQuery = {}): Promise<SysDept[]> {
    return (await this.calls.read(deptList, '/system/dept/list', query)).data;
  }
  async listExclude(deptId: number): Promise<SysDept[]> {
    return (await this.calls.read(deptList, `/system/dept/list/exclude/${deptId}`)).data;
  }
  async get(deptId: number): Promise<SysDept> {
    return (await this.calls.read(deptAnswer, `/system/dept/${deptId}`)).data;
  }
  async treeselect(deptType?: number): Promise<TreeNode[]> {
    const answer = okEnvelope(z.array(treeNode));
    const q = deptType === undefined ? {} : { deptType };
    return (await this.calls.read(answer, '/system/dept/treeselect/', q)).data;
  }
  async add(dept: DeptCreateBody, options?: WriteOptions): Promise<SysDept> {
    return (await this.calls.send('post', deptAnswer, '/system/dept', dept, options)).data;
  }
  async update(dept: DeptUpdateBody, options?: WriteOptions): Promise<SysDept> {
    return (await this.calls.send('put', deptAnswer, '/system/dept', dept, options)).data;
  }
  async remove(deptId: number, options?: WriteOptions): Promise<void> {
    await this.calls.remove(systemDoneAnswer, `/system/dept/${deptId}`, options);
  }
}

const dictTypeAnswer = okEnvelope(dictTypeRecord);
const dictDataAnswer = okEnvelope(dictDataRecord);

/** /system/dict/type/* and /system/dict/data/* (000 §7 "Configuration and dictionaries"). */
export class DictGateway {
  private readonly calls: ParsedCalls;
  constructor(http: HttpClient) {
    this.calls = new ParsedCalls(http);
  }
  async types(query: PageQuery = {}): Promise<Page<DictType>> {
    return pageOf(
      await this.calls.read(pageEnvelope(dictTypeRecord), '/system/dict/type/list', query),
    );
  }
  async type(dictId: number): Promise<DictType> {
    return (await this.calls.read(dictTypeAnswer, `/system/dict/type/${dictId}`)).data;
  }
  async addType(type: DictTypeCreateBody, options?: WriteOptions): Promise<DictType> {
    return (await this.calls.send('post', dictTypeAnswer, '/system/dict/type', type, options)).data;
  }
  async updateType(type: object, options?: WriteOptions): Promise<DictType> {
    return (await this.calls.send('put', dictTypeAnswer, '/system/dict/type', type, options)).data;
  }
  async removeType(dictId: number, options?: WriteOptions): Promise<void> {
    await this.calls.remove(systemDoneAnswer, `/system/dict/type/${dictId}`, options);
  }
  async data(query: PageQuery & { dictType: string }): Promise<Page<DictData>> {
    return pageOf(
      await this.calls.read(pageEnvelope(dictDataRecord), '/system/dict/data/list', query),
    );
  }
  /** The enabled items of one dictionary. */
  async byType(dictType: string): Promise<DictData[]> {
    const answer = okEnvelope(z.array(dictDataRecord));
    return (await this.calls.read(answer, `/system/dict/data/type/${dictType}`)).data;
  }
  async addData(data: DictDataCreateBody, options?: WriteOptions): Promise<DictData> {
    return (await this.calls.send('post', dictDataAnswer, '/system/dict/data', data, options)).data;
  }
  async updateData(data: object, options?: WriteOptions): Promise<DictData> {
    return (await this.calls.send('put', dictDataAnswer, '/system/dict/data', data, options)).data;
  }
  async removeData(dictCode: number, options?: WriteOptions): Promise<void> {
    await this.calls.remove(countAnswer, `/system/dict/data/${dictCode}`, options);
  }
}

const configAnswer = okEnvelope(configRecord);

/** /system/config/* ; a key's value comes back in `msg` (000 §7). */
export class ConfigGateway {
  private readonly calls: ParsedCalls;
  constructor(http: HttpClient) {
    this.calls = new ParsedCalls(http);
  }
  async list(query: PageQuery = {}): Promise<Page<SysConfig>> {
    return pageOf(await this.calls.read(pageEnvelope(configRecord), '/system/config/list', query));
  }
  async byKey(key: string): Promise<string> {
    return (await this.calls.read(configValueAnswer, `/system/config/configKey/${key}`)).msg;
  }
  async add(config: ConfigCreateBody, options?: WriteOptions): Promise<SysConfig> {
    return (await this.calls.send('post', configAnswer, '/system/config', config, options)).data;
  }
  async update(config: ConfigUpdateBody, options?: WriteOptions): Promise<SysConfig> {
    return (await this.calls.send('put', configAnswer, '/system/config', config, options)).data;
  }
  async remove(configId: number, options?: WriteOptions): Promise<void> {
    await this.calls.remove(countAnswer, `/system/config/${configId}`, options);
  }
}

const majorAnswer = okEnvelope(majorRecord);

/** /system/major/* (000 §7 "Majors"). */
export class MajorGateway {
  private readonly calls: ParsedCalls;
  constructor(http: HttpClient) {
    this.calls = new ParsedCalls(http);
  }
  async list(query: MajorListQuery | PageQuery = {}): Promise<Page<Major>> {
    return pageOf(await this.calls.read(pageEnvelope(majorRecord), '/system/major/list', query));
  }
  async add(major: MajorCreateBody, options?: WriteOptions): Promise<Major> {
    return (await this.calls.send('post', majorAnswer, '/system/major/add', major, options)).data;
  }
  async update(major: object, options?: WriteOptions): Promise<Major> {
    return (await this.calls.send('post', majorAnswer, '/system/major/update', major, options))
      .data;
  }
  /** The spec sends the delete as a GET (`deleteById`). */
  async remove(id: number, options?: WriteOptions): Promise<void> {
    await this.calls.read(systemDoneAnswer, '/system/major/deleteById', { id }, options);
  }
  async options(): Promise<Major[]> {
    return (await this.calls.read(okEnvelope(z.array(majorRecord)), '/system/major/optionselect'))
      .data;
  }
}

/** The scheduling log (/job/log). */
export class JobLogGateway {
  private readonly calls: ParsedCalls;
  constructor(http: HttpClient) {
    this.calls = new ParsedCalls(http);
  }
  async list(query: JobLogListQuery | PageQuery = {}): Promise<Page<JobLog>> {
    return pageOf(await this.calls.read(pageEnvelope(jobLogRecord), '/monitor/jobLog/list', query));
  }
}
