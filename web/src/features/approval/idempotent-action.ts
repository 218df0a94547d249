// The approval center's keys are the shared rule of every screen's actions.
export {
  ActionKeys,
  EARLIER_SUBMIT_MAY_HAVE_APPLIED,
  isKeyMismatch,
  isLostAnswer,
  isStale,
  newIdempotencyKey,
  type ActionOutcome,
} from '../../components/crud/action-keys';
