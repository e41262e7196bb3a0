import type { ActiveCheck } from '../../check.ts';

/** Addresses every deployment refuses when a webhook is saved (spec 4.11, 8), even a developer's mock that allows 127.0.0.1. */
const REFUSED: [url: string, rule: string][] = [
  ['https://10.0.0.1/crmkit-conformance', 'a private address'],
  ['https://192.168.1.20/crmkit-conformance', 'a private address'],
  ['https://169.254.169.254/latest/meta-data', 'a link-local address'],
  ['https://[::1]/crmkit-conformance', 'an IPv6 loopback address'],
  ['http://hooks.example.com/crmkit-conformance', 'plain HTTP'],
  ['https://hooks.example.com:8080/crmkit-conformance', 'a port other than 443 and 8443'],
  ['https://user:secret@hooks.example.com/crmkit-conformance', 'a user name and password'],
  [`https://hooks.example.com/${'a'.repeat(2030)}`, 'more than 2048 characters'],
];

export const urlRules: ActiveCheck = {
  kind: 'active',
  id: 'webhooks.url-rules',
  family: 'webhooks',
  title: 'a webhook URL that is not public HTTPS on 443 or 8443 (private, loopback, link-local, credentials, too long) is refused with 422 when saved',
  spec: '4.11, 8',
  basis: 'documented',
  writes: true,
  async run(context) {
    const name = `conformance ${context.runId} url-rules`;
    for (const [url, rule] of REFUSED) {
      const created = await context.client.send('POST', '/v1/webhooks', { body: { name, url, events: ['lead.created'] } });
      if (created.status < 300 && created.json?.webhook?.id) {
        const id = created.json.webhook.id;
        context.cleanup(() => context.client.send('DELETE', `/v1/webhooks/${id}`));
      }
      if (created.status !== 422) context.fail(`a webhook URL with ${rule} (${url.slice(0, 60)}) answered ${created.status}, not 422`, created);
      context.expectError(created, 422, 'validation_failed');
      if (!created.json.error.fields?.url) context.fail('the refusal does not name the url field', created);
    }
    // The rules hold for a change of URL too: a saved webhook cannot be moved to a private address.
    const saved = await context.client.send('POST', '/v1/webhooks', { body: { name, url: 'https://hooks.example.com/crmkit-conformance', events: ['invoice.*'] } });
    context.expectStatus(saved, 200, 201);
    const id = saved.json.webhook.id;
    context.cleanup(() => context.client.send('DELETE', `/v1/webhooks/${id}`));
    const moved = await context.client.send('PATCH', `/v1/webhooks/${id}`, { body: { url: 'https://10.0.0.1/crmkit-conformance' } });
    context.expectError(moved, 422, 'validation_failed');
  },
};
