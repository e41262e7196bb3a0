// A mock instance: the documents, their operations and handlers, the state, and the one
// `handle(Request) -> Response` that both faces (node:http server, MSW) call.
import { readErrorCatalog } from './errors/error-catalog.ts';
import { createApi, unimplemented, type HandlerModules } from './http/api.ts';
import { FAULT_HANDLER_SEAM, FAULT_SEAM } from './faults/fault-seam.ts';
import { FAULT_NAMES, withFaults } from './faults/index.ts';
import { createHandle, type RequestInfo } from './http/handle.ts';
import { withBody } from './wire/held-body.ts';
import { MockState, type MockConfig } from './mock-state.ts';
import type { OtherReading } from './other-readings/other-reading.ts';
import { withOtherReadings } from './other-readings/with-other-readings.ts';
import { withFormCors } from './resources/forms/form-cors.ts';
import { crmHandlerModules } from './resources/index.ts';
import { startDeliveries } from './resources/webhooks/queue-events.ts';
import { loadRuntimeDocument } from './spec/runtime-document.ts';
import type { Operation } from './spec/operation-index.ts';
import { createSchemaValidator } from './spec/schema-validator.ts';

// The tables' record types are declared by the resources (resources/tables.ts augments the
// workspace layer's WorkspaceTables): re-exported so that the package's declarations carry them.
export type { ResourceTables } from './resources/tables.ts';

export type MockOptions = Partial<Omit<MockConfig, 'urls'>> & {
  urls?: Partial<MockConfig['urls']>;
  /** Named faults to switch on from the start (src/faults/); their bodies load before the first request is answered. */
  faults?: string[];
  /** Choices the spec leaves open, taken the other way than crmkit's own (src/other-readings/). */
  otherReadings?: OtherReading[];
};

export type Mock = {
  handle(request: Request, info?: RequestInfo): Promise<Response>;
  /**
   * `handle` for a face that writes bodies itself (the node:http server): a JSON answer comes
   * back body-less with its text held beside it (wire/held-body.ts), and a request may come in
   * the same way.
   */
  respond(request: Request, info?: RequestInfo): Promise<Response>;
  state: MockState;
  /**
   * The methods a path of the mock's documents has (the CRM interface, and the control API when
   * it is on), or undefined for a path that is none of theirs: what a face in front of other
   * servers (MSW in an app) leaves alone.
   */
  methodsOf(pathname: string): string[] | undefined;
  /** Operations of the CRM document that answer 501 `not_implemented` so far. */
  unimplemented(): Promise<Operation[]>;
};

/** Every control operation's handler is in one module, loaded on the first control request. */
const controlHandlerModules: HandlerModules = async () => (await import('./control/index.ts')).controlHandlers;

/** The origin of a mock made without `urls`, until a server it runs in gives it its own (adapters/node-server.ts). */
export const DEFAULT_ORIGIN = 'http://127.0.0.1:4010';

export function createMock(options: MockOptions = {}): Mock {
  const crmDocument = loadRuntimeDocument('crm');
  const controlDocument = loadRuntimeDocument('mock-control');
  const validators = { crm: createSchemaValidator(crmDocument), 'mock-control': createSchemaValidator(controlDocument) };
  const state = new MockState(
    {
      urls: { base_url: DEFAULT_ORIGIN, hub_url: DEFAULT_ORIGIN, workspace_url: DEFAULT_ORIGIN, ...options.urls },
      docsUrl: options.docsUrl,
      controlApi: options.controlApi ?? true,
      controlAccess: options.controlAccess ?? {},
      allowPrivateWebhooks: options.allowPrivateWebhooks ?? false,
    },
    validators,
  );
  // The named faults fill the delivery queue's seams; each point is a no-op while no fault is on.
  state.deliverySeams.add(FAULT_SEAM);
  state.handlerSeams.add(FAULT_HANDLER_SEAM);
  startDeliveries(state);
  const crm = createApi(crmDocument, crmHandlerModules, validators.crm);
  // Made with the control API off too: its docs pages still answer (`x-without-control`, http/handle.ts).
  const control = createApi(controlDocument, controlHandlerModules, validators['mock-control']);
  for (const fault of options.faults ?? []) {
    if (!FAULT_NAMES.has(fault)) throw new Error(`no fault named ${fault}; known: ${[...FAULT_NAMES].join(', ')}`);
    state.faults.add(fault);
  }
  const sound = withFormCors(createHandle({ crm, control, catalog: readErrorCatalog(crmDocument), state }), state);
  const respond = withFaults(withOtherReadings(sound, options.otherReadings ?? [], state), state, crm.router);
  const handle = async (request: Request, info?: RequestInfo) => withBody(await respond(request, info));
  const methodsOf = (pathname: string) => {
    const api = !pathname.startsWith('/_mock/') ? crm : state.config.controlApi ? control : undefined;
    // No operation has this method: the router answers with the path's methods, or not found.
    const match = api?.router.match('PATH-PROBE', pathname);
    return match?.kind === 'method_not_allowed' ? match.allowed : undefined;
  };
  return { handle, respond, state, methodsOf, unimplemented: () => unimplemented(crm) };
}
