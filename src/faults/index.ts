// Every named fault, and the handle that applies the ones switched on (`crmkit mock --fault`,
// the control API's /_mock/faults, createMock's `faults`) around the mock's own. The names come
// from the catalog; a fault's body is loaded (fault-modules.ts) when it is switched on, so that a
// mock without faults never loads one (issue 14), and costs nothing per request but the check of
// an empty set.
import { withBody, withRequestBody } from '../wire/held-body.ts';
import type { Router } from '../http/router.ts';
import type { MockState } from '../mock-state.ts';
import { routeBy } from './operation-of.ts';
import type { Fault, Handle } from './fault.ts';
import { FAULT_CATALOG, type FaultInfo } from './fault-catalog.ts';
import { FAULT_MODULES, type FaultModule } from './fault-modules.ts';

export { FAULT_CATALOG, type FaultInfo };

export const FAULT_NAMES: ReadonlySet<string> = new Set(FAULT_CATALOG.map((fault) => fault.name));

const byName = new Map(FAULT_CATALOG.map((info, order) => [info.name, { info, order }]));
const loadedModules = new Map<FaultModule, Promise<void>>();
const bodies = new Map<string, Fault>();

/** Loads the bodies of the named faults (each module once per process); unknown names are left to the caller to refuse. */
export async function loadFaults(names: Iterable<string>): Promise<void> {
  const modules = new Set<FaultModule>();
  for (const name of names) {
    const module = byName.get(name)?.info.module;
    if (module) modules.add(module);
  }
  await Promise.all([...modules].map(loadModule));
}

function loadModule(module: FaultModule): Promise<void> {
  let loading = loadedModules.get(module);
  if (!loading) {
    loading = FAULT_MODULES[module]().then((faults) => faults.forEach((fault) => bodies.set(fault.name, fault)));
    loadedModules.set(module, loading);
  }
  return loading;
}

/**
 * The loaded bodies of the faults switched on in `state`, in the catalog's order, those of one
 * module when given. A fault that is on is loaded before any request reaches the mock's handle
 * (withFaults), and before the control API or the CLI switches it on.
 */
export function faultsOn<F extends Fault = Fault>(state: MockState, module?: FaultModule): F[] {
  const on: { fault: F; order: number }[] = [];
  for (const name of state.faults) {
    const entry = byName.get(name);
    const fault = bodies.get(name);
    if (entry && fault && (!module || entry.info.module === module)) on.push({ fault: fault as F, order: entry.order });
  }
  return on.sort((a, b) => a.order - b.order).map(({ fault }) => fault);
}

/**
 * The mock's handle with the faults switched on in `state.faults` wrapped around it, checked per
 * request; `router` is the CRM document's, by which a fault names the operations it acts on.
 */
export function withFaults(handle: Handle, state: MockState, router: Router): Handle {
  routeBy(state, router);
  const faulty: Handle = async (request, info) => {
    // Faults named in createMock's options are loaded here, before the request can emit an event or queue a delivery (the hooks read the bodies).
    await loadFaults(state.faults);
    // The control API stays sound: tests and the suite drive the mock through it.
    if (new URL(request.url).pathname.startsWith('/_mock/')) return handle(request, info);
    // Faults read bodies: they get standard Requests and Responses, not held ones (wire/held-body.ts).
    const sound: Handle = async (soundRequest, soundInfo) => withBody(await handle(soundRequest, soundInfo));
    return faultsOn(state).reduce((next, fault) => (fault.wrap ? fault.wrap(next, state) : next), sound)(withRequestBody(request), info);
  };
  return (request, info) => (state.faults.size === 0 ? handle(request, info) : faulty(request, info));
}
