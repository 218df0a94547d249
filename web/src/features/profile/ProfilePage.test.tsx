import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { ProfilePage } from './ProfilePage';
import { OK, USER } from './test-profile';

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const SIGN_URL = '/prod-api/system/user/profile/signature/3f2b1c4d-0000-4000-8000-000000000001';

/**
 * jsdom draws nothing: a 2D context whose every method is a spy, and a toBlob that hands back a
 * PNG's first bytes. Enough to see what the pad drew and what it uploaded.
 */
let drawn: string[];
beforeEach(() => {
  drawn = [];
  const context = new Proxy<Record<string | symbol, unknown>>(
    {},
    {
      get: (target, key) => {
        if (!(key in target)) {
          target[key] = (..._args: unknown[]) => {
            drawn.push(String(key));
          };
        }
        return target[key];
      },
      set: (target, key, value) => {
        target[key] = value;
        return true;
      },
    },
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => context as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
    this: HTMLCanvasElement,
    callback: BlobCallback,
    type?: string,
  ) {
    callback(new Blob([PNG_BYTES], { type: type ?? 'image/png' }));
  });
});
afterEach(() => vi.restoreAllMocks());

function fakeApi(signUrl: string | null) {
  let current: { signFileId: string | null; signUrl: string | null; setAt: string | null } = {
    signFileId: signUrl && 'x',
    signUrl,
    setAt: signUrl && '2026-11-26T02:05:00.000Z',
  };
  return new FakeApi({
    '/system/user/profile': () => ({ ...OK, data: USER, roleGroup: '普通员工', postGroup: '' }),
    '/system/user/profile/signature': (input) => {
      if (input instanceof FormData) {
        current = { signFileId: 'new', signUrl: SIGN_URL, setAt: '2026-11-27T06:00:00.000Z' };
      }
      return { ...OK, data: current };
    },
  });
}

describe('个人中心 签名', () => {
  it('invites a user without a signature, and uploads a trimmed PNG of what they drew', async () => {
    const fake = fakeApi(null);
    renderWithApi(<ProfilePage />, fake, { path: '/user/profile?tab=signature' });
    expect(await screen.findByTestId('signature-invite')).toBeTruthy();
    const save = screen.getByRole('button', { name: '保存签名' });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    const pad = screen.getByLabelText('签名板');
    expect(pad.style.touchAction).toBe('none');
    fireEvent.pointerDown(pad, {
      pointerId: 1,
      pointerType: 'mouse',
      button: 0,
      clientX: 20,
      clientY: 40,
    });
    for (const [x, y] of [
      [40, 60],
      [70, 50],
      [110, 80],
    ])
      fireEvent.pointerMove(pad, { pointerId: 1, pointerType: 'mouse', clientX: x, clientY: y });
    fireEvent.pointerUp(pad, { pointerId: 1, pointerType: 'mouse', clientX: 110, clientY: 80 });
    expect(drawn).toContain('quadraticCurveTo');
    expect((save as HTMLButtonElement).disabled).toBe(false);

    fireEvent.click(save);
    await waitFor(() =>
      expect(fake.calls.filter((c) => c.method === 'post').map((c) => c.url)).toEqual([
        '/system/user/profile/signature',
      ]),
    );
    const form = fake.calls.find((c) => c.method === 'post')?.input as unknown as FormData;
    const file = form.get('signaturefile') as File;
    expect(file.type).toBe('image/png');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG_BYTES);
    // Saving copies the inked part onto a canvas of its own: the trim.
    expect(drawn).toContain('drawImage');
    expect((await screen.findByTestId<HTMLImageElement>('my-signature')).src).toContain(SIGN_URL);
    expect(screen.queryByTestId('signature-invite')).toBeNull();
    expect(screen.getByTestId('my-signature-time').textContent).toBe('设置于 2026-11-27 14:00');
  });

  it('clears the pad, leaving nothing to save', async () => {
    renderWithApi(<ProfilePage />, fakeApi(SIGN_URL), { path: '/user/profile?tab=signature' });
    await screen.findByTestId('my-signature');
    expect(screen.queryByTestId('signature-invite')).toBeNull();
    const pad = screen.getByLabelText('签名板');
    fireEvent.pointerDown(pad, { pointerId: 2, pointerType: 'touch', clientX: 5, clientY: 5 });
    fireEvent.pointerUp(pad, { pointerId: 2, pointerType: 'touch', clientX: 5, clientY: 5 });
    const save = screen.getByRole<HTMLButtonElement>('button', { name: '保存签名' });
    expect(save.disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '清除' }));
    expect(save.disabled).toBe(true);
    expect(drawn).toContain('clearRect');
  });
});
