// Spec 2.1, 2.2 and 7.3: an id of another type in a path answers 400 invalid_id_type or 404
// not_found; the lead's long-prefixed id and its number find it.
import type { ActiveCheck } from '../../check.ts';

export const idTypes: ActiveCheck = {
  kind: 'active',
  id: 'conventions.id-types',
  area: 'conventions',
  title: 'an id of another type answers invalid_id_type or not_found; a long prefix and a number find the lead',
  spec: '2.1, 2.2',
  basis: 'documented',
  writes: true,
  async run(context) {
    const lead = await context.createLead();
    const contactId = `ct_${lead.id.slice(3)}`;
    // send, not call: a contact id on a lead route is an id of the wrong type, on purpose.
    const wrongType = await context.client.send('GET', `/v1/leads/${contactId}`);
    const refused =
      (wrongType.status === 400 && wrongType.json?.error?.code === 'invalid_id_type') ||
      (wrongType.status === 404 && wrongType.json?.error?.code === 'not_found');
    const problem = refused
      ? undefined
      : `a contact id on a lead route answered ${wrongType.status} ${wrongType.json?.error?.code ?? ''}, not 400 invalid_id_type or 404 not_found`;
    for (const rule of ['conventions.wrong-type-id', 'errors.invalid-id-type']) context.judge(rule, problem, wrongType);
    const longPrefix = `lead_${lead.id.slice(3)}`;
    for (const [reference, rule, read] of [
      // send, not call: a long prefix (lead_) is an id of a shape the suite never got, sent on purpose.
      [longPrefix, 'conventions.long-prefixes-in-paths', () => context.client.send('GET', `/v1/leads/${longPrefix}`)],
      [
        String(lead.number),
        'conventions.number-on-single-record-routes',
        () => context.client.call('getLead', { path: { id: String(lead.number) } }),
      ],
    ] as const) {
      const found = await read();
      context.judge(
        rule,
        found.status !== 200
          ? `GET /v1/leads/${reference} answered ${found.status} ${found.json?.error?.code ?? ''}`
          : found.json.id !== lead.id
            ? `/v1/leads/${reference} answered another lead`
            : undefined,
        found,
      );
    }
  },
};
