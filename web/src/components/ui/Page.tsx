import type { ReactNode } from 'react';

/** A screen's card: title, optional actions, content. */
export function PageCard({
  title,
  actions,
  children,
  className = '',
}: {
  className?: string;
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={`card min-w-0 p-4 sm:p-5 ${className}`}>
      {(title || actions) && (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          {title && <h2 className="text-lg font-semibold text-ink">{title}</h2>}
          {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
        </div>
      )}
      {children}
    </section>
  );
}

/** The search form above a list: labelled inputs that wrap on small screens. */
export function SearchBar({
  children,
  onSearch,
  onReset,
}: {
  children: ReactNode;
  onSearch: () => void;
  onReset: () => void;
}) {
  return (
    <form
      className="mb-4 flex flex-wrap items-end gap-x-4 gap-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch();
      }}
      role="search"
    >
      {children}
      <div className="flex gap-2">
        <button
          type="submit"
          className="inline-flex h-9 items-center rounded-control border border-brand-500 bg-brand-500 px-4 text-white hover:bg-brand-600"
        >
          搜索
        </button>
        <button
          type="button"
          onClick={onReset}
          className="inline-flex h-9 items-center rounded-control border border-line-strong px-4 text-ink hover:border-brand-400 hover:text-brand-600"
        >
          重置
        </button>
      </div>
    </form>
  );
}

export function SearchField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="flex w-full flex-col gap-1 text-sm text-ink-soft sm:w-56">
      {label}
      {children}
    </label>
  );
}

/** A status pill: 正常 / 停用 (or the list's own words for '0' and the rest, e.g. 正常 / 失败). */
export function StatusTag({
  status,
  labels = ['正常', '停用'],
}: {
  status: string | undefined;
  labels?: readonly [string, string];
}) {
  const active = status === '0' || status === undefined;
  return (
    <span
      className={`inline-flex rounded px-2 py-0.5 text-xs ${active ? 'bg-success-50 text-success-600' : 'bg-danger-50 text-danger-600'}`}
    >
      {active ? labels[0] : labels[1]}
    </span>
  );
}
