// Spec 4.11: every route of the table needs `webhooks:manage`; 7.3: a key without the scope
// answers 403 missing_scope. The `--limited-key` (a mock's: leads:read only) is sent to each
// route, with a real webhook of the check's own (it points at a public placeholder and receives
// nothing) and, for the routes of one delivery, an id of the right form: the scope is the route's,
// whatever the record. Nothing is changed: every request must be refused.
import type { ActiveCheck } from '../../check.ts';
import type { Exchange } from '../../exchange.ts';
import { deleteWebhook } from '../../kits/webhook-kit.ts';

export const manageScope: ActiveCheck = {
  kind: 'active',
  id: 'webhooks.manage-scope',
  area: 'webhooks',
  title: 'every webhook route of 4.11 answers 403 missing_scope to a key without webhooks:manage',
  spec: '4.11, 7.3',
  basis: 'documented',
  writes: true,
  async run(context) {
    const key = context.target.limitedKey ?? context.skip('needs --limited-key: a key without webhooks:manage');
    const whoami = await context.client.call('getWhoami', { key });
    if ((whoami.json?.scopes ?? []).includes('webhooks:manage')) context.skip('the limited key holds webhooks:manage');
    const body = {
      name: `conformance ${context.runId} manage-scope`,
      url: 'https://hooks.example.com/crmkit-conformance',
      events: ['invoice.*'],
    };
    const created = await context.client.call('createWebhook', { body });
    context.expectStatus(created, 201);
    const id = created.json.webhook.id;
    context.cleanup(() => deleteWebhook(context, id));
    const deliveryId = 'dlv_00000000000000000000000000';
    // Each route as 4.11 lists it, and its call with the limited key.
    const routes: [string, () => Promise<Exchange>][] = [
      ['POST /v1/webhooks', () => context.client.call('createWebhook', { key, body })],
      [
        'PATCH /v1/webhooks/{id}',
        () => context.client.call('updateWebhook', { key, path: { id }, body: { name: `${body.name} renamed` } }),
      ],
      ['POST /v1/webhooks/{id}/ping', () => context.client.call('pingWebhook', { key, path: { id } })],
      ['POST /v1/webhooks/{id}/enable', () => context.client.call('enableWebhook', { key, path: { id }, body: { resend_failed: false } })],
      ['POST /v1/webhooks/{id}/rotate-secret', () => context.client.call('rotateWebhookSecret', { key, path: { id } })],
      ['GET /v1/webhooks/{id}/deliveries', () => context.client.call('listWebhookDeliveries', { key, path: { id } })],
      ['GET /v1/webhooks/{id}/deliveries/{did}', () => context.client.call('getWebhookDelivery', { key, path: { id, did: deliveryId } })],
      [
        'POST /v1/webhooks/{id}/deliveries/{did}/replay',
        () => context.client.call('replayWebhookDelivery', { key, path: { id, did: deliveryId } }),
      ],
    ];
    const problems: string[] = [];
    for (const [route, ask] of routes) {
      const answer = await ask();
      if (route === 'POST /v1/webhooks' && answer.status === 201) context.cleanup(() => deleteWebhook(context, answer.json.webhook.id));
      if (answer.status !== 403 || answer.json?.error?.code !== 'missing_scope')
        problems.push(`${route} answered ${answer.status} ${answer.json?.error?.code ?? ''}`);
    }
    // Deleted at once (webhook.disabled of later checks would go to it).
    await deleteWebhook(context, id);
    if (problems.length) context.fail(`without webhooks:manage: ${problems.join('; ')}, not 403 missing_scope`);
  },
};
