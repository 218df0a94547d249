import { actorOfSession, type ActionActor } from '@dpms/core';
import { useMemo, useSyncExternalStore } from 'react';
import { useService } from './di';
import type { SessionView } from './session';
import { TOKENS } from './tokens';

/** The session view (core's state and the route tree), re-rendering on change. */
export function useSession(): SessionView {
  const session = useService(TOKENS.Session);
  return useSyncExternalStore(session.subscribe, session.snapshot);
}

/** The signed-in user as the availability rules see them (the server's principal, from getInfo). */
export function useActionActor(): ActionActor {
  const { session } = useSession();
  return useMemo(() => actorOfSession(session), [session]);
}

/** The notification service and its current view (the answer of the shell's getNotify poll). */
export function useNotifyView() {
  const notify = useService(TOKENS.Notify);
  const state = useSyncExternalStore(notify.subscribe, notify.snapshot);
  return { notify, state };
}
