// The guide's signature-verification recipes (openapi/guide/verify-webhook.mjs, verify_webhook.py,
// verify-webhook.php, shown in the guide as they are) against a delivery the mock really made:
// each accepts it, and refuses it with a changed body, another secret, or 6 minutes later.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../openapi/guide/verify-webhook.mjs';
import { webhookHarness } from '../webhooks/webhook-harness.ts';

const h = webhookHarness();

type Delivery = { rawBody: string; signature: string; secret: string; nowSeconds: number };

async function delivery(): Promise<Delivery> {
  const { webhook, secret } = await h.createWebhook();
  await h.product('Walnut table "Samarqand" — 2 m');
  await h.settle();
  const [request] = h.receivedBy(webhook.id);
  if (!request) throw new Error('the mock delivered nothing');
  // The receiver's clock when the delivery arrives: the time it was signed.
  const signature = String(request.headers['svc-signature']);
  return { rawBody: request.rawBody, signature, secret, nowSeconds: Number(/^t=(\d+),/.exec(signature)?.[1]) };
}

/** The cases every recipe must judge alike: [what, body, secret, now, expected]. */
function cases(d: Delivery): [string, string, string, number, boolean][] {
  return [
    ['the delivery as received', d.rawBody, d.secret, d.nowSeconds, true],
    ['a body changed by one space', `${d.rawBody} `, d.secret, d.nowSeconds, false],
    ['the body re-serialized', JSON.stringify(JSON.parse(d.rawBody), null, 1), d.secret, d.nowSeconds, false],
    ['the secret without its whsec_ prefix', d.rawBody, d.secret.replace(/^whsec_/, ''), d.nowSeconds, false],
    ['4 minutes later', d.rawBody, d.secret, d.nowSeconds + 240, true],
    ['6 minutes later', d.rawBody, d.secret, d.nowSeconds + 360, false],
    ['6 minutes earlier', d.rawBody, d.secret, d.nowSeconds - 360, false],
  ];
}

function runScript(command: string, args: string[], input: object): string {
  const result = spawnSync(command, args, { input: JSON.stringify(input), encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr}`);
  return result.stdout.trim();
}

const hasCommand = (command: string) => spawnSync(command, ['--version'], { encoding: 'utf8' }).status === 0;

describe('the guide\'s webhook signature recipes', () => {
  it('JavaScript (Node) accepts a delivery of the mock and refuses a changed one', async () => {
    const d = await delivery();
    expect(d.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    for (const [what, body, secret, now, expected] of cases(d)) {
      expect(verifyWebhook(body, d.signature, secret, now), what).toBe(expected);
      expect(verifyWebhook(Buffer.from(body, 'utf8'), d.signature, secret, now), `${what}, as a Buffer`).toBe(expected);
    }
    expect(verifyWebhook(d.rawBody, undefined, d.secret, d.nowSeconds)).toBe(false);
    expect(verifyWebhook(d.rawBody, d.signature.toUpperCase(), d.secret, d.nowSeconds)).toBe(false);
  });

  it.skipIf(!hasCommand('python3'))('Python judges the same cases alike', async () => {
    const d = await delivery();
    const program = [
      'import json, sys',
      'sys.path.insert(0, "openapi/guide")',
      'from verify_webhook import verify_webhook',
      'data = json.load(sys.stdin)',
      'print(json.dumps([verify_webhook(c[1].encode("utf-8"), data["signature"], c[2], c[3]) for c in data["cases"]]))',
    ].join('\n');
    const all = cases(d);
    expect(JSON.parse(runScript('python3', ['-c', program], { signature: d.signature, cases: all }))).toEqual(all.map((c) => c[4]));
  });

  it.skipIf(!hasCommand('php'))('PHP judges the same cases alike', async () => {
    const d = await delivery();
    const program = [
      'require "openapi/guide/verify-webhook.php";',
      '$data = json_decode(stream_get_contents(STDIN), true);',
      '$out = [];',
      'foreach ($data["cases"] as $c) { $out[] = verify_webhook($c[1], $data["signature"], $c[2], $c[3]); }',
      'echo json_encode($out);',
    ].join('\n');
    const all = cases(d);
    expect(JSON.parse(runScript('php', ['-r', program], { signature: d.signature, cases: all }))).toEqual(all.map((c) => c[4]));
  });
});
