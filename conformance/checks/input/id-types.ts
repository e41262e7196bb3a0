import type { ActiveCheck } from '../../check.ts';

export const idTypes: ActiveCheck = {
  kind: 'active',
  id: 'input.id-types',
  family: 'input',
  title: 'an id of another type answers invalid_id_type or not_found; a long prefix and a number find the lead',
  spec: '2.1, 2.2',
  basis: 'documented',
  writes: true,
  async run(context) {
    const lead = await context.createLead();
    const contactId = `ct_${lead.id.slice(3)}`;
    const wrongType = await context.client.send('GET', `/v1/leads/${contactId}`);
    context.expectStatus(wrongType, 400, 404);
    if (!['invalid_id_type', 'not_found'].includes(wrongType.json?.error?.code)) context.fail(`expected invalid_id_type or not_found, got ${wrongType.json?.error?.code}`, wrongType);
    for (const reference of [`lead_${lead.id.slice(3)}`, String(lead.number)]) {
      const found = await context.client.send('GET', `/v1/leads/${reference}`);
      context.expectStatus(found, 200);
      if (found.json.id !== lead.id) context.fail(`/v1/leads/${reference} answered another lead`, found);
    }
  },
};
