// The inspector page (/_mock/ui, issue 16) in Debian's Chromium, driven as a person would: a
// lead moved through two stages from the board, the failing webhook's deliveries with their
// signature checked on the page (and a signature a named fault spoils shown invalid), the clock
// moved from the page until the retry succeeds, a replay, and the request journal showing why a
// request was refused, arriving while the page is open. Screenshots of each view go to
// test-results/inspector-*.png.
import { createHmac } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookReceiver } from '../../harness/webhook-receiver.ts';
import { startServer, type RunningServer } from '../../src/adapters/node-server.ts';
import { createMock, type Mock } from '../../src/mock.ts';
import { launchChromium } from '../support/chromium.ts';

const START = '2026-11-20T08:00:00.000Z';

/** The webhook's receiver (the shared one): answers 500 until told otherwise, and keeps what it got. */
let receiver: WebhookReceiver;
const answerWith = (status: number) =>
  receiver.answerEvery(() => ({ status, body: status === 200 ? 'thanks' : 'receiver says no', headers: { 'Content-Type': 'text/plain' } }));

let mock: Mock;
let running: RunningServer;
let browser: Browser;
let page: Page;
let ws: string;
let ownerKey: string;
let secret: string;
let channelId: string;
let memberId: string;
const pageErrors: string[] = [];

