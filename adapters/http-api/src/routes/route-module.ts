import type { RouteBook } from '../http/route.js';

/** A family of routes: registers each of them (schemas, permission, handler) in the book. */
export interface RouteModule {
  readonly name: string;
  register(book: RouteBook): void;
}
