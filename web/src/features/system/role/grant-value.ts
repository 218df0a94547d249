/*
 * The role form keeps its menu grant in one form value (the form's values are text): whether
 * the tree links parents and children, and the menus granted, as `L:1,2,3` / `U:1,2,3`. '' is a
 * grant not loaded yet: a save then leaves the role's menus as they are.
 */

export interface GrantValue {
  readonly linked: boolean;
  readonly ids: ReadonlySet<number>;
}

export const encodeGrant = (g: GrantValue): string =>
  `${g.linked ? 'L' : 'U'}:${[...g.ids].sort((a, b) => a - b).join(',')}`;

export function decodeGrant(value: string | undefined): GrantValue | null {
  if (!value) return null;
  const [flag, list = ''] = value.split(':');
  return {
    linked: flag === 'L',
    ids: new Set(
      list
        .split(',')
        .filter((s) => s !== '')
        .map(Number),
    ),
  };
}
