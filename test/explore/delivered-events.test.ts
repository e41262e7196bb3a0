// The comparison of the events each side delivered (conformance/explore/delivered-events.ts), on
// hand-made deliveries: the spec's allowances (6.3: no order, duplicates by Svc-Event-Id; 6.1: only
// `id` and `object` of most events' data are shown) and what stays a divergence.
import { describe, expect, it } from 'vitest';
import { eventDifferences, eventsAbout } from '../../conformance/explore/delivered-events.ts';
import type { ReceivedRequest } from '../../harness/webhook-receiver.ts';

/** Ids of spec 2.2's shape (a prefix and 26 characters): the comparison knows them as ids. */
const idOf = (prefix: string, side: string) => `${prefix}_${side.repeat(26)}`;
const [ld_t, ct_t, ld_o, ct_o, ld_other] = [idOf('ld', 't'), idOf('ct', 't'), idOf('ld', 'o'), idOf('ct', 'o'), idOf('ld', 'x')];
const refs = {
  target: new Map([
    [ld_t, 1],
    [ct_t, 2],
  ]),
  oracle: new Map([
    [ld_o, 1],
    [ct_o, 2],
  ]),
};

function request(eventId: string, type: string, object: Record<string, unknown>): ReceivedRequest {
  const json = { id: eventId, object: 'event', type, occurred_at: '2026-12-02T10:00:00.000Z', data: { object } };
  const headers = { 'svc-event-id': eventId, 'svc-delivery': `dlv_${eventId}` };
  return { method: 'POST', path: '/e', headers, rawBody: JSON.stringify(json), json, receivedAtMs: 0, answered: 200 };
}

/** The differences of two receivers' requests, each located at the record's reference (a stand-in for its step). */
function differences(target: ReceivedRequest[], oracle: ReceivedRequest[]) {
  const sides = { target: eventsAbout(target, refs.target), oracle: eventsAbout(oracle, refs.oracle) };
  return eventDifferences(sides, refs, (event) => event.ref).map(({ stepId, difference }) => [stepId, difference.at]);
}

describe('the events delivered, compared as the spec allows', () => {
  it('in another order, duplicated, with fields the spec does not show, and about records the run did not make: alike', () => {
    const oracle = [
      request('evt_1', 'lead.created', { id: ld_o, object: 'lead', name: 'A' }),
      request('evt_2', 'contact.updated', { id: ct_o, object: 'contact', field: 'name' }),
    ];
    const target = [
      request('evt_b', 'contact.updated', { id: ct_t, object: 'contact', field: 'full_name' }),
      request('evt_a', 'lead.created', { id: ld_t, object: 'lead' }),
      request('evt_a', 'lead.created', { id: ld_t, object: 'lead' }),
      request('evt_c', 'lead.created', { id: ld_other, object: 'lead' }),
    ];
    expect(differences(target, oracle)).toEqual([]);
  });

  it('an event missing, one extra, and a record named by another id: each a difference at its record', () => {
    const oracle = [
      request('evt_1', 'contact.updated', { id: ct_o, object: 'contact', field: 'name' }),
      request('evt_2', 'contact.updated', { id: ct_o, object: 'contact', field: 'tags' }),
      request('evt_3', 'lead.created', { id: ld_o, object: 'lead' }),
    ];
    const target = [
      request('evt_a', 'contact.updated', { id: ct_t, object: 'contact', field: 'name' }),
      request('evt_b', 'lead.created', { id: ld_t, object: 'lead' }),
      request('evt_c', 'lead.stage_changed', { id: ld_t, object: 'lead' }),
    ];
    expect(differences(target, oracle)).toEqual([
      [2, 'event contact.updated not delivered by the target'],
      [1, 'event lead.stage_changed delivered only by the target'],
    ]);
  });

  it("lead.stage_changed's fields (spec 6.4) compared, as records are", () => {
    const moved = (eventId: string, toType: string) =>
      request(eventId, 'lead.stage_changed', { id: eventId.startsWith('evt_o') ? ld_o : ld_t, object: 'lead', to_type: toType });
    expect(differences([moved('evt_t', 'lost')], [moved('evt_o', 'won')])).toEqual([[1, 'event lead.stage_changed data.object.to_type']]);
    expect(differences([moved('evt_t', 'won')], [moved('evt_o', 'won')])).toEqual([]);
  });
});
