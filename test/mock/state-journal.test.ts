// The redo journal of `crmkit mock --state` in process (src/durable-state/state-journal.ts): what a commit
// appends, what a rollback does not, control API changes outside transactions, and a "crash"
// (the journal left as it is, without a clean close) read back by a fresh mock: the same ids,
// numbers, times, keys and clock.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadStateFile } from '../../src/durable-state/state-file.ts';
import { StateFileError } from '../../src/durable-state/state-file-error.ts';
import { journalLine, readJournal } from '../../src/durable-state/state-journal-format.ts';
import { useStateFile } from '../../src/cli/state-option.ts';
import { withBody } from '../../src/wire/held-body.ts';
import { createMock } from '../../src/mock.ts';
import { createWorkspace } from '../../src/workspaces/create-workspace.ts';

const directory = mkdtempSync(join(tmpdir(), 'crmkit-journal-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** A mock with one workspace, `--state` on `file`, its journal started: what `crmkit mock --state` does. */
async function journaledMock(file: string) {
  const plain = createMock();
  const option = await useStateFile(plain, file);
  const { workspace, ownerKey } = option.loaded[0]
    ? { workspace: option.loaded[0], ownerKey: [...option.loaded[0].apiKeys.values()][0]! }
    : await createWorkspace(plain.state, {});
  await option.start();
  const call = async (method: string, path: string, body?: unknown) => {
    const control = path.startsWith('/_mock/');
    const response = await option.mock.respond(
      new Request(`http://127.0.0.1:4010${path}`, {
        method,
        headers: { ...(control ? {} : { Authorization: `Bearer ${ownerKey.key}` }), 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    return { status: response.status, body: await withBody(response).json() };
  };
  return { mock: plain, option, workspace, ownerKey, call };
}

function journalEntries(file: string) {
  return readJournal(`${file}.journal`, readFileSync(`${file}.journal`, 'utf8'), 0).entries;
}

describe('the state journal', () => {
  it('appends one entry per committed request before answering it, and none for a refused one', async () => {
    const file = join(directory, 'commits.json');
    const { call, workspace } = await journaledMock(file);
    expect(journalEntries(file)).toEqual([]);
    const lead = (await call('POST', '/v1/leads', { name: 'One' })).body;
    const [entry] = journalEntries(file);
    expect(entry!.ws).toBe(workspace.id);
    // The lead, its event and its timeline item, and the lead number it took: one transaction, one entry.
    expect(new Set(entry!.writes!.map(([table]) => table))).toEqual(new Set(['leads', 'events', 'timeline']));
    expect(entry!.writes!.find(([table]) => table === 'leads')).toEqual([
      'leads',
      lead.id,
      expect.objectContaining({ id: lead.id, number: lead.number, name: 'One' }),
    ]);
    expect(entry!.head).toMatchObject({ numbers: expect.objectContaining({ lead: lead.number }) });
    expect((await call('POST', '/v1/leads', { amount: -1 })).status).toBe(422);
    expect((await call('GET', `/v1/leads/${lead.id}`)).status).toBe(200);
    expect(journalEntries(file)).toHaveLength(1);
  });

  it('gives a fresh mock, from the file and a journal never closed, the same records, numbers, times, keys and clock', async () => {
    const file = join(directory, 'crash.json');
    const { call, workspace } = await journaledMock(file);
    const leads = [];
    for (const name of ['A', 'B', 'C']) leads.push((await call('POST', '/v1/leads', { name })).body);
    const renamed = (await call('PATCH', `/v1/leads/${leads[1].id}`, { name: 'B2' })).body;
    expect((await call('DELETE', `/v1/leads/${leads[2].id}`)).status).toBe(200);
    // Outside any transaction: a key, settings and a clock move through the control API.
    const key = (await call('POST', `/_mock/workspaces/${workspace.id}/api-keys`, { scopes: ['leads:read'] })).body;
    expect(
      (await call('PATCH', `/_mock/workspaces/${workspace.id}/settings`, { plan: 'business', limits: { requests_per_minute: 321 } }))
        .status,
    ).toBe(200);
    const clock = (await call('POST', `/_mock/workspaces/${workspace.id}/clock`, { freeze: true, set: '2031-05-01T10:00:00.000Z' })).body;
    expect(clock).toEqual({ now: '2031-05-01T10:00:00.000Z', frozen: true });

    // The "crash": nothing closed, nothing compacted; a new mock reads the file and its journal.
    const fresh = createMock();
    const loaded = await loadStateFile(fresh.state, file);
    expect(loaded.notes).toEqual([]);
    const restored = loaded.workspaces[0]!;
    expect(restored.id).toBe(workspace.id);
    expect(restored.tables.leads.get(leads[0].id)).toMatchObject({ name: 'A', number: leads[0].number, created_at: leads[0].created_at });
    expect(restored.tables.leads.get(leads[1].id)).toMatchObject({ name: 'B2', updated_at: renamed.updated_at });
    expect(restored.tables.leads.get(leads[2].id)!.deleted_at).not.toBeNull();
    expect(restored.numbers.lead).toBe(workspace.numbers.lead);
    expect([...restored.apiKeys.values()].map((apiKey) => apiKey.key)).toContain(key.key);
    expect(fresh.state.findCredential(key.key)?.workspace).toBe(restored);
    expect([restored.clock.isoNow(), restored.clock.frozen]).toEqual(['2031-05-01T10:00:00.000Z', true]);
    expect([restored.plan, restored.limits.requestsPerMinute]).toEqual(['business', 321]);
  });

  it('keeps a workspace created through the control API, and forgets one deleted or removed by /_mock/reset', async () => {
    const file = join(directory, 'created.json');
    const { call } = await journaledMock(file);
    const created = (await call('POST', '/_mock/workspaces', { name: 'Second' })).body;
    expect(journalEntries(file).at(-1)).toMatchObject({
      ws: created.workspace.id,
      snapshot: { workspace: { id: created.workspace.id, name: 'Second' } },
    });
    let loaded = await loadStateFile(createMock().state, file);
    expect(loaded.workspaces.map((workspace) => workspace.name)).toContain('Second');

    await call('DELETE', `/_mock/workspaces/${created.workspace.id}`);
    loaded = await loadStateFile(createMock().state, file);
    expect(loaded.workspaces.map((workspace) => workspace.name)).not.toContain('Second');
    expect(loaded.workspaces).toHaveLength(1);

    await call('POST', '/_mock/reset');
    loaded = await loadStateFile(createMock().state, file);
    expect(loaded.workspaces).toEqual([]);
  });

  it('compacts every N entries: the file takes every change, the journal keeps only what came after; a clean close leaves no journal', async () => {
    const file = join(directory, 'compact.json');
    process.env.CRMKIT_STATE_COMPACT_EVERY = '2';
    const { call, option } = await journaledMock(file).finally(() => delete process.env.CRMKIT_STATE_COMPACT_EVERY);
    const leads = [];
    for (const name of ['A', 'B', 'C', 'D', 'E']) {
      leads.push((await call('POST', '/v1/leads', { name })).body);
      await option.settled();
    }
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    expect(saved.format).toBe(2);
    // Compacted after every 2nd entry: the file holds the leads of the entries up to its journal_seq,
    // the journal what came after (fewer than 2). With no other write, that is four leads and the
    // fifth alone; a write of the workspace's own clock work (a loaded machine's real time moving on)
    // is an entry too, so the figures are read from the file rather than fixed.
    const seqs = journalEntries(file).map((entry) => entry.seq);
    expect(saved.journal_seq % 2).toBe(0);
    expect(seqs.length).toBeLessThan(2);
    expect(seqs.every((seq) => seq > saved.journal_seq)).toBe(true);
    const inFile: string[] = saved.workspaces[0].tables.leads.map((record: { name: string }) => record.name);
    expect(inFile.length).toBeGreaterThanOrEqual(4);
    expect(inFile).toEqual(['A', 'B', 'C', 'D', 'E'].slice(0, inFile.length));
    const loaded = await loadStateFile(createMock().state, file);
    expect([...loaded.workspaces[0]!.tables.leads.values()].map((lead) => lead.id)).toEqual(leads.map((lead) => lead.id));

    expect(await option.close()).toBe(true);
    expect(() => readFileSync(`${file}.journal`)).toThrow(/ENOENT/);
    expect(JSON.parse(readFileSync(file, 'utf8')).workspaces[0].tables.leads).toHaveLength(5);
  });

  it('reads whole lines, skips those the file holds, drops a cut-short last one, and names a damaged line', () => {
    const lines = [1, 2, 3].map((seq) =>
      journalLine({ seq, ws: 'ws_x', head: { numbers: { lead: seq, contact: 0, company: 0, task: 0 } } }),
    );
    expect(readJournal('j', lines.join(''), 1)).toMatchObject({ lastSeq: 3, droppedBytes: 0, entries: [{ seq: 2 }, { seq: 3 }] });
    expect(readJournal('j', lines.join('') + lines[0]!.slice(0, 20), 0)).toMatchObject({ lastSeq: 3, droppedBytes: 20 });
    const damaged = [lines[0], lines[1]!.replace('"lead":2', '"lead":7'), lines[2]].join('');
    expect(() => readJournal('j', damaged, 0)).toThrow(
      new StateFileError('the state journal j is damaged at line 2 of 3: its checksum does not match'),
    );
    expect(() => readJournal('j', [lines[1], lines[0]].join(''), 0)).toThrow(/line 2: its sequence number goes back/);
    expect(() => readJournal('j', `${journalLine({ seq: 1, ws: 'ws_x', writes: [['leads', 'ld_1', { id: 'ld_2' }]] })}`, 0)).toThrow(
      /line 1 of 1: its writes are not/,
    );
  });
});
