// Spec 4.11 and 8: "URL rules: HTTPS on port 443 or 8443; a public address (no private, loopback
// or link-local IPs, no localhost); no user name or password; at most 2048 characters. Checked
// when saved". Each refused URL is sent on creation and must answer 422 validation_failed naming
// `url`; public HTTPS URLs on port 8443 and of exactly 2048 characters are taken; and a saved
// webhook cannot be moved (PATCH) to a refused URL. Localhost is sent as a name under
// `.localhost`: a developer's mock may take exactly `localhost` (--allow-private-webhooks), never
// another name of it; a loopback address likewise as 127.0.0.2, not 127.0.0.1. The webhooks
// taken point at a public placeholder and are deleted.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import { deleteWebhook, noRoomForWebhook } from '../../kits/webhook-kit.ts';

const BASE = 'https://hooks.example.com/crmkit-conformance';

/** Addresses every deployment refuses when a webhook is saved, with the rule each breaks. */
const REFUSED: [url: string, what: string, rule: string][] = [
  ['https://10.0.0.1/crmkit-conformance', 'a private address', 'webhooks.url-private'],
  ['https://192.168.1.20/crmkit-conformance', 'a private address', 'webhooks.url-private'],
  ['https://127.0.0.2/crmkit-conformance', 'a loopback address', 'webhooks.url-loopback'],
  ['https://[::1]/crmkit-conformance', 'an IPv6 loopback address', 'webhooks.url-loopback'],
  ['https://169.254.169.254/latest/meta-data', 'a link-local address', 'webhooks.url-link-local'],
  ['https://hooks.localhost/crmkit-conformance', 'a localhost name', 'webhooks.url-localhost'],
  ['http://hooks.example.com/crmkit-conformance', 'plain HTTP', 'webhooks.url-https'],
  ['https://hooks.example.com:8080/crmkit-conformance', 'a port other than 443 and 8443', 'webhooks.url-ports'],
  ['https://user:secret@hooks.example.com/crmkit-conformance', 'a user name and password', 'webhooks.url-credentials'],
  [`${BASE}/${'a'.repeat(2049 - BASE.length - 1)}`, 'more than 2048 characters', 'webhooks.url-length'],
];

/** URLs every deployment takes, at the edges of the rules. */
const TAKEN: [url: string, what: string, rule: string][] = [
  ['https://hooks.example.com:8443/crmkit-conformance', 'port 8443', 'webhooks.url-port-8443'],
  [`${BASE}/${'a'.repeat(2048 - BASE.length - 1)}`, 'exactly 2048 characters', 'webhooks.url-length'],
];

export const urlRules: ActiveCheck = {
  kind: 'active',
  id: 'webhooks.url-rules',
  area: 'webhooks',
  title:
    'a webhook URL that is not public HTTPS on 443 or 8443 (private, loopback, link-local, localhost, credentials, over 2048 characters) is refused with 422 when saved or changed; 8443 and 2048 characters are taken',
  spec: '4.11, 8',
  basis: 'documented',
  writes: true,
  async run(context) {
    const name = `conformance ${context.runId} url-rules`;
    // A webhook taken is deleted at once (webhook.disabled of later checks would go to it).
    const create = async (url: string) => {
      const created = await context.client.call('createWebhook', { body: { name, url, events: ['invoice.*'] } });
      if (created.status < 300 && created.json?.webhook?.id) {
        const id = created.json.webhook.id;
        context.cleanup(() => deleteWebhook(context, id));
        await deleteWebhook(context, id);
      }
      return created;
    };
    for (const [url, what, rule] of REFUSED) {
      const answer = await create(url);
      const full = noRoomForWebhook(answer);
      if (full) context.skipRule(rule, full);
      else context.judge(rule, refusalProblem(answer, `a webhook URL with ${what} (${url.slice(0, 60)})`), answer);
    }
    for (const [url, what, rule] of TAKEN) {
      const created = await create(url);
      const full = noRoomForWebhook(created);
      if (full) context.skipRule(rule, full);
      else
        context.judge(
          rule,
          created.status === 201
            ? undefined
            : `a public HTTPS webhook URL with ${what} answered ${created.status} ${created.json?.error?.code ?? ''}, not 201`,
          created,
        );
    }
    await judgeChange(context, name);
  },
};

/** Why the answer is not a 422 validation_failed naming `url`, or undefined. */
function refusalProblem(answer: Exchange, what: string): string | undefined {
  if (answer.status !== 422 || answer.json?.error?.code !== 'validation_failed')
    return `${what} answered ${answer.status} ${answer.json?.error?.code ?? ''}, not 422 validation_failed`;
  return answer.json.error.fields?.url ? undefined : `${what} was refused without naming the url field`;
}

/** The rules hold for a change of URL too: a saved webhook cannot be moved to a private address. */
async function judgeChange(context: CheckContext, name: string): Promise<void> {
  const saved = await context.client.call('createWebhook', { body: { name, url: BASE, events: ['invoice.*'] } });
  const full = noRoomForWebhook(saved);
  if (full) context.skip(full);
  context.expectStatus(saved, 200, 201);
  const id = saved.json.webhook.id;
  context.cleanup(() => deleteWebhook(context, id));
  const moved = await context.client.call('updateWebhook', { path: { id }, body: { url: 'https://10.0.0.1/crmkit-conformance' } });
  await deleteWebhook(context, id);
  context.judge('webhooks.url-checked-on-change', refusalProblem(moved, 'moving a webhook to a private address'), moved);
}
