// Spec 6.1 and part 8 (webhook event size): an event over 256 KB carries a `data.object` with only
// `id`, `object` and `truncated: true`. No documented input bounds a contact's custom text value
// (2.11), so the check sets a contact text field of the workspace to 270 KB of text (90,000
// three-byte characters, well under the 1 MB body limit) and reads the contact.updated it sends.
// What contact.updated carries is not shown (6.4), so the check first sets the field to a short
// value and reads that event: a deployment whose event does not carry the value sends a small
// event, which says nothing about truncation, and the check is skipped then; one whose short
// event carries the value but whose large one comes small without `truncated: true` cut it
// without saying so (a receiver could not tell it from a whole summary), and fails.
// A mock without a contact text field gets one through its control API (API keys cannot create
// fields, 4.9); a deployment without one skips. Without a receiver the deployment reaches, the
// events are read from the webhook's delivery log (4.11), their size that of the payload it shows.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { eventAbout, eventWaitMs, missing } from '../../kits/events-kit.ts';
import type { SeenEvent } from '../../kits/delivery-log-feed.ts';
import { controlCall } from '../../mock-control.ts';
import { withEventWebhook } from '../../kits/webhook-kit.ts';

const LIMIT_BYTES = 256 * 1024;
/** 90,000 characters of three bytes each in UTF-8: 270,000 bytes of text alone. */
const LARGE_TEXT = '漢'.repeat(90_000);

export const truncation: ActiveCheck = {
  kind: 'active',
  id: 'events.truncation',
  area: 'events',
  title: 'an event over 256 KB (a contact text field set to 270 KB) comes with data.object cut to id, object and truncated: true',
  spec: '6.1, 8',
  basis: 'documented',
  writes: true,
  async run(context) {
    const key = await contactTextField(context);
    const contact = await context.client.call('createContact', { body: { name: `conformance ${context.runId} truncation` } });
    context.expectStatus(contact, 201);
    const contactId: string = contact.json.id;
    context.cleanup(() => context.client.call('deleteContact', { path: { id: contactId } }));
    await withEventWebhook(context, 'truncation', ['contact.updated'], async (webhook) => {
      const marker = `conformance-${context.runId}-short-value`;
      const short = await context.client.call('updateContact', { path: { id: contactId }, body: { custom: { [key]: marker } } });
      context.expectStatus(short, 200);
      const shortEvent =
        (await webhook.event(1, eventWaitMs(context), eventAbout('contact.updated', contactId))) ??
        context.fail(missing(`contact.updated about ${contactId}`, eventWaitMs(context) / 1000, webhook));
      const carriesValue = shortEvent.rawBody.includes(marker);
      const patched = await context.client.call('updateContact', { path: { id: contactId }, body: { custom: { [key]: LARGE_TEXT } } });
      if (patched.status === 422 || patched.status === 413)
        context.skip(
          `the workspace's text field ${key} does not take 270 KB of text (${patched.status}): no event over 256 KB can be made this way`,
        );
      context.expectStatus(patched, 200);
      // Spec 6.3 allows duplicates: the large value's event is the next event of another id, not the second delivery.
      const large = (seen: SeenEvent) => eventAbout('contact.updated', contactId)(seen) && seen.json?.id !== shortEvent.json?.id;
      const event =
        (await webhook.event(1, eventWaitMs(context), large)) ??
        context.fail(missing(`contact.updated about ${contactId}`, eventWaitMs(context) / 1000, webhook));
      const object = event.json?.data?.object ?? {};
      const bytes = Buffer.byteLength(event.rawBody, 'utf8');
      if (object.truncated === true) {
        const extra = Object.keys(object).filter((name) => !['id', 'object', 'truncated'].includes(name));
        context.judge(
          'events.truncated-over-256kb',
          extra.length > 0 && `a truncated event's data.object also carries ${extra.join(', ')}: it has only id, object and truncated`,
        );
        return;
      }
      if (bytes <= LIMIT_BYTES && carriesValue) {
        context.judge(
          'events.truncated-over-256kb',
          `contact.updated carries the field's value (a short one came in it), but the 270 KB value's event came as ${bytes} bytes without it and without truncated: true: a cut data.object says truncated: true`,
        );
        return;
      }
      if (bytes <= LIMIT_BYTES)
        context.skip(
          `contact.updated came with ${bytes} bytes, without the value: nothing exceeded 256 KB, so truncation cannot be seen this way`,
        );
      context.judge(
        'events.truncated-over-256kb',
        `an event of ${Math.round(bytes / 1024)} KB came whole: over 256 KB, data.object has only id, object and truncated: true`,
      );
    });
  },
};

/** The key of a contact `text` or `long_text` field; a mock gets one of the run's own, a deployment without one skips. */
async function contactTextField(context: CheckContext): Promise<string> {
  const fields = await context.client.call('listFields', { query: { entity: 'contact' } });
  const found =
    fields.status === 200
      ? (fields.json?.data ?? []).find((field: any) => field.entity === 'contact' && (field.type === 'long_text' || field.type === 'text'))
      : undefined;
  if (found) return found.key;
  const mock =
    context.target.mock ?? context.skip('needs a contact text field (API keys cannot create fields, spec 4.9): the workspace has none');
  const key = `conformance_${context.runId.replace(/[^a-z0-9]/gi, '').toLowerCase()}`.slice(0, 40);
  await controlCall(context, 'POST', `/_mock/workspaces/${mock.workspaceId}/fields`, {
    entity: 'contact',
    key,
    label: 'Conformance notes',
    type: 'long_text',
  });
  return key;
}
