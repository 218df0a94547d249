import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';

/** The file gateway and the message service, from the composition root. */
export function useFileServices() {
  return {
    files: useService(TOKENS.FileGateway),
    feedback: useService(TOKENS.Feedback),
  };
}
