import {
  ALL_PERMISSION,
  err,
  ok,
  PlatformErrors,
  SUPER_ROLE,
  type DomainError,
  type MenuFilter,
  type MenuOrder,
  type MenuPatch,
  type MenuRepository,
  type NewMenu,
  type Result,
  type SysMenu,
} from '@dpms/core';
import { containsPattern, inTransaction, type Db } from './sql-helpers.js';
import { refusingDuplicates } from './sql-unique.js';
import { replaceMenus } from './sql-role.repository.js';

const COLUMNS = [
  'm.menu_id',
  'm.parent_id',
  'm.menu_name',
  'm.path',
  'm.component',
  'm.query',
  'm.is_frame',
  'm.is_cache',
  'm.menu_type',
  'm.visible',
  'm.status',
  'm.perms',
  'm.icon',
  'm.order_num',
  'm.always_show',
  'm.route_name',
  'm.remark',
  'm.create_time',
] as const;

export class SqlMenuRepository implements MenuRepository {
  constructor(private readonly db: Db) {}

  private async isSuperRole(roleId: number): Promise<boolean> {
    const role = await this.db
      .selectFrom('sys_role')
      .select('role_key')
      .where('role_id', '=', roleId)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    return role?.role_key === SUPER_ROLE;
  }

  async listAll(filter: MenuFilter): Promise<readonly SysMenu[]> {
    const rows = await this.db
      .selectFrom('sys_menu as m')
      .$if(!!filter.menuName, (q) =>
        q.where('m.menu_name', 'ilike', containsPattern(filter.menuName ?? '')),
      )
      .$if(!!filter.status, (q) => q.where('m.status', '=', filter.status ?? '0'))
      .$if(!!filter.visible, (q) => q.where('m.visible', '=', filter.visible ?? '0'))
      .select(COLUMNS)
      .orderBy('m.parent_id')
      .orderBy('m.order_num')
      .orderBy('m.menu_id')
      .execute();
    return rows.map(toMenu);
  }

  async listByRole(roleId: number): Promise<readonly SysMenu[]> {
    if (await this.isSuperRole(roleId)) return this.listAll({ status: '0' });
    const rows = await this.db
      .selectFrom('sys_menu as m')
      .innerJoin('sys_role_menu as rm', 'rm.menu_id', 'm.menu_id')
      .innerJoin('sys_role as r', 'r.role_id', 'rm.role_id')
      .where('rm.role_id', '=', roleId)
      .where('r.status', '=', '0')
      .where('r.del_flag', '=', '0')
      .where('m.status', '=', '0')
      .select(COLUMNS)
      .orderBy('m.parent_id')
      .orderBy('m.order_num')
      .orderBy('m.menu_id')
      .execute();
    return rows.map(toMenu);
  }

  async permissionsOfRole(roleId: number): Promise<readonly string[]> {
    if (await this.isSuperRole(roleId)) return [ALL_PERMISSION];
    const menus = await this.listByRole(roleId);
    return [...new Set(menus.map((m) => m.perms).filter((p) => p !== ''))].sort();
  }

  async findById(menuId: number): Promise<SysMenu | null> {
    const row = await this.db
      .selectFrom('sys_menu as m')
      .select(COLUMNS)
      .where('m.menu_id', '=', menuId)
      .executeTakeFirst();
    return row ? toMenu(row) : null;
  }

  async create(menu: NewMenu): Promise<Result<SysMenu, DomainError>> {
    if (menu.parentId !== 0 && !(await this.findById(menu.parentId)))
      return err(PlatformErrors.notFound('上级菜单'));
    const written = await refusingDuplicates(this.db, 'create', menu.menuName, async () => {
      const row = await this.db
        .insertInto('sys_menu')
        .values({
          ...(menu.menuId !== undefined ? { menu_id: menu.menuId } : {}),
          parent_id: menu.parentId,
          menu_name: menu.menuName,
          path: menu.path ?? '',
          component: menu.component ?? null,
          query: menu.query ?? null,
          is_frame: menu.isFrame ?? '1',
          is_cache: menu.isCache ?? '0',
          menu_type: menu.menuType,
          visible: menu.visible ?? '0',
          status: menu.status ?? '0',
          perms: menu.perms ?? '',
          icon: menu.icon ?? '#',
          order_num: menu.orderNum ?? 0,
          always_show: menu.alwaysShow ?? false,
          route_name: menu.routeName ?? '',
          remark: menu.remark ?? '',
        })
        .returning('menu_id')
        .executeTakeFirstOrThrow();
      return ok(row.menu_id);
    });
    if (!written.ok) return written;
    const created = await this.findById(written.value);
    return created ? ok(created) : err(PlatformErrors.notFound('菜单'));
  }

