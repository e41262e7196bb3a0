// Mutants of the conventions as webhooks show them (spec 2.1, 2.2): ids and
// their prefixes.
import type { DeliveryFault } from '../fault-seam.ts';
import type { OperationId } from '../../spec/operation-types.ts';
import { onOperation } from '../request-match.ts';
import { WEBHOOK_RECORD, WEBHOOK_DELIVERIES } from '../webhook-requests.ts';

const WEBHOOK_OPERATIONS = [
  ...WEBHOOK_RECORD,
  'pingWebhook',
  'enableWebhook',
  'rotateWebhookSecret',
  ...WEBHOOK_DELIVERIES,
] as const satisfies readonly OperationId[];

export const conventionsWebhooksMutants: readonly DeliveryFault[] = [
  {
    name: 'webhook-ids-long-prefix',
    area: 'conventions',
    proves: [
      'webhooks.id-prefix',
      'webhooks.disabled-told-to-others',
      'webhooks.header-webhook-id',
      'responses.shape.list-webhooks',
      'responses.shape.create-webhook',
      'responses.shape.get-webhook',
      'responses.shape.delete-webhook',
      'responses.shape.update-webhook',
      'responses.shape.ping-webhook',
      'responses.shape.enable-webhook',
      'responses.shape.rotate-webhook-secret',
      'responses.shape.list-webhook-deliveries',
      'responses.shape.get-webhook-delivery',
      'responses.shape.replay-webhook-delivery',
    ],
    description:
      'The webhook routes answer webhook ids with the old long prefix hook_, where responses always use the short form wh_ (spec 2.2, 9).',
    wrap: onOperation(WEBHOOK_OPERATIONS, async (next, request, info) => {
      const response = await next(request, info);
      if (!(response.headers.get('content-type') ?? '').includes('json')) return response;
      const text = await response.clone().text();
      if (!text.includes('"wh_')) return response;
      return new Response(text.replaceAll('"wh_', '"hook_'), { status: response.status, headers: response.headers });
    }),
  },
];
