// Where the run's webhooks point (spec 4.11): a receiver of the run's own on 127.0.0.1 (the one
// receiver of crmkit, harness/webhook-receiver.ts), used only when the target is a mock that
// delivers there (started with --allow-private-webhooks): one webhook is made to it and deleted
// again before the run, and a refusal leaves webhooks out of the run. A deployment would need a
// public address forwarding to the receiver: its webhooks are left out (no delivery of the run's
// may reach anyone else).
import type { ConformanceClient } from '../client.ts';
import { WebhookReceiver } from '../../harness/webhook-receiver.ts';

export type WebhookTarget = { url: string; receiver: WebhookReceiver };

export async function webhookTarget(client: ConformanceClient, targetIsMock: boolean, marker: string): Promise<WebhookTarget | undefined> {
  if (!targetIsMock) return undefined;
  const receiver = await WebhookReceiver.start();
  const url = receiver.url(`/explore/${marker}`);
  const probe = await client.call('createWebhook', { body: { name: `${marker} probe`, url, events: ['lead.won'] } });
  const id = probe.answer?.webhook?.id;
  if (probe.status === 201 && typeof id === 'string') {
    await client.call('deleteWebhook', { path: { id } });
    return { url, receiver };
  }
  await receiver.close();
  return undefined;
}