async function api(method: string, path: string, body?: unknown, key?: string): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = {};
  if (key) headers.Authorization = `Bearer ${key}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${running.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

beforeAll(async () => {
  receiver = await WebhookReceiver.start();
  answerWith(500);

  mock = createMock({ allowPrivateWebhooks: true });
  running = await startServer(mock);
  const created = await api('POST', '/_mock/workspaces', { name: 'Inspector shop' });
  ws = created.body.workspace.id;
  ownerKey = created.body.api_key;
  channelId = created.body.channels[0].id;
  memberId = created.body.members[0].id;
  await api('POST', `/_mock/workspaces/${ws}/clock`, { freeze: true, set: START });
  const hook = await api(
    'POST',
    '/v1/webhooks',
    { name: 'Shop backend', url: receiver.url('/hooks/crm'), events: ['lead.stage_changed', 'ping'] },
    ownerKey,
  );
  expect(hook.status).toBe(201);
  ({ secret } = hook.body);
  const lead = await api('POST', '/v1/leads', { name: 'Oak kitchen for Dilnoza', amount: 1250000 }, ownerKey);
  expect(lead.status).toBe(201);

  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  mkdirSync('test-results', { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await running?.close();
  await receiver?.close();
});

/** The page polls every 1.5 s: what it shows after a change may take a poll or two. */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 60_000, interval: 100 });

const column = (name: string) => page.locator(`section.column[data-stage="${name}"]`);

async function moveLead(to: string): Promise<void> {
  const card = page.locator('li.card', { hasText: 'Oak kitchen for Dilnoza' });
  await card.getByLabel(/Stage for lead/).selectOption({ label: to });
  await card.getByRole('button', { name: 'Move' }).click();
  await eventually(() => column(to).locator('li.card', { hasText: 'Oak kitchen for Dilnoza' }).count()).toBe(1);
}

describe('the inspector page', () => {
  it('is served with a strict Content-Security-Policy and runs under it', async () => {
    const response = await page.goto(`${running.url}/_mock/ui?ws=${ws}#records`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await eventually(() => page.locator('#workspace').inputValue()).toBe(ws);
    await eventually(() => page.locator('#clock-line').textContent()).toBe('Clock: 2026-11-20 08:00:00 UTC (frozen)');
  });

  it('moves a lead through two stages from the board, and opens it with its timeline and events', async () => {
    await eventually(() => column('New').locator('li.card', { hasText: 'Oak kitchen for Dilnoza' }).count()).toBe(1);
    await moveLead('Contacted');
    await eventually(() => page.locator('#notice').textContent()).toMatch(/^Lead #1 moved to Contacted\.$/);
    await moveLead('Negotiation');
    expect(await column('New').locator('li.card', { hasText: 'Oak kitchen' }).count()).toBe(0);

    await page
      .locator('li.card')
      .getByRole('button', { name: /Oak kitchen for Dilnoza/ })
      .click();
    const detail = page.locator('.detail-pane');
    await eventually(() => detail.locator('#record-title').textContent()).toBe('lead #1: Oak kitchen for Dilnoza');
    // Focus follows the opened record (keyboard users land on it).
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('record-title');
    await eventually(() => detail.locator('.events > li').count()).toBe(3);
    const events = await detail.locator('.events summary code').allTextContents();
    expect(events).toEqual(['lead.stage_changed', 'lead.stage_changed', 'lead.created']);
    // Stage moves by name, newest first.
    expect(await detail.locator('.timeline li').allTextContents()).toEqual([
      expect.stringMatching(/stage Contacted → Negotiation$/),
      expect.stringMatching(/stage New → Contacted$/),
      expect.stringMatching(/stage \(none\) → New$/),
    ]);
    await page.screenshot({ path: 'test-results/inspector-records.png', fullPage: true });
  });

  it("shows the failing deliveries, each attempt's request with its signature checked on the page", async () => {
    await page.getByRole('link', { name: 'Events and deliveries' }).click();
    const deliveries = page.locator('details.delivery');
    await eventually(() => deliveries.count()).toBe(2);
    await eventually(() => page.locator('details.delivery summary .badge-retrying').count()).toBe(2);
    const first = deliveries.first();
    await first.locator(':scope > summary').click();
    expect(await first.locator(':scope > summary').textContent()).toContain('lead.stage_changed');
    expect(await first.locator(':scope > summary .badge-5xx').textContent()).toBe('500');
    expect(await first.locator(':scope > summary').textContent()).toContain('next attempt 2026-11-20 08:01:00 UTC');
    // Each row starts with when the delivery was made (issue 25: rows of one event type looked alike).
    expect(
      await deliveries.evaluateAll((nodes) => nodes.map((node) => node.querySelector(':scope > summary > .when time')?.textContent)),
    ).toEqual(['2026-11-20 08:00:00 UTC', '2026-11-20 08:00:00 UTC']);
    const attempt = first.locator('section.attempt').first();
    expect(await attempt.locator('p.signature').textContent()).toMatch(/^✓ Signature valid/);
    await attempt.locator('details summary').click();
    const signatureHeader = await attempt
      .locator('tr', { has: page.locator('th', { hasText: /^Svc-Signature$/ }) })
      .locator('td')
      .textContent();
    // The page shows what the receiver got, and that is what spec 6.2 signs.
    const received = receiver.received.find((request) => request.headers['svc-signature'] === signatureHeader);
    expect(received).toBeDefined();
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signatureHeader!)!;
    expect(createHmac('sha256', secret).update(`${t}.${received!.rawBody}`).digest('hex')).toBe(v1);
    expect(await first.locator('.answer pre').textContent()).toBe('receiver says no');
    await page.screenshot({ path: 'test-results/inspector-deliveries.png', fullPage: true });
    // The README's picture (docs/images/inspector.png is a copy of it).
    await page.screenshot({ path: 'test-results/inspector-readme.png', clip: { x: 0, y: 0, width: 1400, height: 880 } });
  });

  it('moves the clock from the page: the retry, listed as scheduled, goes out and succeeds', async () => {
    await page.getByRole('link', { name: 'Steering' }).click();
    const scheduled = page.locator('ol.scheduled li');
    await eventually(() => scheduled.count()).toBe(2);
    expect(await scheduled.first().textContent()).toContain('2026-11-20 08:01:00 UTC');
    expect(await scheduled.first().textContent()).toContain('lead.stage_changed to');
    answerWith(200);
    await page.screenshot({ path: 'test-results/inspector-steering.png', fullPage: true });
    await page.getByRole('button', { name: '+1 minute' }).click();
    await eventually(() => page.locator('#clock-line').textContent()).toBe('Clock: 2026-11-20 08:01:00 UTC (frozen)');
    await eventually(() => scheduled.count()).toBe(0);
    expect(await page.locator('.panel', { hasText: 'Scheduled next' }).textContent()).toContain('Nothing waits on the clock.');

    await page.getByRole('link', { name: 'Events and deliveries' }).click();
    await eventually(() => page.locator('details.delivery summary .badge-success').count()).toBe(2);
    const first = page.locator('details.delivery').first();
    await first.locator(':scope > summary').click();
    expect(await first.locator('section.attempt').count()).toBe(2);
    const [one, two] = await first.locator('section.attempt h5').allTextContents();
    expect(one).toMatch(/^Attempt 1 2026-11-20 08:00:00 UTC 500/);
    expect(two).toMatch(/^Attempt 2 2026-11-20 08:01:00 UTC 200/);
    expect(await first.locator('p.signature.valid').count()).toBe(2);
  });

  it('replays a delivery from the page: a new delivery with the same event, marked as a replay', async () => {
    const first = page.locator('details.delivery').first();
    const eventId = await first
      .locator('tr', { has: page.locator('th', { hasText: /^Event$/ }) })
      .locator('td')
      .textContent();
    await first.getByRole('button', { name: 'Replay' }).click();
    await eventually(() => page.locator('details.delivery').count()).toBe(3);
    const replay = page.locator('details.delivery', { has: page.locator('.badge-replay') });
    await eventually(() => replay.locator('summary .badge-success').count()).toBe(1);
    expect(receiver.received.at(-1)!.headers['svc-replay']).toBe('true');
    expect(receiver.received.at(-1)!.headers['svc-event-id']).toBe(eventId);
  });

  it('shows a signature a named fault spoils as invalid (the check can fail)', async () => {
    await page.getByRole('link', { name: 'Steering' }).click();
    await page.getByLabel('Find a fault').fill('signature-secret-without-prefix');
    await page.locator('input[data-key="fault-signature-secret-without-prefix"]').check();
    await eventually(() => page.locator('#faults-title').textContent()).toMatch(/^Named faults \(1 on of \d+\)$/);
    await page.getByRole('link', { name: 'Events and deliveries' }).click();
    await page.getByRole('button', { name: 'Send a ping' }).click();
    const ping = page.locator('details.delivery', { has: page.locator('summary code', { hasText: /^ping$/ }) });
    await eventually(() => ping.count()).toBe(1);
    expect(await ping.locator(':scope > summary .badge-invalid').textContent()).toBe('signature invalid');
    await ping.locator(':scope > summary').click();
    expect(await ping.locator('p.signature').textContent()).toMatch(/^✗ Signature invalid: v1 is not HMAC-SHA256/);
    // What the secret gives instead: what the receiver computes (spec 6.2) from this body and t.
    const sent = receiver.received.at(-1)!;
    const t = /t=(\d+)/.exec(sent.headers['svc-signature']!)![1];
    expect(await ping.locator('section.attempt p').nth(1).textContent()).toBe(
      `The secret gives v1=${createHmac('sha256', secret).update(`${t}.${sent.rawBody}`).digest('hex')}`,
    );
    await page.screenshot({ path: 'test-results/inspector-invalid-signature.png', fullPage: true });
    await api('PUT', '/_mock/faults', { on: [] });
  });

  it('shows the request journal newest first, live, with why a request was refused, filtered by operation and status', async () => {
    await page.getByRole('link', { name: 'Requests' }).click();
    await eventually(() => page.locator('ul.journal > li').count()).toBeGreaterThan(0);
    // Sent while the page is open: it appears without a reload.
    const refused = await api('POST', '/v1/leads', { name: '', amount: -5 }, ownerKey);
    expect(refused.status).toBe(422);
    const entries = page.locator('ul.journal details.request');
    await eventually(() => entries.first().getAttribute('data-status')).toBe('422');
    const entry = entries.first();
    expect(await entry.locator(':scope > summary .op').textContent()).toBe('createLead');
    await entry.locator(':scope > summary').click();
    expect(await entry.locator('.problem').textContent()).toContain('validation_failed');
    expect(await entry.locator('.problem li').allTextContents()).toEqual(['amount must be >= 0']);
    await page.screenshot({ path: 'test-results/inspector-requests.png', fullPage: true });

    await page.getByLabel('Status').selectOption('2xx');
    await page.getByLabel('Operation').fill('createLead');
    await page.getByRole('button', { name: 'Filter' }).click();
    await eventually(() => entries.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-status')))).toEqual(['201']);
    // The page's own calls (its stage moves) are left out until asked for.
    await page.getByLabel('Operation').fill('updateLead');
    await page.getByRole('button', { name: 'Filter' }).click();
    await eventually(() => entries.count()).toBe(0);
    await page.getByLabel("the page's own requests").check();
    await page.getByRole('button', { name: 'Filter' }).click();
    await eventually(() => entries.count()).toBe(2);
  });

  it('lists contacts, tasks and conversations with their messages, and finds leads by number or text', async () => {
    expect((await api('POST', '/v1/contacts', { name: 'Dilnoza Karimova', phones: ['+998901234567'] }, ownerKey)).status).toBe(201);
    expect(
      (await api('POST', '/v1/tasks', { title: 'Call Dilnoza back', due_at: '2026-11-21T09:00:00.000Z', assignee_id: memberId }, ownerKey))
        .status,
    ).toBe(201);
    expect(
      (await api('POST', `/_mock/workspaces/${ws}/channels/${channelId}/inbound`, { text: 'Is the oak kitchen ready?', name: 'Dilnoza' }))
        .status,
    ).toBe(201);

    await page.getByRole('link', { name: 'Records' }).click();
    await page.getByRole('button', { name: 'Contacts' }).click();
    const rows = page.locator('table.grid tbody tr');
    await eventually(() => rows.allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('Dilnoza Karimova+998901234567')]),
    );
    await page.getByRole('button', { name: 'Tasks' }).click();
    await eventually(() => rows.allTextContents()).toEqual([expect.stringMatching(/^#1 Call Dilnoza backopen/)]);
    await page.getByRole('button', { name: 'Conversations' }).click();
    await eventually(() => rows.count()).toBe(1);
    await rows.getByRole('button', { name: 'Dilnoza' }).click();
    await eventually(() => page.locator('ol.messages li').allTextContents()).toEqual([
      expect.stringContaining('Is the oak kitchen ready?'),
    ]);
    await page.screenshot({ path: 'test-results/inspector-conversation.png', fullPage: true });

    expect((await api('POST', '/v1/leads', { name: 'Walnut wardrobe for Aziz' }, ownerKey)).status).toBe(201);
    await page.getByRole('button', { name: 'Leads', exact: true }).click();
    await eventually(() => rows.count()).toBe(2);
    const search = async (text: string) => {
      await page.getByLabel('Search by number or text').fill(text);
      await page.getByRole('button', { name: 'Search' }).click();
    };
    await search('2');
    await eventually(() => rows.first().textContent()).toMatch(/^#2 Walnut wardrobe for Aziz/);
    await search('kitchen');
    await eventually(() => rows.allTextContents()).toEqual([expect.stringMatching(/^#1 Oak kitchen for Dilnoza/)]);
    await search('zzzz');
    await eventually(() => page.locator('.list-pane').textContent()).toBe('Nothing matches “zzzz”.');
    await search('');
  });

  it("downloads the workspace's snapshot and puts it back from the file, and sets failures on demand", async () => {
    await page.getByRole('link', { name: 'Steering' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download the snapshot' }).click(),
    ]);
    const file = await download.path();
    const snapshot = JSON.parse(readFileSync(file, 'utf8'));
    expect(snapshot.workspace.id).toBe(ws);
    // A change after the snapshot, undone by putting it back.
    const lead = (await api('GET', '/v1/leads/1', undefined, ownerKey)).body;
    const stages = (await api('GET', '/v1/pipelines', undefined, ownerKey)).body.data[0].stages;
    expect((await api('PATCH', `/v1/leads/${lead.id}`, { stage_id: stages[0].id }, ownerKey)).status).toBe(200);
    await page.locator('#snapshot-file').setInputFiles(file);
    await page.getByRole('button', { name: 'Upload' }).click();
    await eventually(() => page.locator('#notice').textContent()).toMatch(/^Workspace put back from /);
    expect((await api('GET', '/v1/leads/1', undefined, ownerKey)).body.stage_id).toBe(lead.stage_id);
    // The page's own key went with the old workspace: it mints another and goes on reading.
    await page.getByRole('link', { name: 'Records' }).click();
    await page.getByRole('button', { name: 'Board' }).click();
    await eventually(() => column('Negotiation').locator('li.card', { hasText: 'Oak kitchen for Dilnoza' }).count()).toBe(1);

    await page.getByRole('link', { name: 'Steering' }).click();
    const failures = page.locator('.panel', { hasText: 'Failures on demand' });
    await failures.getByLabel('Operation', { exact: true }).fill('createLead');
    await failures.getByLabel('Error', { exact: true }).selectOption('unavailable');
    await failures.getByLabel('Times', { exact: true }).fill('1');
    await page.getByRole('button', { name: 'Add rule' }).click();
    await eventually(() => failures.locator('li').allTextContents()).toEqual([
      expect.stringMatching(/^createLead: unavailable · matched 0, remaining 1/),
    ]);
    expect((await api('POST', '/v1/leads', { name: 'Refused once' }, ownerKey)).status).toBe(503);
    await eventually(() => failures.locator('li').allTextContents()).toEqual([expect.stringMatching(/matched 1, remaining 0/)]);
    await page.getByRole('button', { name: 'Lift all' }).click();
    await eventually(() => failures.textContent()).toContain('None: every call is served.');
  });

  it('sets the clock to a time, lets it follow real time and freezes it again', async () => {
    await page.getByRole('link', { name: 'Steering' }).click();
    await page.getByLabel('Set to (UTC)').fill('2026-11-21T10:30:00');
    await page.getByRole('button', { name: 'Set', exact: true }).click();
    await eventually(() => page.locator('#clock-line').textContent()).toBe('Clock: 2026-11-21 10:30:00 UTC (frozen)');
    await page.getByRole('button', { name: 'Unfreeze' }).click();
    await eventually(() => page.locator('#clock-title').textContent()).toBe('Clock following real time');
    await eventually(() => page.locator('#clock-line').textContent()).toMatch(/^Clock: 2026-11-21 10:3\d:\d\d UTC$/);
    await page.getByRole('button', { name: 'Freeze' }).click();
    await eventually(() => page.locator('#clock-line').textContent()).toMatch(/^Clock: 2026-11-21 10:3\d:\d\d UTC \(frozen\)$/);
    expect((await api('GET', `/_mock/workspaces/${ws}/clock`)).body.frozen).toBe(true);
  });

  it("totals each stage per currency, moves a lead to Lost with its loss reason, and prints a change label in the page's language", async () => {
    const stages = (await api('GET', '/v1/pipelines', undefined, ownerKey)).body.data[0].stages;
    const negotiation = stages.find((stage: { name: { en: string } }) => stage.name.en === 'Negotiation');
    const currency = (await api('GET', '/v1/leads/1', undefined, ownerKey)).body.currency;
    const shelf = await api(
      'POST',
      '/v1/leads',
      { name: 'Pine shelf for Kamola', amount: 150000, currency: 'USD', stage_id: negotiation.id },
      ownerKey,
    );
    expect([shelf.status, currency]).toEqual([201, 'UZS']);
    await page.getByRole('link', { name: 'Records' }).click();
    await page.getByRole('button', { name: 'Board' }).click();
    // Spec 4.2's sum adds amounts of every currency; the page shows a total per currency instead.
    await eventually(() => column('Negotiation').locator('h3 .count').textContent()).toBe('2 · 1,500 USD + 12,500 UZS');

    const card = page.locator('li.card', { hasText: 'Pine shelf for Kamola' });
    expect(await card.getByLabel('Loss reason').isVisible()).toBe(false);
    await card.getByLabel(/Stage for lead/).selectOption({ label: 'Lost' });
    expect(await card.getByLabel('Loss reason').isVisible()).toBe(true);
    await card.getByRole('button', { name: 'Move' }).click();
    await eventually(() => page.locator('#notice').textContent()).toBe(
      `Lead #${shelf.body.number} not moved: Lost is a lost stage, which needs a loss reason.`,
    );
    // A change elsewhere re-renders the board meanwhile (the page polls): the chosen stage and its reason field stay.
    expect((await api('POST', '/v1/leads', { name: 'Cedar door for Aziz', stage_id: negotiation.id }, ownerKey)).status).toBe(201);
    await eventually(() => column('Negotiation').locator('li.card', { hasText: 'Cedar door for Aziz' }).count()).toBe(1);
    expect(await card.getByLabel(/Stage for lead/).inputValue()).toBe(stages.find((stage: { type: string }) => stage.type === 'lost').id);
    expect(await card.getByLabel('Loss reason').isVisible()).toBe(true);
    await page.screenshot({ path: 'test-results/inspector-board-totals.png', fullPage: true });
    await card.getByLabel('Loss reason').fill('Chose a competitor');
    await card.getByRole('button', { name: 'Move' }).click();
    await eventually(() => column('Lost').locator('li.card', { hasText: 'Pine shelf for Kamola' }).count()).toBe(1);
    const lost = (await api('GET', `/v1/leads/${shelf.body.id}`, undefined, ownerKey)).body;
    expect([lost.loss_reason, typeof lost.closed_at]).toEqual(['Chose a competitor', 'string']);
    await eventually(() => column('Lost').locator('h3 .count').textContent()).toBe('1 · 1,500 USD');
    await page.screenshot({ path: 'test-results/inspector-board-lost.png', fullPage: true });
    expect(await column('Negotiation').locator('h3 .count').textContent()).toBe('2 · 12,500 UZS');

    expect((await api('PATCH', `/v1/leads/${shelf.body.id}`, { name: 'Pine shelf for Kamola K.' }, ownerKey)).status).toBe(200);
    // A rename sends no event the page watches: the board's tab reloads it.
    await page.getByRole('button', { name: 'Board' }).click();
    const openShelf = () =>
      page
        .locator('li.card')
        .getByRole('button', { name: /Pine shelf for Kamola K\./ })
        .click();
    await openShelf();
    const timeline = page.locator('.detail-pane .timeline li');
    await eventually(() => timeline.allTextContents()).toContainEqual(
      expect.stringMatching(/change Name: "Pine shelf for Kamola" → "Pine shelf for Kamola K\."$/),
    );
    expect((await timeline.allTextContents()).filter((text) => text.includes('[object Object]'))).toEqual([]);
    await page.screenshot({ path: 'test-results/inspector-change-label.png', fullPage: true });
    // The page's language decides (`<html lang>`): shown in Russian at the next render (opening the lead again).
    await page.evaluate(() => {
      document.documentElement.lang = 'ru';
    });
    await openShelf();
    await eventually(() => timeline.allTextContents()).toContainEqual(
      expect.stringMatching(/change Название: "Pine shelf for Kamola" → "Pine shelf for Kamola K\."$/),
    );
    expect(await column('Проиграно').count()).toBe(1);
    expect(await timeline.allTextContents()).toContainEqual(expect.stringMatching(/stage Переговоры → Проиграно$/));
    await page.screenshot({ path: 'test-results/inspector-change-label-ru.png', fullPage: true });
    await page.evaluate(() => {
      document.documentElement.lang = 'en';
    });
    await openShelf();
    await eventually(() => column('Lost').count()).toBe(1);
  });

  it('can be used with the keyboard alone, with focus always visible, and logged no error while it ran', async () => {
    await page.getByRole('link', { name: 'Requests' }).click();
    const records = page.getByRole('link', { name: 'Records' });
    await records.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Records');
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).toBe('solid');
    await page.keyboard.press('Enter');
    await eventually(() => page.evaluate(() => location.hash)).toBe('#records');
    // The view takes focus, so the next Tab goes into it.
    await eventually(() => page.evaluate(() => document.activeElement?.id)).toBe('view');
    await eventually(() => page.locator('#view .tabs button').count()).toBe(6);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Board');
    expect(pageErrors).toEqual([]);
  });
});

describe('the inspector page of a mock with a control token', () => {
  const TOKEN = 'inspector-page-control-token';
  let guarded: Mock;
  let server: RunningServer;
  let tokenPage: Page;

  beforeAll(async () => {
    guarded = createMock({ controlAccess: { token: TOKEN } });
    server = await startServer(guarded);
    const created = await fetch(`${server.url}/_mock/workspaces`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Guarded shop' }),
    });
    const { api_key: key } = await created.json();
    await fetch(`${server.url}/v1/leads`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Walnut desk for Aziz' }),
    });
    // A tab of its own: sessionStorage starts empty.
    tokenPage = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
    tokenPage.on('pageerror', (error) => pageErrors.push(error.message));
  });
  afterAll(() => server?.close());

  it('serves its files without the token, and nothing else', async () => {
    for (const file of ['/_mock/ui', '/_mock/ui/app.js', '/_mock/ui/token.js'])
      expect((await fetch(`${server.url}${file}`)).status).toBe(200);
    const refused = await fetch(`${server.url}/_mock/workspaces`);
    expect([refused.status, (await refused.json()).error.code]).toEqual([401, 'invalid_token']);
    expect((await fetch(`${server.url}/_mock/ui/app.js`, { method: 'POST' })).status).toBe(401);
  });

  it('asks for the token, asks again after a wrong one, then works with its calls carrying it', async () => {
    const sent: string[] = [];
    tokenPage.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/_mock/') && !request.url().includes('/_mock/ui'))
        sent.push(`${request.method()} ${request.headers().authorization ?? 'none'}`);
    });
    await tokenPage.goto(`${server.url}/_mock/ui#records`);
    const form = tokenPage.locator('#token-form');
    await eventually(() => form.isVisible()).toBe(true);
    expect(await tokenPage.evaluate(() => document.activeElement?.id)).toBe('control-token');
    await tokenPage.getByRole('textbox', { name: 'Token' }).fill('not-the-token-at-all');
    await tokenPage.getByRole('button', { name: 'Open the inspector' }).click();
    await eventually(() => form.textContent()).toContain('The mock refused this token.');
    await tokenPage.getByRole('textbox', { name: 'Token' }).fill(TOKEN);
    await tokenPage.getByRole('button', { name: 'Open the inspector' }).click();
    // The board needs a key the page mints by POST /_mock/workspaces/{ws}/api-keys: a change, which
    // the guard's Origin rule lets through only from the mock's own page.
    await eventually(() => tokenPage.locator('li.card', { hasText: 'Walnut desk for Aziz' }).count()).toBe(1);
    expect(await form.count()).toBe(0);
    expect(sent[0]).toBe('GET none');
    expect(sent).toContain(`POST Bearer ${TOKEN}`);
    expect(sent.filter((line) => line.endsWith(`Bearer ${TOKEN}`)).length).toBeGreaterThan(2);
    expect(await tokenPage.evaluate(() => sessionStorage.getItem('crmkit-control-token'))).toBe(TOKEN);
    // Kept for the tab: a reload asks no more.
    await tokenPage.reload();
    await eventually(() => tokenPage.locator('li.card', { hasText: 'Walnut desk for Aziz' }).count()).toBe(1);
    expect(await tokenPage.locator('#token-form').count()).toBe(0);
    expect(pageErrors.filter((error) => !/401/.test(error))).toEqual([]);
  });
});
