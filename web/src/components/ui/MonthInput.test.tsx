import { fireEvent, render, screen } from '@testing-library/react';
import fc from 'fast-check';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { MonthInput, normalizeMonth } from './MonthInput';

function Form({ onMonth }: { onMonth: (v: string) => void }) {
  const { register, watch } = useForm<{ month: string }>({ defaultValues: { month: '' } });
  onMonth(watch('month'));
  return <MonthInput aria-label="计划月份" {...register('month')} />;
}

describe('MonthInput', () => {
  it('is a text field that shows yyyy-MM, not the browser locale', () => {
    render(<Form onMonth={() => undefined} />);
    const input = screen.getByLabelText<HTMLInputElement>('计划月份');
    expect(input.type).toBe('text');
    expect(input.placeholder).toBe('yyyy-MM');
  });

  it('turns a typed month into yyyy-MM on blur, and the form sees it', () => {
    let seen = '';
    render(<Form onMonth={(v) => (seen = v)} />);
    const input = screen.getByLabelText<HTMLInputElement>('计划月份');
    fireEvent.change(input, { target: { value: '2026年3月' } });
    fireEvent.blur(input);
    expect(input.value).toBe('2026-03');
    expect(seen).toBe('2026-03');
  });

  it('reads every month of every year written in any accepted way, and no 13th month', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 2999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom('-', '/', '.', '年', ''),
        (year, month, sep) => {
          const mm = String(month).padStart(2, '0');
          const typed =
            sep === '' ? `${year}${mm}` : `${year}${sep}${month}${sep === '年' ? '月' : ''}`;
          expect(normalizeMonth(typed)).toBe(`${year}-${mm}`);
          expect(normalizeMonth(`${year}-13`)).toBeUndefined();
        },
      ),
    );
  });
});
