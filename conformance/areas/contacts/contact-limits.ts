// Spec 4.3 and 8 (with 2.4): a contact needs at least a name, a phone or an email; its name is up
// to 255 characters, its phones and emails up to 10 each, its tags up to 10 (spec 2.4; 4.4: over a
// limit answers 422 with the problem under `tags` and changes nothing). Each limit is tried at the
// limit (taken) and one over it (422 validation_failed naming the field). Tags over the limit are
// only sent in a refused request, so no catalog tag is added; the ten accepted tags are not tried
// (they would add ten tags to a deployment's catalog); the names are the same on every run, so that
// a deployment that wrongly takes them gains these eleven once, not eleven a run.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import { randomSubscriber, validationProblem } from '../../kits/records-kit.ts';

export const contactLimits: ActiveCheck = {
  kind: 'active',
  id: 'contacts.contact-limits',
  area: 'contacts',
  title: 'a contact needs a name, phone or email, and takes names up to 255 characters and up to 10 phones, emails and tags',
  spec: '2.4, 4.3, 8',
  basis: 'documented',
  writes: true,
  async run(context) {
    const nobody = await send(context, { preferred_language: 'ru' });
    context.judge(
      'contacts.identity-required',
      nobody.status === 422 && nobody.json?.error?.code === 'validation_failed'
        ? undefined
        : `a contact without name, phone or email answered ${nobody.status}, not 422 validation_failed`,
      nobody,
    );

    const name = `conformance ${context.runId} `;
    await judgeLimit(context, 'contacts.name-limit', 'name', (count) => ({ name: name + 'n'.repeat(count - name.length) }), 255);
    const subscribers = Array.from({ length: 11 }, () => randomSubscriber());
    await judgeLimit(
      context,
      'contacts.phones-limit',
      'phones',
      (count) => ({ name, phones: subscribers.slice(0, count).map((digits) => `+99890${digits}`) }),
      10,
    );
    const local = `conf${context.runId.toLowerCase().replace(/[^a-z0-9]/g, '')}${randomSubscriber()}`;
    await judgeLimit(
      context,
      'contacts.emails-limit',
      'emails',
      (count) => ({ name, emails: Array.from({ length: count }, (_, index) => `${local}.${index}@example.com`) }),
      10,
    );

    const tags = Array.from({ length: 11 }, (_, index) => `conformance-${index + 1}`);
    const tooManyTags = await send(context, { name, tags });
    context.judge('contacts.tags-limit', validationProblem(tooManyTags, 'tags'), tooManyTags);
  },
};

/** Sends the body built for `limit` items (taken) and for one more (refused under `field`). */
async function judgeLimit(
  context: CheckContext,
  rule: string,
  field: string,
  body: (count: number) => Record<string, unknown>,
  limit: number,
): Promise<void> {
  const atLimit = await send(context, body(limit));
  if (atLimit.status !== 201) return context.judge(rule, `${limit} ${field} answered ${atLimit.status}, not 201`, atLimit);
  const overLimit = await send(context, body(limit + 1));
  context.judge(rule, validationProblem(overLimit, field), overLimit);
}

/** A create that may be refused; a created contact is deleted at the end. */
async function send(context: CheckContext, body: Record<string, unknown>): Promise<Exchange> {
  if (context.target.readOnly) context.skip('needs writes; the run is read-only');
  const answer = await context.client.call('createContact', { body });
  if (answer.status === 201) context.cleanup(() => context.client.call('deleteContact', { path: { id: answer.json.id } }));
  return answer;
}
