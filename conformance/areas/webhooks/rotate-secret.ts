import type { ActiveCheck } from '../../check.ts';
import { letFirstRetryCome, SECRET_FORMAT, withWebhook } from '../../kits/webhook-kit.ts';
import { signatureProblem, signatureValid } from '../../kits/webhook-signature.ts';

export const rotateSecret: ActiveCheck = {
  kind: 'active',
  id: 'webhooks.rotate-secret',
  area: 'webhooks',
  title:
    'rotate-secret takes effect at once, with no overlap: the next delivery, and a retry waiting since before, are signed with the new secret',
  spec: '4.11, 6.2',
  basis: 'documented',
  writes: true,
  async run(context) {
    await withWebhook(context, 'rotate-secret', ['lead.created'], async (webhook) => {
      // A lead's event whose first attempt fails waits for its retry across the rotation.
      let leadId: string | undefined;
      const ours = (request: { json: any }) => leadId !== undefined && request.json?.data?.object?.id === leadId;
      webhook.receiver.answer(webhook.path, (request) =>
        ours(request) && webhook.receiver.requestsTo(webhook.path, ours).length === 0 ? 500 : 200,
      );
      leadId = (await context.createLead()).id;
      await webhook.delivery(1, 'lead.created', { match: ours });

      const rotated = await context.client.call('rotateWebhookSecret', { path: { id: webhook.id } });
      context.expectStatus(rotated, 200);
      const secret: string = rotated.json?.secret;
      context.judge(
        'webhooks.secret-format',
        SECRET_FORMAT.test(secret ?? '')
          ? undefined
          : `rotate-secret answered the secret ${JSON.stringify(secret)}, not whsec_ followed by 43 characters`,
        rotated,
      );
      if (typeof secret !== 'string' || secret === webhook.secret)
        context.fail(
          `rotate-secret answered ${secret === webhook.secret ? 'the same secret again' : `no new secret (${rotated.text.slice(0, 120)})`}`,
          rotated,
          'webhooks.secret-on-rotation',
        );
      context.judge('webhooks.secret-on-rotation', undefined, rotated);

      context.expectStatus(await context.client.call('pingWebhook', { path: { id: webhook.id } }), 200);
      const ping = await webhook.delivery(1, 'the ping after the rotation', {
        match: (request) => request.headers['svc-event'] === 'ping',
      });
      const pingProblem = signatureValid(ping.headers['svc-signature'], ping.rawBody, webhook.secret)
        ? 'the ping after rotate-secret is signed with the old secret: the new one replaces it at once, with no overlap'
        : signatureProblem(ping.headers['svc-signature'], ping.rawBody, secret);
      context.judge('webhooks.rotate-no-overlap', pingProblem && `the ping after rotate-secret: ${pingProblem}`);

      // The retry part needs the clock to move a minute: a mock's is moved; a deployment's is
      // waited for only when the run allows it, else the immediate part above is the check.
      if (!context.target.mock && !context.target.waitForRetries) return;
      const retry = await webhook.delivery(2, 'the retry of lead.created', { match: ours, timeoutMs: await letFirstRetryCome(context) });
      const retryProblem = signatureValid(retry.headers['svc-signature'], retry.rawBody, webhook.secret)
        ? 'it is signed with the old secret; waiting retries are signed with the new one'
        : signatureProblem(retry.headers['svc-signature'], retry.rawBody, secret);
      context.judge('webhooks.rotate-waiting-retries', retryProblem && `a retry waiting since before rotate-secret: ${retryProblem}`);
    });
  },
};
