import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';

/** How many rendered actions a row shows inline before the rest go into 更多. */
const INLINE_MAX = 2;

interface MenuItem {
  readonly label: string;
  readonly danger: boolean;
  readonly disabled: boolean;
  readonly target: HTMLElement;
}

/** The clickable element an action renders: the element itself or the button inside a wrapper. */
const actionable = (el: Element): HTMLElement | null =>
  el.matches('button, a, [role="button"]')
    ? (el as HTMLElement)
    : el.querySelector<HTMLElement>('button, a, [role="button"]');

const itemOf = (el: Element): MenuItem | null => {
  const target = actionable(el);
  if (!target) return null;
  return {
    label: (target.textContent ?? '').trim(),
    danger: /danger/.test(`${el.className} ${target.className}`),
    disabled:
      (target as HTMLButtonElement).disabled || target.getAttribute('aria-disabled') === 'true',
    target,
  };
};

/** Where the menu sits: under 更多, its right edge on 更多's. */
const placeOf = (rect: DOMRect) => ({
  top: rect.bottom + 4,
  right: Math.max(4, window.innerWidth - rect.right),
});

/**
 * A list row's actions on one line: up to two shown as they are; with three or more, the first
 * (the row's main action) stays inline and the rest sit in a 更多 menu.
 *
 * Children may be permission wrappers or conditionals that render nothing, so the count is of
 * the DOM elements actually rendered. Every action stays mounted inline (those past the first
 * hidden by CSS) and a menu item clicks its hidden original: an action that owns state (a dialog
 * it opens) keeps it after the menu closes, and no test id exists twice on the page. The menu is
 * drawn in a portal at a fixed position, so the table's scrolling container cannot clip it.
 */
export function RowActions({ children }: { children: ReactNode }) {
  const inline = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const [count, setCount] = useState(0);
  const [open, setOpen] = useState<{
    items: MenuItem[];
    top: number;
    right: number;
  } | null>(null);

  const recount = useCallback(() => {
    setCount(inline.current?.childElementCount ?? 0);
  }, []);
  useLayoutEffect(recount, [children, recount]);
  // A permission wrapper can change what it renders without this component rendering again.
  useEffect(() => {
    const node = inline.current;
    if (!node || typeof MutationObserver === 'undefined') return;
    const observer = new MutationObserver(recount);
    observer.observe(node, { childList: true });
    return () => observer.disconnect();
  }, [recount]);

  const folded = count > INLINE_MAX;

  const close = useCallback((refocus: boolean) => {
    setOpen(null);
    if (refocus) trigger.current?.focus();
  }, []);

  const toggle = () => {
    if (open) return close(false);
    const node = inline.current;
    const button = trigger.current;
    if (!node || !button) return;
    const items = Array.from(node.children)
      .slice(1)
      .map(itemOf)
      .filter((i): i is MenuItem => i !== null);
    setOpen({ items, ...placeOf(button.getBoundingClientRect()) });
  };

  const isOpen = open !== null;
  useEffect(() => {
    if (!isOpen) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]:not(:disabled)')?.focus();
    const outside = (e: Event) => {
      const t = e.target as Node;
      if (menu.current?.contains(t) || trigger.current?.contains(t)) return;
      close(false);
    };
    // The menu follows its 更多 when the page under it scrolls (a scroll that brought 更多 into
    // view can land just after the click that opened it), and closes once 更多 is out of sight.
    const follow = (e: Event) => {
      if (e.target instanceof Node && menu.current?.contains(e.target)) return;
      const rect = trigger.current?.getBoundingClientRect();
      if (!rect || rect.width === 0 || rect.bottom < 0 || rect.top > window.innerHeight)
        return close(false);
      setOpen((o) => o && { ...o, ...placeOf(rect) });
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('touchstart', outside);
    window.addEventListener('scroll', follow, true);
    window.addEventListener('resize', follow);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('touchstart', outside);
      window.removeEventListener('scroll', follow, true);
      window.removeEventListener('resize', follow);
    };
  }, [isOpen, close]);

  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(
      menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not(:disabled)') ?? [],
    );
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close(true);
    } else if (e.key === 'Tab') {
      // Back on 更多 first, so the browser's own Tab moves on from the row, not from the end
      // of the page where the menu is drawn.
      close(true);
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      items[(at + step + items.length) % items.length]?.focus();
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      (e.key === 'Home' ? items[0] : items[items.length - 1])?.focus();
    }
  };

  return (
    <div className="flex flex-nowrap items-center gap-1 whitespace-nowrap" data-row-actions="">
      <div
        ref={inline}
        className={`flex flex-nowrap items-center gap-1 ${folded ? '[&>*:nth-child(n+2)]:hidden' : ''}`}
      >
        {children}
      </div>
      {folded && (
        <button
          ref={trigger}
          type="button"
          aria-haspopup="menu"
          aria-expanded={open ? true : false}
          onClick={toggle}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' && !open) {
              e.preventDefault();
              toggle();
            }
          }}
          className="inline-flex h-7 shrink-0 items-center gap-0.5 rounded-control px-1 text-sm font-medium text-brand-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400"
        >
          更多
          <svg viewBox="0 0 16 16" className="size-3.5" aria-hidden fill="none">
            <path d="M4 6l4 4 4-4" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
        </button>
      )}
      {folded &&
        open &&
        createPortal(
          <div
            ref={menu}
            role="menu"
            aria-label="更多操作"
            onKeyDown={onMenuKey}
            style={{ position: 'fixed', top: open.top, right: open.right }}
            className="z-50 min-w-24 rounded-control border border-line bg-surface py-1 shadow-lg"
          >
            {open.items.map((item, i) => (
              <button
                key={i}
                type="button"
                role="menuitem"
                disabled={item.disabled}
                onClick={() => {
                  // Focus returns to 更多 before the action runs, so a dialog it opens gives the
                  // focus back there when it closes (the menu item is gone by then).
                  close(true);
                  item.target.click();
                }}
                className={`block w-full px-3 py-1.5 text-left text-sm whitespace-nowrap hover:bg-canvas focus:bg-canvas focus:outline-none disabled:cursor-not-allowed disabled:opacity-50 ${item.danger ? 'text-danger-600' : 'text-ink'}`}
              >
                {item.label}
              </button>
            ))}
          </div>,
          document.body,
        )}
    </div>
  );
}
