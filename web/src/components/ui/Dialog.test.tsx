import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './Dialog';

describe('Dialog', () => {
  it('closes on Esc by default', () => {
    const onClose = vi.fn();
    render(
      <Dialog open onClose={onClose} title="标题">
        <p>内容</p>
      </Dialog>,
    );
    fireEvent.keyDown(screen.getByText('内容'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('ignores Esc when closeOnEscape is false but still closes from its ×', () => {
    const onClose = vi.fn();
    render(
      <Dialog open onClose={onClose} title="标题" closeOnEscape={false} closeOnClickOutside={false}>
        <p>内容</p>
      </Dialog>,
    );
    fireEvent.keyDown(screen.getByText('内容'), { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('takes the width it is given', () => {
    render(
      <Dialog open onClose={() => undefined} title="切换角色" width={450} testId="d">
        <p>内容</p>
      </Dialog>,
    );
    expect(screen.getByTestId('d').style.width).toBe('450px');
  });
});
