import { fireEvent, render, screen, within } from '@testing-library/react';
import fc from 'fast-check';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DateInput, normalizeDay } from './DateInput';

// An English browser in UTC: a native date input would show mm/dd/yyyy here.
beforeAll(() => {
  vi.stubEnv('TZ', 'UTC');
  Object.defineProperty(navigator, 'language', { value: 'en-US', configurable: true });
});
afterAll(() => {
  vi.unstubAllEnvs();
});

function Form({ initial, onValue }: { initial: string; onValue: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateInput
      aria-label="签订日期"
      value={value}
      onChange={(e) => {
        setValue(e.target.value);
        onValue(e.target.value);
      }}
    />
  );
}

describe('DateInput', () => {
  it('shows the value as yyyy-MM-dd, not the browser locale', () => {
    render(<Form initial="2026-03-05" onValue={() => undefined} />);
    // The field's label names the input alone, as forms and tests look fields up by it.
    expect(screen.getAllByLabelText('签订日期', { exact: false })).toHaveLength(1);
    const input = screen.getByLabelText<HTMLInputElement>('签订日期');
    expect(input.type).toBe('text');
    expect(input.value).toBe('2026-03-05');
  });

  it('turns a typed date into yyyy-MM-dd on blur', () => {
    const values: string[] = [];
    render(<Form initial="" onValue={(v) => values.push(v)} />);
    const input = screen.getByLabelText<HTMLInputElement>('签订日期');
    fireEvent.change(input, { target: { value: '2026/3/5' } });
    fireEvent.blur(input);
    expect(input.value).toBe('2026-03-05');
    expect(values.at(-1)).toBe('2026-03-05');
  });

  it('picks a day from a Chinese calendar and writes yyyy-MM-dd', async () => {
    const values: string[] = [];
    render(<Form initial="2026-03-05" onValue={(v) => values.push(v)} />);
    fireEvent.click(screen.getByRole('button', { name: '打开日历' }));
    const picker = await screen.findByTestId('date-picker');
    expect(picker.textContent).toContain('三月');
    // Weeks start on Monday, the days named in Chinese.
    expect([...picker.querySelectorAll('.rdp-weekday')].map((h) => h.textContent)).toEqual([
      '一',
      '二',
      '三',
      '四',
      '五',
      '六',
      '日',
    ]);
    fireEvent.click(within(picker).getByText('31'));
    expect(values.at(-1)).toBe('2026-03-31');
    expect(screen.getByLabelText<HTMLInputElement>('签订日期').value).toBe('2026-03-31');
  });

  it('normalizes every real day typed in the usual ways, and no impossible one', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(1990, 0, 1), max: new Date(2099, 11, 31), noInvalidDate: true }),
        (d) => {
          const [y, m, day] = [d.getFullYear(), d.getMonth() + 1, d.getDate()];
          const text = `${y}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          for (const typed of [
            text,
            `${y}/${m}/${day}`,
            `${y}年${m}月${day}日`,
            `${y}.${m}.${day}`,
          ])
            expect(normalizeDay(typed)).toBe(text);
        },
      ),
    );
    for (const bad of ['2026-02-30', '2026-13-01', '03/05/2026', 'abc', ''])
      expect(normalizeDay(bad)).toBeUndefined();
  });
});
