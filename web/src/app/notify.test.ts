import { EventBus, MemoryStorage, SessionStore } from '@dpms/browser';
import type { NotifyGateway, NotifyState } from '@dpms/http-client';
import { describe, expect, it, vi } from 'vitest';
import { manualScheduler } from '../test/render';
import { NotifyService } from './notify';

const ANSWER: NotifyState = {
  unDealCount: 5,
  noticeCount: 0,
  noticeList: [],
  unLookSeal: true,
  warnTaskList: [{ taskNo: 'RW-1', planFinishDate: '2024-06-01' }],
};

function setup(stored?: string) {
  const storage = new SessionStore(new MemoryStorage());
  if (stored) storage.write('hideNotify', stored);
  const { scheduler, clock } = manualScheduler();
  const getNotify = vi.fn(() => Promise.resolve(ANSWER));
  const bus = new EventBus();
  const service = new NotifyService(
    { getNotify } as unknown as NotifyGateway,
    scheduler,
    bus,
    storage,
  );
  return { service, clock, getNotify, bus, storage };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('NotifyService', () => {
  it('polls at start, then 60 s after each poll; the bus polls at once', async () => {
    const { service, clock, getNotify, bus } = setup();
    const stop = service.start(7);
    await flush();
    expect(getNotify).toHaveBeenCalledWith(7);
    expect(service.snapshot()).toMatchObject({
      unDealCount: 5,
      unLookSeal: true,
      dialogOpen: true,
    });
    clock.advance(59_999);
    expect(getNotify).toHaveBeenCalledTimes(1);
    clock.advance(1);
    expect(getNotify).toHaveBeenCalledTimes(2);
    await flush();
    bus.emit('getNotify');
    expect(getNotify).toHaveBeenCalledTimes(3);
    stop();
  });

  it('does not open the dialog by itself once closed in this session', async () => {
    const { service, storage } = setup('true');
    const stop = service.start(1);
    await flush();
    expect(service.snapshot().dialogOpen).toBe(false);
    service.openDialog();
    expect(service.snapshot().dialogOpen).toBe(true);
    service.closeDialog();
    expect(storage.read('hideNotify', (await import('zod')).z.string())).toBe('true');
    stop();
  });
});
