import type { FundPlanService } from '@dpms/core';
import type { RouteModule } from '../route-module.js';
import { registerFundPerformRoutes } from './perform.routes.js';
import { registerFundPlanRoutes } from './plan.routes.js';

/**
 * Monthly fund plans (/contract/fundPlan/*, 8_1/8_2) and fund execution (/contract/fundPerform/*,
 * 9_1/9_2/26_x). Every call checks its permission and the department's data scope; totals and
 * tips are computed in core.
 */
export function fundPlanRoutes(service: FundPlanService): RouteModule {
  return {
    name: 'fund-plan',
    register(book) {
      registerFundPlanRoutes(book, service);
      registerFundPerformRoutes(book, service);
    },
  };
}
