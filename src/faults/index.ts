// Every named fault, and the handle that applies the ones switched on (`crmkit mock --fault`,
// or the control API's /_mock/faults) around the mock's own.
import { withBody, withRequestBody } from '../http/held-body.ts';
import type { MockState } from '../mock-state.ts';
import type { Fault, Handle } from './fault.ts';
import { formFaults } from './form-faults.ts';
import { inputFaults } from './input-faults.ts';
import { oauthFaults } from './oauth-faults.ts';
import { pagingFaults } from './paging-faults.ts';
import { responseFaults } from './response-faults.ts';
import { stateFaults } from './state-faults.ts';
import { webhookFaults } from './webhook-faults.ts';
import { leadsFaults } from './leads-faults.ts';
import { queryFaults } from './query-faults.ts';
import { recordsFaults } from './records-faults.ts';
import { conversationsFaults } from './conversations-faults.ts';
import { eventsFaults } from './events-faults.ts';
import { limitsFaults } from './limits-faults.ts';
import { consentFaults } from './consent-faults.ts';
import { huntFaults } from './hunt-faults.ts';

export const FAULTS: readonly Fault[] = [
  ...responseFaults, ...inputFaults, ...pagingFaults, ...stateFaults, ...leadsFaults, ...queryFaults, ...recordsFaults,
  ...conversationsFaults, ...eventsFaults, ...webhookFaults, ...formFaults, ...oauthFaults, ...consentFaults, ...limitsFaults,
  ...huntFaults,
];

export const FAULT_NAMES = new Set(FAULTS.map((fault) => fault.name));

/** The mock's handle with the faults switched on in `state.faults` wrapped around it, checked per request. */
export function withFaults(handle: Handle, state: MockState): Handle {
  return (request, info) => {
    // The control API stays sound: tests and the suite drive the mock through it.
    if (state.faults.size === 0 || new URL(request.url).pathname.startsWith('/_mock/')) return handle(request, info);
    // Faults read bodies: they get standard Requests and Responses, not held ones (http/held-body.ts).
    const sound: Handle = async (soundRequest, soundInfo) => withBody(await handle(soundRequest, soundInfo));
    const faulty = FAULTS.filter((fault) => state.faults.has(fault.name)).reduce((next, fault) => fault.wrap(next, state), sound);
    return faulty(withRequestBody(request), info);
  };
}
