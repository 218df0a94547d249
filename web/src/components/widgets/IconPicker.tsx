import { ICON_NAMES, SvgIcon } from '../icons/SvgIcon';

/** What a menu without an icon stores (RuoYi's '#'). */
export const NO_ICON = '#';

/** Picks one of the sidebar icons, one click each; 无 clears it (stores '#'). */
export function IconPicker({
  value,
  onChange,
  label = '菜单图标',
}: {
  value: string;
  onChange: (name: string) => void;
  label?: string;
}) {
  const picked = (name: string) => value === name || (name === NO_ICON && !value);
  return (
    <div className="flex flex-wrap gap-1.5" role="radiogroup" aria-label={label}>
      {[NO_ICON, ...ICON_NAMES].map((name) => (
        <button
          key={name}
          type="button"
          role="radio"
          aria-checked={picked(name)}
          title={name === NO_ICON ? '无图标' : name}
          onClick={() => onChange(name)}
          className={`flex h-8 min-w-8 items-center justify-center gap-1 rounded-control border px-1.5 text-xs ${
            picked(name)
              ? 'border-brand-500 bg-brand-50 text-brand-600'
              : 'border-line text-ink hover:border-brand-400'
          }`}
        >
          {name === NO_ICON ? '无' : <SvgIcon name={name} className="size-4" />}
        </button>
      ))}
    </div>
  );
}
