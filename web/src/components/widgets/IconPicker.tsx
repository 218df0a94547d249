import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useState } from 'react';
import { ICON_NAMES, SvgIcon } from '../icons/SvgIcon';

/** Picks one of the sidebar icons, with a filter box. */
export function IconPicker({
  value,
  onChange,
  label = '选择图标',
}: {
  value: string;
  onChange: (name: string) => void;
  label?: string;
}) {
  const [filter, setFilter] = useState('');
  const names = ICON_NAMES.filter((n) => n.toLowerCase().includes(filter.trim().toLowerCase()));
  return (
    <Popover className="relative">
      <PopoverButton className="input flex items-center gap-2 text-left" aria-label={label}>
        <SvgIcon name={value} />
        <span className={value ? '' : 'text-muted'}>{value || '点击选择图标'}</span>
      </PopoverButton>
      <PopoverPanel
        anchor="bottom start"
        className="z-50 mt-1 w-72 rounded-card border border-line bg-surface p-3 shadow-pop"
        data-testid="icon-picker"
      >
        {({ close }) => (
          <>
            <input
              className="input mb-2"
              placeholder="请输入图标名称"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
            />
            <ul className="grid grid-cols-3 gap-1">
              {names.map((name) => (
                <li key={name}>
                  <button
                    type="button"
                    onClick={() => {
                      onChange(name);
                      close();
                    }}
                    className={`flex w-full flex-col items-center gap-1 rounded p-2 text-xs hover:bg-brand-50 ${name === value ? 'bg-brand-50 text-brand-600' : 'text-ink-soft'}`}
                  >
                    <SvgIcon name={name} className="size-5" />
                    {name}
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </PopoverPanel>
    </Popover>
  );
}
