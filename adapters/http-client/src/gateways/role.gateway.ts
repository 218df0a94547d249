import {
  countAnswer,
  menuTreeAnswer,
  okEnvelope,
  pageEnvelope,
  postRecord,
  roleDeptTreeAnswer,
  roleMenuTreeAnswer,
  roleRecord,
  roleUserPage,
  type PostCreateBody,
  type PostListQuery,
  type PostRecord,
  type RoleCreateBody,
  type RoleDataScopeBody,
  type RoleListQuery,
  type RoleRecord,
  type RoleUpdateBody,
  type RoleUserListQuery,
  type RoleUserRow,
  type PostUpdateBody,
  type TreeNodeRecord,
} from '@dpms/wire';
import type { HttpClient, WriteOptions } from '../client.js';
import type { Page, PageQuery } from './page.js';
import { ParsedCalls, pathIds } from './parsed-calls.js';

/*
 * 角色管理 and 岗位管理 (RuoYi's /system/role/* and /system/post/*), every answer parsed with the
 * @dpms/wire schema the API answers through.
 */

export type SysRole = RoleRecord;
export type SysPost = PostRecord;
export type RoleUser = RoleUserRow;
/** A tree with what the role holds checked: the menu grant tree or the custom scope's departments. */
export interface GrantTree {
  tree: TreeNodeRecord[];
  checkedKeys: number[];
}

const roleAnswer = okEnvelope(roleRecord);
const postAnswer = okEnvelope(postRecord);

/** /system/role/* and the menu grant trees of the role form. */
export class RoleGateway {
  private readonly calls: ParsedCalls;
  constructor(http: HttpClient) {
    this.calls = new ParsedCalls(http);
  }
  async list(query: RoleListQuery | PageQuery = {}): Promise<Page<SysRole>> {
    const a = await this.calls.read(pageEnvelope(roleRecord), '/system/role/list', query);
    return { total: a.total, rows: a.rows };
  }
  async get(roleId: number): Promise<SysRole> {
    return (await this.calls.read(roleAnswer, `/system/role/${roleId}`)).data;
  }
  async add(role: RoleCreateBody, options?: WriteOptions): Promise<SysRole> {
    return (await this.calls.send('post', roleAnswer, '/system/role', role, options)).data;
  }
  async update(role: RoleUpdateBody, options?: WriteOptions): Promise<SysRole> {
    return (await this.calls.send('put', roleAnswer, '/system/role', role, options)).data;
  }
  async dataScope(body: RoleDataScopeBody, options?: WriteOptions): Promise<SysRole> {
    return (await this.calls.send('put', roleAnswer, '/system/role/dataScope', body, options)).data;
  }
  async changeStatus(roleId: number, status: string, options?: WriteOptions): Promise<void> {
    const body = { roleId, status };
    await this.calls.send('put', roleAnswer, '/system/role/changeStatus', body, options);
  }
  async remove(ids: number | number[], options?: WriteOptions): Promise<void> {
    await this.calls.remove(countAnswer, `/system/role/${pathIds(ids)}`, options);
  }
  /** Every menu the caller may grant. */
  async menuTree(): Promise<TreeNodeRecord[]> {
    return (await this.calls.read(menuTreeAnswer, '/system/menu/treeselect')).data;
  }
  async roleMenuTree(roleId: number): Promise<GrantTree> {
    const a = await this.calls.read(
      roleMenuTreeAnswer,
      `/system/menu/roleMenuTreeselect/${roleId}`,
    );
    return { tree: a.menus, checkedKeys: a.checkedKeys };
  }
  async roleDeptTree(roleId: number): Promise<GrantTree> {
    const a = await this.calls.read(roleDeptTreeAnswer, `/system/role/deptTree/${roleId}`);
    return { tree: a.depts, checkedKeys: a.checkedKeys };
  }
  /** 分配用户: the users holding the role (`allocated`) or those who may be given it. */
  async users(allocated: boolean, query: RoleUserListQuery): Promise<Page<RoleUser>> {
    const path = `/system/role/authUser/${allocated ? 'allocatedList' : 'unallocatedList'}`;
    const a = await this.calls.read(roleUserPage, path, query);
    return { total: a.total, rows: a.rows };
  }
  async cancelUsers(roleId: number, userIds: number[], options?: WriteOptions): Promise<void> {
    const q = { roleId, userIds: userIds.join(',') };
    await this.calls.send('put', countAnswer, '/system/role/authUser/cancelAll', {}, options, q);
  }
  async selectUsers(roleId: number, userIds: number[], options?: WriteOptions): Promise<void> {
    const q = { roleId, userIds: userIds.join(',') };
    await this.calls.send('put', countAnswer, '/system/role/authUser/selectAll', {}, options, q);
  }
}

/** /system/post/*. */
export class PostGateway {
  private readonly calls: ParsedCalls;
  constructor(http: HttpClient) {
    this.calls = new ParsedCalls(http);
  }
  async list(query: PostListQuery | PageQuery = {}): Promise<Page<SysPost>> {
    const a = await this.calls.read(pageEnvelope(postRecord), '/system/post/list', query);
    return { total: a.total, rows: a.rows };
  }
  async add(post: PostCreateBody, options?: WriteOptions): Promise<SysPost> {
    return (await this.calls.send('post', postAnswer, '/system/post', post, options)).data;
  }
  async update(post: PostUpdateBody, options?: WriteOptions): Promise<SysPost> {
    return (await this.calls.send('put', postAnswer, '/system/post', post, options)).data;
  }
  async remove(ids: number | number[], options?: WriteOptions): Promise<void> {
    await this.calls.remove(countAnswer, `/system/post/${pathIds(ids)}`, options);
  }
}
