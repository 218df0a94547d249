import { keyed, type HttpClient, type WriteOptions } from '../client.js';
import { dataOf, toPage, type Page, type PageQuery } from './page.js';
import {
  configRecord,
  dictDataRecord,
  dictTypeRecord,
  okEnvelope,
  pageEnvelope,
  type ConfigCreateBody,
  type ConfigRecord,
  type ConfigUpdateBody,
  type DictDataRecord,
  type DictTypeRecord,
} from '@dpms/wire';
import { answerOf } from './answer.js';

/** The wire records of 参数设置 and 字典 (@dpms/wire), as the API answers them. */
export type SysConfig = ConfigRecord;
export type DictType = DictTypeRecord;
export type DictData = DictDataRecord;

const configPage = pageEnvelope(configRecord);
const dictTypePage = pageEnvelope(dictTypeRecord);
const dictTypeAnswer = okEnvelope(dictTypeRecord);
const dictDataPage = pageEnvelope(dictDataRecord);
const pageOf = <T>(a: { total: number; rows: T[] }): Page<T> => ({ total: a.total, rows: a.rows });

export interface SysUser {
  userId: number;
  userName: string;
  nickName: string;
  deptId?: number | null;
  email?: string | null;
  phonenumber?: string | null;
  sex?: string | null;
  status: string;
  avatar?: string | null;
  createTime?: string | null;
  dept?: { deptName?: string | null } | null;
  roleIds?: number[];
  password?: string;
  [key: string]: unknown;
}

export interface TreeNode {
  id: number;
  label: string;
  disabled?: boolean;
  children?: TreeNode[];
}

export interface SysDept {
  deptId: number;
  parentId: number;
  deptName: string;
  orderNum?: number;
  leader?: string | null;
  phone?: string | null;
  status?: string;
  children?: SysDept[];
  [key: string]: unknown;
}

export interface Major {
  id?: number;
  majorId?: number;
  majorName?: string;
  name?: string;
  [key: string]: unknown;
}

export interface Manager {
  userId: number;
  nickName: string;
}

/** An active user as every signed-in user may read them: who, and in which department. */
export interface StaffMember {
  userId: number;
  nickName: string;
  deptId: number | null;
  status: string;
}

export interface ProfileAnswer {
  user: SysUser;
  roleGroup?: string;
  postGroup?: string;
}

/** /system/user/* (000 §7 "Users"). */
export class UserGateway {
  constructor(private readonly http: HttpClient) {}
  async list(query: PageQuery & { params?: Record<string, unknown> } = {}): Promise<Page<SysUser>> {
    return toPage<SysUser>(await this.http.get('/system/user/list', { params: query }));
  }
  async get(
    userId: number | '',
  ): Promise<{ data?: SysUser; roles?: unknown[]; roleIds?: number[] }> {
    return this.http.get(`/system/user/${userId}`);
  }
  async add(user: Partial<SysUser>, options?: WriteOptions): Promise<void> {
    await this.http.post('/system/user', user, keyed(options));
  }
  async update(user: Partial<SysUser>, options?: WriteOptions): Promise<void> {
    await this.http.put('/system/user', user, keyed(options));
  }
  async remove(ids: number | number[], options?: WriteOptions): Promise<void> {
    await this.http.delete(
      `/system/user/${Array.isArray(ids) ? ids.join(',') : ids}`,
      keyed(options),
    );
  }
  async resetPwd(userId: number, password: string): Promise<void> {
    await this.http.put('/system/user/resetPwd', { userId, password });
  }
  async changeStatus(userId: number, status: string): Promise<void> {
    await this.http.put('/system/user/changeStatus', { userId, status });
  }
  async profile(): Promise<ProfileAnswer> {
    const res = await this.http.get('/system/user/profile');
    const data = (res['data'] ?? {}) as SysUser;
    return {
      user: data,
      roleGroup: typeof res['roleGroup'] === 'string' ? res['roleGroup'] : undefined,
      postGroup: typeof res['postGroup'] === 'string' ? res['postGroup'] : undefined,
    };
  }
  async updateProfile(user: Partial<SysUser>): Promise<void> {
    await this.http.put('/system/user/profile', user);
  }
  /**
   * oldPassword and newPassword travel in the JSON body, where no proxy or access log records
   * them; the server still accepts the spec's query form (000 §7) from other clients.
   */
  async updatePwd(oldPassword: string, newPassword: string): Promise<void> {
    await this.http.put('/system/user/profile/updatePwd', { oldPassword, newPassword });
  }
  async uploadAvatar(form: FormData): Promise<string | undefined> {
    const res = await this.http.post('/system/user/profile/avatar', form);
    return typeof res['imgUrl'] === 'string' ? res['imgUrl'] : undefined;
  }
  async serviceManagerList(): Promise<Manager[]> {
    const res = await this.http.get('/system/user/serviceManagerList');
    return dataOf<Manager[]>(res) ?? (res['rows'] as Manager[] | undefined) ?? [];
  }
  /** Every active user's name and department (no permission needed, unlike `list`). */
  async optionselect(): Promise<StaffMember[]> {
    return dataOf<StaffMember[]>(await this.http.get('/system/user/optionselect')) ?? [];
  }
  async byRoleId(roleId: number): Promise<Manager[]> {
    const res = await this.http.get('/system/user/getUserIdByRoleId', { params: { roleId } });
    return dataOf<Manager[]>(res) ?? [];
  }
}

