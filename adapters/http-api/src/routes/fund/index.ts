import type { FundService } from '@dpms/core';
import type { RouteModule } from '../route-module.js';
import { registerBackMoneyRoutes } from './back-money.routes.js';
import { registerLoanRoutes } from './loan.routes.js';
import { registerRepaymentRoutes } from './repayment.routes.js';

/**
 * Back money (/project/backMoney/*), loans (/contract/loan/*, the /v4/contract loan calls) and
 * repayments (/contract/repayment/*). Each call checks its permission and the caller's data scope;
 * each movement is one transaction with its ledger lines.
 */
export function fundRoutes(service: FundService): RouteModule {
  return {
    name: 'fund',
    register(book) {
      registerBackMoneyRoutes(book, service);
      registerLoanRoutes(book, service);
      registerRepaymentRoutes(book, service);
    },
  };
}
