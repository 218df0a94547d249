import type { RouteModule } from '../route-module.js';
import { registerActionRoutes } from './action.routes.js';
import { registerDetailRoutes } from './detail.routes.js';
import { registerFlowRoutes } from './flow.routes.js';
import { registerListRoutes } from './list.routes.js';
import type { ApprovalRouteDeps } from './shared.js';
import { registerSignatureRoutes } from './signature.routes.js';
import { registerTemplateRoutes } from './template.routes.js';

export type { ApprovalRouteDeps } from './shared.js';

/**
 * The approval engine's calls (000 §7 "Approval flows" and "Approvals") and the signature image
 * of the personal centre. Writes accept an `Idempotency-Key` header: a retry with the same key
 * answers the first answer and changes nothing, on any instance.
 */
export function approvalRoutes(deps: ApprovalRouteDeps): RouteModule {
  return {
    name: 'approval',
    register(book) {
      registerFlowRoutes(book, deps);
      registerTemplateRoutes(book, deps);
      registerListRoutes(book, deps);
      registerActionRoutes(book, deps);
      registerDetailRoutes(book, deps);
      registerSignatureRoutes(book, deps);
    },
  };
}
