import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithServices } from '../../test/render';
import { TipsDialog } from './TipsDialog';

describe('TipsDialog', () => {
  it('shows 提示信息 at 600 px with its types', () => {
    renderWithServices(
      <TipsDialog
        open
        onClose={() => undefined}
        types={[{ title: '合同', items: ['金额单位为万元'] }]}
      />,
    );
    expect(screen.getByText('提示信息')).toBeTruthy();
    expect(screen.getByTestId('tips-dialog').style.width).toBe('600px');
    expect(screen.getByText('金额单位为万元')).toBeTruthy();
  });

  it('without types confirms that the tips failed to load, then closes', async () => {
    const onClose = vi.fn();
    renderWithServices(<TipsDialog open onClose={onClose} types={[]} />);
    expect(await screen.findByText('提示信息加载失败，请稍后重试')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
