import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithServices } from '../../test/render';
import { FilePreviewDialog } from './FilePreviewDialog';

const sourceOf = (url: string) => {
  const { unmount } = renderWithServices(
    <FilePreviewDialog file={{ name: '图.png', url }} onClose={() => undefined} />,
  );
  const src = screen.getByTestId('preview-dialog').querySelector('img')?.getAttribute('src');
  unmount();
  return src ?? null;
};

describe('FilePreviewDialog', () => {
  it('shows fetched bytes and the images the server serves', () => {
    expect(sourceOf('blob:http://localhost/0f8f')).toBe('blob:http://localhost/0f8f');
    const avatar = '/prod-api/profile/avatar/0f8fad5b-d9cb-469f-a165-70867728950e.png';
    expect(sourceOf(avatar)).toBe(avatar);
  });

  it.each([
    'https://evil.example/a.png',
    '/prod-api/approval/flow/del?flowId=1',
    'javascript:alert(1)',
  ])('loads nothing for a stored address %s', (url) => {
    expect(sourceOf(url)).toBeNull();
  });
});
