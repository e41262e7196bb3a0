// Spec 6.3 and 8: "Up to 3 redirects are followed, only to the same host and scheme". The
// receiver answers the webhook's URL with a 307 (which keeps the POST and its body) into a chain of
// its own paths on the same host: three hops end at a path that answers 200, four hops do not
// (the fourth redirect is not followed, so its end is never asked). A ping shows each outcome at
// once. Redirects to another host: webhooks.redirect-other-host.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { settle, withWebhook, type TestWebhook } from '../../kits/webhook-kit.ts';

export const redirects: ActiveCheck = {
  kind: 'active',
  id: 'webhooks.redirects',
  area: 'webhooks',
  title: 'a delivery follows up to 3 redirects on the same host and scheme, and fails at a fourth',
  spec: '6.3, 8',
  basis: 'documented',
  writes: true,
  async run(context) {
    await withWebhook(context, 'redirects', ['lead.created'], async (hook) => {
      const three = await pingThroughChain(context, hook, 'three', 3);
      context.judge(
        'webhooks.redirects-followed',
        three.reached && three.status === 'success'
          ? undefined
          : `a ping redirected 3 times on the same host ${three.reached ? 'reached the end' : 'never reached the end of the chain'} and shows status ${JSON.stringify(three.status)}: up to 3 redirects are followed`,
      );
      const four = await pingThroughChain(context, hook, 'four', 4);
      context.judge(
        'webhooks.redirects-at-most-3',
        !four.reached && four.status !== 'success'
          ? undefined
          : `a ping redirected 4 times ${four.reached ? 'reached the end of the chain' : 'did not reach the end'} and shows status ${JSON.stringify(four.status)}: a fourth redirect is not followed`,
      );
    });
  },
};

/** Makes the webhook's URL the start of `hops` redirects ending at a path that answers 200, pings, and says whether the end was asked and how the ping's delivery ended. */
async function pingThroughChain(
  context: CheckContext,
  hook: TestWebhook,
  name: string,
  hops: number,
): Promise<{ reached: boolean; status: unknown }> {
  const stops = [
    hook.path,
    ...Array.from({ length: hops - 1 }, (_, index) => `${hook.path}/${name}/hop${index + 1}`),
    `${hook.path}/${name}/end`,
  ];
  for (let index = 0; index < stops.length - 1; index++) {
    hook.receiver.answer(stops[index]!, () => ({ status: 307, headers: { location: hook.receiver.url(stops[index + 1]!) } }));
  }
  const end = stops.at(-1)!;
  const ping = await context.client.call('pingWebhook', { path: { id: hook.id } });
  context.expectStatus(ping, 200, 201);
  // The ping answers after its attempt; against a deployment the end may still be on its way.
  if (!context.target.mock) await settle(2_000);
  return { reached: hook.receiver.requestsTo(end).length > 0, status: ping.json?.status };
}
