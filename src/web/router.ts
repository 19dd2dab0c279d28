import { METHODS } from 'node:http';
import Router from '@koa/router';
import type { WebFeature, WebKit } from './shared/web-feature.js';

/**
 * The router of every feature's routes, mounted in the features' order. Every method
 * Node accepts is one the router knows, so allowedMethods answers TRACE or PROPFIND as it
 * answers PUT (405 with Allow, 404 off the routes), never 501. Paths match
 * case-insensitively and with an optional trailing slash (the router's defaults), gates
 * included.
 */
export function createRouter(features: readonly WebFeature[], kit: WebKit): Router {
  const router = new Router({ methods: METHODS });
  for (const feature of features) feature.routes(router, kit);
  return router;
}
