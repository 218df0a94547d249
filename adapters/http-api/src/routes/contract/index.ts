import type { ContractExportService, ContractFileService, ContractService } from '@dpms/core';
import type { RouteModule } from '../route-module.js';
import {
  registerContractChangeRoutes,
  registerContractFileRoutes,
} from './change-and-file-routes.js';
import { registerContractPanelAndExports } from './export-routes.js';
import { registerContractStageRoutes } from './stage-routes.js';

export { contractView } from './views.js';
export { modificationColumns, modificationRows, type ModificationRow } from './export-routes.js';

/**
 * The contract slice's routes, by concern: the stages and their writes (stage-routes.ts), the side
 * panel, chart and exports (export-routes.ts), contract changes and files
 * (change-and-file-routes.ts). Every request and answer is one schema of @dpms/wire.
 */
export function contractRoutes(
  service: ContractService,
  more: { files?: ContractFileService; exports?: ContractExportService } = {},
): RouteModule {
  return {
    name: 'contracts',
    register(book) {
      registerContractStageRoutes(book, service);
      registerContractPanelAndExports(book, service, more.exports);
      registerContractChangeRoutes(book, service);
      if (more.files !== undefined) registerContractFileRoutes(book, more.files);
    },
  };
}
