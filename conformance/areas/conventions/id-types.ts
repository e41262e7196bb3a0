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
    const wrongType = await context.client.send('GET', `/v1/leads/${contactId}`);
    const refused =
      (wrongType.status === 400 && wrongType.json?.error?.code === 'invalid_id_type') ||
      (wrongType.status === 404 && wrongType.json?.error?.code === 'not_found');
    const problem = refused
      ? undefined
      : `a contact id on a lead route answered ${wrongType.status} ${wrongType.json?.error?.code ?? ''}, not 400 invalid_id_type or 404 not_found`;
    for (const rule of ['conventions.wrong-type-id', 'errors.invalid-id-type']) context.judge(rule, problem, wrongType);
    for (const [reference, rule] of [
      [`lead_${lead.id.slice(3)}`, 'conventions.long-prefixes-in-paths'],
      [String(lead.number), 'conventions.number-on-single-record-routes'],
    ] as const) {
      const found = await context.client.send('GET', `/v1/leads/${reference}`);
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
