import { useId, useState, type ReactNode } from 'react';
import { usePhone } from './useMediaQuery';

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

/**
 * The search form above a list: labelled inputs that wrap on small screens. On a phone the form
 * folds behind a 筛选 button (with how many filters are filled), so the rows come first.
 */
export function SearchBar({
  children,
  onSearch,
  onReset,
  filled = 0,
}: {
  children: ReactNode;
  onSearch: () => void;
  onReset: () => void;
  /** How many filters hold a value: shown on the phone's 筛选 button. */
  filled?: number;
}) {
  const phone = usePhone();
  const [open, setOpen] = useState(false);
  const formId = useId();
  const form = (
    <form
      id={formId}
      className="mb-4 flex flex-wrap items-end gap-x-4 gap-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch();
        setOpen(false);
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
  if (!phone) return form;
  return (
    <>
      <div className="mb-3">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={open ? formId : undefined}
          onClick={() => setOpen(!open)}
          className="inline-flex h-9 items-center gap-1 rounded-control border border-line-strong px-4 text-ink hover:border-brand-400 hover:text-brand-600"
        >
          筛选
          {filled > 0 && (
            <span className="rounded-full bg-brand-500 px-1.5 text-xs text-white">{filled}</span>
          )}
        </button>
      </div>
      {open && form}
    </>
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

/** The search of a tree list (菜单, 部门): its name, and a status of 全部 / 正常 / 停用. */
export function NameStatusSearch({
  label,
  name,
  status,
  onChange,
  onSearch,
  onReset,
}: {
  /** The name's label, 菜单名称; its placeholder is 请输入{label}. */
  label: string;
  name: string;
  status: string;
  onChange: (next: { name: string; status: string }) => void;
  onSearch: () => void;
  onReset: () => void;
}) {
  return (
    <SearchBar onSearch={onSearch} onReset={onReset}>
      <SearchField label={label}>
        <input
          className="input"
          value={name}
          onChange={(e) => onChange({ name: e.target.value, status })}
          placeholder={`请输入${label}`}
        />
      </SearchField>
      <SearchField label="状态">
        <select
          className="input"
          value={status}
          onChange={(e) => onChange({ name, status: e.target.value })}
        >
          <option value="">全部</option>
          <option value="0">正常</option>
          <option value="1">停用</option>
        </select>
      </SearchField>
    </SearchBar>
  );
}
