/**
 * The routes an instance actually serves, as Fastify registers them. The access-control
 * table is checked against this list, so a route added without a row in it fails the tests.
 */
import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
}

const lists = new WeakMap<object, RegisteredRoute[]>();

/** Call before any plugin or module registers a route. */
export function recordRoutes(app: FastifyInstance): void {
  const list: RegisteredRoute[] = [];
  lists.set(app, list);
  app.addHook('onRoute', (route) => {
    // HEAD is derived from GET by Fastify and shares its handler.
    for (const method of [route.method].flat()) if (method !== 'HEAD') list.push({ method, url: route.url });
  });
}

export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  return [...(lists.get(app) ?? [])];
}