/** /system/dept/* (000 §7 "Departments"). */
export class DeptGateway {
  constructor(private readonly http: HttpClient) {}
  async list(query: Record<string, unknown> = {}): Promise<SysDept[]> {
    return dataOf<SysDept[]>(await this.http.get('/system/dept/list', { params: query })) ?? [];
  }
  async listExclude(deptId: number): Promise<SysDept[]> {
    return dataOf<SysDept[]>(await this.http.get(`/system/dept/list/exclude/${deptId}`)) ?? [];
  }
  async get(deptId: number): Promise<SysDept> {
    return dataOf<SysDept>(await this.http.get(`/system/dept/${deptId}`));
  }
  async treeselect(deptType?: number): Promise<TreeNode[]> {
    const res = await this.http.get('/system/dept/treeselect/', {
      params: deptType === undefined ? {} : { deptType },
    });
    return dataOf<TreeNode[]>(res) ?? [];
  }
  async add(dept: Partial<SysDept>, options?: WriteOptions): Promise<void> {
    await this.http.post('/system/dept', dept, keyed(options));
  }
  async update(dept: Partial<SysDept>, options?: WriteOptions): Promise<void> {
    await this.http.put('/system/dept', dept, keyed(options));
  }
  async remove(deptId: number, options?: WriteOptions): Promise<void> {
    await this.http.delete(`/system/dept/${deptId}`, keyed(options));
  }
}

/** /system/dict/type/* and /system/dict/data/* (000 §7 "Configuration and dictionaries"). */
export class DictGateway {
  constructor(private readonly http: HttpClient) {}
  async types(query: PageQuery = {}): Promise<Page<DictType>> {
    const path = '/system/dict/type/list';
    return pageOf(answerOf(dictTypePage, await this.http.get(path, { params: query }), path));
  }
  async type(dictId: number): Promise<DictType> {
    const path = `/system/dict/type/${dictId}`;
    return answerOf(dictTypeAnswer, await this.http.get(path), path).data;
  }
  async addType(type: Partial<DictType>, options?: WriteOptions): Promise<void> {
    await this.http.post('/system/dict/type', type, keyed(options));
  }
  async updateType(type: Partial<DictType>, options?: WriteOptions): Promise<void> {
    await this.http.put('/system/dict/type', type, keyed(options));
  }
  async removeType(dictId: number, options?: WriteOptions): Promise<void> {
    await this.http.delete(`/system/dict/type/${dictId}`, keyed(options));
  }
  async data(query: PageQuery & { dictType: string }): Promise<Page<DictData>> {
    const path = '/system/dict/data/list';
    return pageOf(answerOf(dictDataPage, await this.http.get(path, { params: query }), path));
  }
  /** The items of one dictionary, read as dictLabel and dictValue. */
  async byType(dictType: string): Promise<DictData[]> {
    // Not parsed yet: other features' test fakes answer partial items ({dictLabel, dictValue}).
    return dataOf<DictData[]>(await this.http.get(`/system/dict/data/type/${dictType}`)) ?? [];
  }
  async addData(data: Partial<DictData>, options?: WriteOptions): Promise<void> {
    await this.http.post('/system/dict/data', data, keyed(options));
  }
  async updateData(data: Partial<DictData>, options?: WriteOptions): Promise<void> {
    await this.http.put('/system/dict/data', data, keyed(options));
  }
  async removeData(dictCode: number, options?: WriteOptions): Promise<void> {
    await this.http.delete(`/system/dict/data/${dictCode}`, keyed(options));
  }
}

/** /system/config/* ; a key's value comes back in `msg` (000 §7). */
export class ConfigGateway {
  constructor(private readonly http: HttpClient) {}
  async list(query: PageQuery = {}): Promise<Page<SysConfig>> {
    const path = '/system/config/list';
    return pageOf(answerOf(configPage, await this.http.get(path, { params: query }), path));
  }
  async byKey(key: string): Promise<string> {
    const res = await this.http.get(`/system/config/configKey/${key}`);
    return res.msg ?? '';
  }
  async add(config: ConfigCreateBody, options?: WriteOptions): Promise<void> {
    await this.http.post('/system/config', config, keyed(options));
  }
  async update(config: ConfigUpdateBody, options?: WriteOptions): Promise<void> {
    await this.http.put('/system/config', config, keyed(options));
  }
  async remove(configId: number, options?: WriteOptions): Promise<void> {
    await this.http.delete(`/system/config/${configId}`, keyed(options));
  }
}

/** /system/major/* (000 §7 "Majors"). */
export class MajorGateway {
  constructor(private readonly http: HttpClient) {}
  async list(query: PageQuery = {}): Promise<Page<Major>> {
    return toPage<Major>(await this.http.get('/system/major/list', { params: query }));
  }
  async add(major: Partial<Major>, options?: WriteOptions): Promise<void> {
    await this.http.post('/system/major/add', major, keyed(options));
  }
  async update(major: Partial<Major>, options?: WriteOptions): Promise<void> {
    await this.http.post('/system/major/update', major, keyed(options));
  }
  async remove(id: number): Promise<void> {
    await this.http.get('/system/major/deleteById', { params: { id } });
  }
  async options(): Promise<Major[]> {
    return dataOf<Major[]>(await this.http.get('/system/major/optionselect')) ?? [];
  }
}

export interface JobLog {
  jobLogId: number;
  jobName: string;
  jobGroup?: string;
  invokeTarget?: string;
  jobMessage?: string;
  status: string;
  exceptionInfo?: string;
  startTime?: string;
  endTime?: string;
  createTime?: string;
}

/** The scheduling log (/job/log). */
export class JobLogGateway {
  constructor(private readonly http: HttpClient) {}
  async list(query: PageQuery = {}): Promise<Page<JobLog>> {
    return toPage<JobLog>(await this.http.get('/monitor/jobLog/list', { params: query }));
  }
}
