import type { TreeNode } from '@dpms/http-client';
import { useEffect, useRef, useState } from 'react';
import { allIds, checkState, toggled, type CheckState, type Grant } from './grant-tree';

function Box({
  state,
  label,
  onToggle,
}: {
  state: CheckState;
  label: string;
  onToggle: () => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'half';
  }, [state]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={label}
      checked={state === 'checked'}
      onChange={onToggle}
    />
  );
}

/**
 * A grant tree with RuoYi's controls: 展开/折叠, 全选/全不选 and 父子联动. `grant` is what the
 * save sends; the page keeps it.
 */
export function GrantTreeView({
  nodes,
  grant,
  linked,
  onChange,
  onLinkedChange,
  testId,
}: {
  nodes: TreeNode[];
  grant: Grant;
  linked: boolean;
  onChange: (grant: Set<number>) => void;
  onLinkedChange: (linked: boolean) => void;
  testId?: string;
}) {
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set(nodes.map((n) => n.id)));
  const ids = allIds(nodes);
  const row = (n: TreeNode, depth: number) => {
    const hasChildren = !!n.children?.length;
    return (
      <li key={n.id}>
        <div className="flex items-center gap-1 py-0.5" style={{ paddingLeft: depth * 18 }}>
          {hasChildren ? (
            <button
              type="button"
              className="w-4 text-muted"
              aria-label={`${open.has(n.id) ? '折叠' : '展开'} ${n.label}`}
              onClick={() => {
                const next = new Set(open);
                if (next.has(n.id)) next.delete(n.id);
                else next.add(n.id);
                setOpen(next);
              }}
            >
              {open.has(n.id) ? '▾' : '▸'}
            </button>
          ) : (
            <span className="w-4" />
          )}
          <label className="flex cursor-pointer items-center gap-1.5">
            <Box
              state={checkState(n, grant, linked)}
              label={n.label}
              onToggle={() => onChange(toggled(nodes, n, grant, linked))}
            />
            {n.label}
          </label>
        </div>
        {hasChildren && open.has(n.id) && <ul>{n.children!.map((c) => row(c, depth + 1))}</ul>}
      </li>
    );
  };
  return (
    <div data-testid={testId}>
      <div className="mb-1 flex gap-4 text-sm">
        <label className="flex items-center gap-1">
          <input
            type="checkbox"
            checked={open.size >= ids.length && ids.length > 0}
            onChange={(e) => setOpen(e.target.checked ? new Set(ids) : new Set())}
          />
          展开/折叠
        </label>
        <label className="flex items-center gap-1">
          <input
            type="checkbox"
            checked={ids.length > 0 && ids.every((id) => grant.has(id))}
            onChange={(e) => onChange(e.target.checked ? new Set(ids) : new Set())}
          />
          全选/全不选
        </label>
        <label className="flex items-center gap-1">
          <input
            type="checkbox"
            checked={linked}
            onChange={(e) => onLinkedChange(e.target.checked)}
          />
          父子联动
        </label>
      </div>
      <ul className="max-h-72 overflow-auto rounded border border-line p-2">
        {nodes.map((n) => row(n, 0))}
      </ul>
    </div>
  );
}
