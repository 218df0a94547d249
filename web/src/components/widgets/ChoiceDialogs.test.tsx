import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MultiSelectDialog, SingleChoiceDialog } from './ChoiceDialogs';

const OPTIONS = [
  { value: '1', label: '建筑' },
  { value: '2', label: '结构' },
  { value: '3', label: '机电', disabled: true },
];

describe('choice dialogs', () => {
  it('multi-select returns the chosen values in option order', () => {
    const onConfirm = vi.fn();
    render(
      <MultiSelectDialog
        open
        title="选择专业"
        options={OPTIONS}
        initial={['2']}
        onConfirm={onConfirm}
        onClose={() => undefined}
      />,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: '建筑' }));
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onConfirm).toHaveBeenCalledWith(['1', '2']);
  });

  it('single choice needs a choice before confirming', () => {
    const onConfirm = vi.fn();
    render(
      <SingleChoiceDialog
        open
        title="选择部门"
        options={OPTIONS}
        onConfirm={onConfirm}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '确定' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: '结构' }));
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onConfirm).toHaveBeenCalledWith('2');
  });
});
