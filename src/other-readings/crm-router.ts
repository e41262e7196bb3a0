// The CRM document's router (http/router.ts), for the readings that must know whether a request
// is one of the document's operations (an unknown route, a route moved to another method). One
// per document: the readings are wrapped once per mock.
import { createRouter, type Router } from '../http/router.ts';
import type { MockState } from '../mock-state.ts';
import { indexOperations } from '../spec/operation-index.ts';

const routers = new WeakMap<object, Router>();

export function crmRouter(state: MockState): Router {
  const { document } = state.validators.crm;
  let router = routers.get(document);
  if (!router) routers.set(document, (router = createRouter(indexOperations(document).values())));
  return router;
}
