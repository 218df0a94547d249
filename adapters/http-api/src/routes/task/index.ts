import type { TaskService } from '@dpms/core';
import type { RouteModule } from '../route-module.js';
import { registerTaskConfirmationRoutes } from './confirmations.routes.js';
import { registerTaskFileRoutes } from './files.routes.js';
import { taskRouteKit } from './kit.js';
import { registerTaskListRoutes } from './lists.routes.js';
import { registerTaskResultRoutes } from './results.routes.js';
import { registerTaskSealRoutes } from './seals.routes.js';
import { registerTaskSheetRoutes } from './sheet.routes.js';
import { registerTaskValueRoutes } from './value.routes.js';

/**
 * The design task calls of 001 §7: task sheets and their three confirmations in order, results
 * and acceptance files, design and government files, deliveries, result seals through approval
 * 13_1, output value and its export. Every call checks its permission; every read and write is
 * scoped by the caller's role, and a participant always reaches their own tasks.
 */
export function taskRoutes(service: TaskService): RouteModule {
  return {
    name: 'tasks',
    register(book) {
      const kit = taskRouteKit(book);
      registerTaskSheetRoutes(kit, service);
      registerTaskConfirmationRoutes(kit, service);
      registerTaskFileRoutes(kit, service);
      registerTaskResultRoutes(kit, service);
      registerTaskSealRoutes(kit, service);
      registerTaskValueRoutes(kit, service);
      registerTaskListRoutes(kit, service);
    },
  };
}
