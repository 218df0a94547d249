import { childrenByParent, routeNameOf, TREE_ROOT, type SysMenu } from '@dpms/core';

/** A node of RuoYi's router tree (what /getRouters answers and the web builds routes from). */
export interface RouterNode {
  name: string;
  path: string;
  hidden: boolean;
  redirect?: string;
  component: string;
  alwaysShow?: boolean;
  query?: string;
  meta: { title: string; icon: string; noCache: boolean; link: string | null };
  children?: RouterNode[];
}

const isHttp = (p: string) => /^(https?:|mailto:|tel:)/i.test(p);

/**
 * Menus (directories M and pages C; buttons F are permissions, not routes) as RuoYi's router
 * tree: top-level paths start with '/', a top-level directory is a `Layout`, a nested directory a
 * `ParentView` (the web flattens those, 000 §2), an external link keeps its URL in meta.link.
 */
export function buildRouterTree(menus: readonly SysMenu[]): RouterNode[] {
  const visible = menus.filter((m) => m.menuType !== 'F' && m.status === '0');
  const byParent = childrenByParent(visible, {
    id: (m) => m.menuId,
    parentId: (m) => m.parentId,
    orderNum: (m) => m.orderNum,
  });
  const build = (parentId: number, topLevel: boolean): RouterNode[] =>
    (byParent.get(parentId) ?? []).map((m) => {
      const external = m.isFrame === '0' && isHttp(m.path);
      const children = build(m.menuId, false);
      const node: RouterNode = {
        name: routeNameOf(m),
        path: external ? m.path : topLevel ? `/${m.path.replace(/^\/+/, '')}` : m.path,
        hidden: m.visible === '1',
        component:
          m.menuType === 'M'
            ? topLevel
              ? 'Layout'
              : 'ParentView'
            : external
              ? 'InnerLink'
              : (m.component ?? ''),
        meta: {
          title: m.menuName,
          icon: m.icon,
          noCache: m.isCache === '1',
          link: external ? m.path : null,
        },
      };
      if (m.query) node.query = m.query;
      if (m.menuType === 'M') {
        node.redirect = 'noRedirect';
        node.alwaysShow = m.alwaysShow || children.length > 1;
        node.children = children;
      } else if (topLevel && !external) {
        // A page at the top level lives inside the Layout, as RuoYi does it.
        return {
          name: `${node.name}Layout`,
          path: '/',
          hidden: node.hidden,
          component: 'Layout',
          meta: node.meta,
          children: [{ ...node, path: m.path.replace(/^\/+/, '') }],
        };
      }
      return node;
    });
  return build(TREE_ROOT, true);
}
