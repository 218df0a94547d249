import { Button as HButton } from '@headlessui/react';
import type { ButtonHTMLAttributes, ReactNode } from 'react';

type Variant = 'primary' | 'default' | 'danger' | 'text' | 'ghost';
type Size = 'sm' | 'md';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-brand-500 text-white data-hover:bg-brand-600 border border-brand-500',
  default:
    'bg-surface text-ink border border-line-strong data-hover:border-brand-400 data-hover:text-brand-600',
  danger: 'bg-danger-500 text-white border border-danger-500 data-hover:bg-danger-600',
  text: 'text-brand-600 data-hover:text-brand-700 px-1!',
  ghost: 'text-ink-soft data-hover:bg-canvas',
};
const SIZES: Record<Size, string> = { sm: 'h-7 px-2.5 text-sm', md: 'h-9 px-4 text-base' };

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color'> {
  variant?: Variant;
  size?: Size;
  loading?: boolean;
  icon?: ReactNode;
}

/** The one button of the design system; Headless UI gives it hover, focus and active states. */
export function Button({
  variant = 'default',
  size = 'md',
  loading,
  icon,
  className = '',
  children,
  disabled,
  type,
  ...rest
}: ButtonProps) {
  return (
    <HButton
      type={type ?? 'button'}
      disabled={disabled || loading}
      className={`inline-flex shrink-0 items-center justify-center gap-1.5 rounded-control font-medium whitespace-nowrap transition-colors data-disabled:cursor-not-allowed data-disabled:opacity-50 data-focus:outline-2 data-focus:outline-offset-2 data-focus:outline-brand-400 ${VARIANTS[variant]} ${SIZES[size]} ${className}`}
      {...rest}
    >
      {loading ? (
        <span
          className="size-3.5 animate-spin rounded-full border-2 border-current border-t-transparent"
          aria-hidden
        />
      ) : (
        icon
      )}
      {children}
    </HButton>
  );
}