  async update(menuId: number, patch: MenuPatch): Promise<Result<SysMenu, DomainError>> {
    const current = await this.findById(menuId);
    if (!current) return err(PlatformErrors.notFound('菜单'));
    if (patch.parentId !== undefined && patch.parentId !== 0) {
      if (patch.parentId === menuId) return err(PlatformErrors.notFound('上级菜单'));
      if (!(await this.findById(patch.parentId))) return err(PlatformErrors.notFound('上级菜单'));
    }
    const subject = patch.menuName ?? current.menuName;
    const written = await refusingDuplicates(this.db, 'update', subject, async () => {
      await this.db
        .updateTable('sys_menu')
        .set({
          ...(patch.parentId !== undefined ? { parent_id: patch.parentId } : {}),
          ...(patch.menuName !== undefined ? { menu_name: patch.menuName } : {}),
          ...(patch.path !== undefined ? { path: patch.path } : {}),
          ...(patch.component !== undefined ? { component: patch.component } : {}),
          ...(patch.query !== undefined ? { query: patch.query } : {}),
          ...(patch.isFrame !== undefined ? { is_frame: patch.isFrame } : {}),
          ...(patch.isCache !== undefined ? { is_cache: patch.isCache } : {}),
          ...(patch.menuType !== undefined ? { menu_type: patch.menuType } : {}),
          ...(patch.visible !== undefined ? { visible: patch.visible } : {}),
          ...(patch.status !== undefined ? { status: patch.status } : {}),
          ...(patch.perms !== undefined ? { perms: patch.perms } : {}),
          ...(patch.icon !== undefined ? { icon: patch.icon } : {}),
          ...(patch.orderNum !== undefined ? { order_num: patch.orderNum } : {}),
          ...(patch.alwaysShow !== undefined ? { always_show: patch.alwaysShow } : {}),
          ...(patch.routeName !== undefined ? { route_name: patch.routeName } : {}),
          ...(patch.remark !== undefined ? { remark: patch.remark } : {}),
          update_time: new Date(),
        })
        .where('menu_id', '=', menuId)
        .execute();
      return ok(undefined);
    });
    if (!written.ok) return written;
    const updated = await this.findById(menuId);
    return updated ? ok(updated) : err(PlatformErrors.notFound('菜单'));
  }

  async isGranted(menuId: number): Promise<boolean> {
    const grant = await this.db
      .selectFrom('sys_role_menu')
      .select('menu_id')
      .where('menu_id', '=', menuId)
      .executeTakeFirst();
    return grant !== undefined;
  }

  async delete(menuId: number): Promise<Result<void, DomainError>> {
    if (!(await this.findById(menuId))) return err(PlatformErrors.notFound('菜单'));
    const child = await this.db
      .selectFrom('sys_menu')
      .select('menu_id')
      .where('parent_id', '=', menuId)
      .executeTakeFirst();
    if (child) return err(PlatformErrors.menuHasChildren());
    await inTransaction(this.db, async (trx) => {
      await trx.deleteFrom('sys_role_menu').where('menu_id', '=', menuId).execute();
      await trx.deleteFrom('sys_menu').where('menu_id', '=', menuId).execute();
    });
    return ok(undefined);
  }

  async reorder(plan: readonly MenuOrder[]): Promise<Result<void, DomainError>> {
    const ids = plan.map((p) => p.menuId);
    const found = await this.db
      .selectFrom('sys_menu')
      .select('menu_id')
      .where('menu_id', 'in', ids)
      .execute();
    if (found.length !== new Set(ids).size) return err(PlatformErrors.notFound('菜单'));
    await inTransaction(this.db, async (trx) => {
      for (const { menuId, orderNum } of plan)
        await trx
          .updateTable('sys_menu')
          .set({ order_num: orderNum, update_time: new Date() })
          .where('menu_id', '=', menuId)
          .execute();
    });
    return ok(undefined);
  }

  async setRoleMenus(roleId: number, menuIds: readonly number[]): Promise<void> {
    await inTransaction(this.db, (trx) => replaceMenus(trx, roleId, menuIds));
  }
}

function toMenu(r: {
  menu_id: number;
  parent_id: number;
  menu_name: string;
  path: string;
  component: string | null;
  query: string | null;
  is_frame: '0' | '1';
  is_cache: '0' | '1';
  menu_type: 'M' | 'C' | 'F';
  visible: '0' | '1';
  status: '0' | '1';
  perms: string;
  icon: string;
  order_num: number;
  always_show: boolean;
  route_name: string;
  remark: string;
  create_time: Date;
}): SysMenu {
  return {
    menuId: r.menu_id,
    parentId: r.parent_id,
    menuName: r.menu_name,
    path: r.path,
    component: r.component,
    query: r.query,
    isFrame: r.is_frame,
    isCache: r.is_cache,
    menuType: r.menu_type,
    visible: r.visible,
    status: r.status,
    perms: r.perms,
    icon: r.icon,
    orderNum: r.order_num,
    alwaysShow: r.always_show,
    routeName: r.route_name,
    remark: r.remark,
    createTime: r.create_time,
  };
}
