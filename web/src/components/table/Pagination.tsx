import { TABLE_PAGE_SIZES, pageCount } from '@dpms/core';

export interface PaginationProps {
  total: number;
  pageNum: number;
  pageSize: number;
  onChange: (pageNum: number, pageSize: number) => void;
}

/** total, sizes, prev, pager, next (000 §9). */
export function Pagination({ total, pageNum, pageSize, onChange }: PaginationProps) {
  const pages = pageCount(total, pageSize);
  const window = pagerWindow(pageNum, pages);
  const btn =
    'inline-flex h-8 min-w-8 items-center justify-center rounded-control px-2 text-sm disabled:opacity-40';
  return (
    <nav
      aria-label="分页"
      className="flex flex-wrap items-center justify-end gap-2 pt-3 text-sm text-ink-soft"
    >
      <span>共 {total} 条</span>
      <select
        aria-label="每页条数"
        className="input h-8! w-auto! py-0"
        value={pageSize}
        onChange={(e) => onChange(1, Number(e.target.value))}
      >
        {TABLE_PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}条/页
          </option>
        ))}
      </select>
      <button
        type="button"
        className={`${btn} hover:bg-canvas`}
        aria-label="上一页"
        disabled={pageNum <= 1}
        onClick={() => onChange(pageNum - 1, pageSize)}
      >
        ‹
      </button>
      {window.map((p, i) =>
        p === 0 ? (
          <span key={`gap${i}`} className="px-1">
            …
          </span>
        ) : (
          <button
            type="button"
            key={p}
            aria-current={p === pageNum ? 'page' : undefined}
            className={`${btn} ${p === pageNum ? 'bg-brand-500 text-white' : 'hover:bg-canvas'}`}
            onClick={() => onChange(p, pageSize)}
          >
            {p}
          </button>
        ),
      )}
      <button
        type="button"
        className={`${btn} hover:bg-canvas`}
        aria-label="下一页"
        disabled={pageNum >= pages}
        onClick={() => onChange(pageNum + 1, pageSize)}
      >
        ›
      </button>
    </nav>
  );
}

/** Pages to show, 0 for a gap: first, last and two around the current one. */
function pagerWindow(current: number, pages: number): number[] {
  const out: number[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - current) <= 2) out.push(p);
    else if (out[out.length - 1] !== 0) out.push(0);
  }
  return out;
}
