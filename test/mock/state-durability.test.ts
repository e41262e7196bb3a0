// `crmkit mock --state FILE`: a write that was answered survives the process being killed at any
// moment (issue 15): kill -9 and SIGHUP in the middle of a load of concurrent writes of several
// kinds, then a restart from the same file, and every answered write counted back; and a damaged
// or cut-short file stops the start with one line, or recovers and says so.
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runLoad, type LoadRecord } from '../support/state-load.ts';
import { failedStart, killStarted, startStateMock, type StateMock } from '../support/state-mock-process.ts';
import { createRng } from '../fuzz/rng.ts';

const directory = mkdtempSync(join(tmpdir(), 'crmkit-durable-'));
afterAll(() => {
  killStarted();
  rmSync(directory, { recursive: true, force: true });
});

async function get(mock: StateMock, path: string, key = mock.key): Promise<{ status: number; body: any }> {
  const response = await fetch(`${mock.url}${path}`, { headers: path.startsWith('/_mock/') ? {} : { Authorization: `Bearer ${key}` } });
  return { status: response.status, body: await response.json() };
}

/** Every page of a list. */
async function all(mock: StateMock, path: string): Promise<any[]> {
  const items: any[] = [];
  for (let cursor: string | null = null, first = true; first || cursor; first = false) {
    const separator = path.includes('?') ? '&' : '?';
    const { status, body } = await get(mock, `${path}${separator}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(status).toBe(200);
    items.push(...body.data);
    cursor = body.next_cursor;
  }
  return items;
}

/** Checks, on the restarted mock, every write the load saw answered; returns how many it found. */
async function checkSurvivors(mock: StateMock, load: LoadRecord): Promise<number> {
  let found = 0;
  for (const [id, lead] of load.leads) {
    const { status, body } = await get(mock, `/v1/leads/${id}`);
    if (load.deleted.has(id)) {
      expect(status, `deleted lead ${id}`).toBe(410);
    } else if (load.inFlight.deletions.has(id)) {
      expect([200, 410]).toContain(status);
    } else {
      expect(status, `lead ${id}`).toBe(200);
      expect(body.number).toBe(lead.number);
      // A rename whose answer never came may or may not have happened; nothing else may have.
      expect([lead.name, load.inFlight.renames.get(id)]).toContain(body.name);
    }
    found++;
  }
  for (const id of load.contacts) found += Number((await get(mock, `/v1/contacts/${id}`)).status === 200);
  for (const id of load.companies) found += Number((await get(mock, `/v1/companies/${id}`)).status === 200);
  for (const key of load.apiKeys) found += Number((await get(mock, '/v1/api-keys/whoami', key)).status === 200);
  const latestMove = load.clockTimes
    .map(Date.parse)
    .sort((a, b) => a - b)
    .at(-1);
  if (latestMove !== undefined) {
    // A running clock keeps its distance from real time: after the restart it is at least where the last answered move left it.
    expect(Date.parse((await get(mock, `/_mock/workspaces/${mock.workspaceId}/clock`)).body.now)).toBeGreaterThanOrEqual(latestMove);
    found += load.clockTimes.length;
  }
  return found;
}

/** Nothing half-applied: each live lead has its lead.created event and each such event its lead; numbers are never given twice. */
async function checkWhole(mock: StateMock, load: LoadRecord): Promise<void> {
  const leads = await all(mock, '/v1/leads');
  const events = await all(mock, `/_mock/workspaces/${mock.workspaceId}/events?type=lead.created`);
  const created = new Set(events.map((event) => event.data.object.id ?? event.data.id));
  for (const lead of leads) expect(created.has(lead.id), `lead.created of ${lead.id}`).toBe(true);
  for (const id of created)
    expect(leads.some((lead) => lead.id === id) || load.deleted.has(id) || load.inFlight.deletions.has(id), `lead of event ${id}`).toBe(
      true,
    );
  // Leads the load never saw answered: only writes still in flight at the kill may have made them.
  const unseen = leads.filter((lead) => !load.leads.has(lead.id));
  expect(unseen.length).toBeLessThanOrEqual(load.inFlight.creates);
  const numbers = leads.map((lead) => lead.number);
  expect(new Set(numbers).size).toBe(numbers.length);
  const next = await fetch(`${mock.url}/v1/leads`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${mock.key}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  const highest = Math.max(...[...load.leads.values()].map((lead) => lead.number));
  expect((await next.json()).number).toBeGreaterThan(highest);
}

function countOf(load: LoadRecord): number {
  return load.leads.size + load.contacts.size + load.companies.size + load.apiKeys.length + load.clockTimes.length;
}

describe('crmkit mock --state keeps every answered write', () => {
  it('through kill -9 in the middle of a load of concurrent writes, compactions included', async () => {
    const stateFile = join(directory, 'killed.json');
    // A compaction every 60 entries, so that the kill may well fall in the middle of one.
    const first = await startStateMock(stateFile, { CRMKIT_STATE_COMPACT_EVERY: '60' });
    const load = await runLoad(first, 12, (record) => {
      if (record.answered < 500) return false;
      first.child.kill('SIGKILL');
      return true;
    });
    expect(await first.exited).toBe('SIGKILL');
    expect(load.refused).toEqual([]);
    const second = await startStateMock(stateFile);
    const found = await checkSurvivors(second, load);
    await checkWhole(second, load);
    // The figures: what was answered before the kill, and what the restart found of it.
    console.log(
      `kill -9 after ${load.answered} answered writes: ${load.leads.size} leads created, ${load.renamed} renamed, ${load.deleted.size} deleted, ${load.contacts.size} contacts, ${load.companies.size} companies, ${load.apiKeys.length} API keys, ${load.clockTimes.length} clock moves; after the restart ${found} of ${countOf(load)} created records and moves found, every rename and deletion as answered; in flight at the kill: ${load.inFlight.creates} creates, ${load.inFlight.renames.size} renames, ${load.inFlight.deletions.size} deletions`,
    );
    expect(found).toBe(countOf(load));
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);

  it('through five kills in a row at random moments, each restart going on from what the last one left', async () => {
    const stateFile = join(directory, 'five-kills.json');
    const loads: LoadRecord[] = [];
    // Seeded: a failure is replayed with the moments it printed (CRMKIT_TEST_SEED picks others).
    const rng = createRng(Number(process.env.CRMKIT_TEST_SEED ?? 20261202));
    for (let round = 0; round < 5; round++) {
      const mock = await startStateMock(stateFile, { CRMKIT_STATE_COMPACT_EVERY: '25' });
      const killAt = 40 + rng.int(160);
      console.log(`round ${round + 1}: kill -9 after ${killAt} answered writes`);
      loads.push(await runLoad(mock, 10, (record) => record.answered >= killAt && mock.child.kill('SIGKILL')));
      expect(await mock.exited).toBe('SIGKILL');
    }
    const last = await startStateMock(stateFile);
    for (const load of loads) {
      expect(load.refused).toEqual([]);
      // The clock moved on in later rounds: only the last round's moves are compared with it.
      const found = await checkSurvivors(last, load === loads.at(-1) ? load : { ...load, clockTimes: [] });
      expect(found).toBe(countOf(load) - (load === loads.at(-1) ? 0 : load.clockTimes.length));
    }
    last.child.kill('SIGTERM');
    expect(await last.exited).toBe(0);
  }, 180_000);

  it('through SIGHUP (a closed terminal) in the middle of a load, leaving the file whole and no journal', async () => {
    const stateFile = join(directory, 'hangup.json');
    const first = await startStateMock(stateFile);
    const load = await runLoad(first, 8, (record) => {
      if (record.answered < 200) return false;
      first.child.kill('SIGHUP');
      return true;
    });
    expect(await first.exited).toBe(0);
    expect(() => readFileSync(`${stateFile}.journal`)).toThrow(/ENOENT/);
    const second = await startStateMock(stateFile);
    expect(await checkSurvivors(second, load)).toBe(countOf(load));
    await checkWhole(second, load);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);

  it('drops a last journal entry cut short by a kill mid-append, says so on one line, and keeps every whole one', async () => {
    const stateFile = join(directory, 'cut.json');
    const first = await startStateMock(stateFile);
    const created = await (
      await fetch(`${first.url}/v1/leads`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${first.key}`, 'Content-Type': 'application/json' },
        body: '{"name":"Kept"}',
      })
    ).json();
    first.child.kill('SIGKILL');
    await first.exited;
    const journal = `${stateFile}.journal`;
    const whole = readFileSync(journal, 'utf8');
    expect(whole.split('\n').filter(Boolean).length).toBeGreaterThan(0);
    // Half of another entry, as a kill in the middle of its write leaves it (half of the last line: the
    // journal may hold several whole entries by then, and half of all of them would repeat one whole).
    const last = whole.trimEnd().split('\n').at(-1)!;
    appendFileSync(journal, last.slice(0, Math.floor(last.length / 2)));
    const second = await startStateMock(stateFile);
    expect((await get(second, `/v1/leads/${created.id}`)).body.name).toBe('Kept');
    const warnings = second.stderr().trim().split('\n');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/cut short .*dropped/);
    expect(warnings[0]).toContain(journal);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('refuses a journal damaged before its last line: one line naming the file and the line, exit 1, no contents', async () => {
    const stateFile = join(directory, 'damaged.json');
    const first = await startStateMock(stateFile);
    for (const name of ['One', 'Two', 'Three']) {
      await fetch(`${first.url}/v1/leads`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${first.key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name }),
      });
    }
    first.child.kill('SIGKILL');
    await first.exited;
    const journal = `${stateFile}.journal`;
    const lines = readFileSync(journal, 'utf8').split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(4);
    lines[1] = lines[1]!.replace('"Two"', '"Tw0"');
    writeFileSync(journal, lines.join('\n'));
    const { code, stderr } = await failedStart(stateFile);
    expect(code).toBe(1);
    expect(stderr).toBe(
      `crmkit mock: the state journal ${journal} is damaged at line 2 of ${lines.length - 1}: its checksum does not match\n`,
    );
    expect(stderr).not.toContain(first.key);
  });

  it('refuses a second mock on a file in use, with one line; a lock left by a killed mock is taken over', async () => {
    const stateFile = join(directory, 'shared.json');
    const first = await startStateMock(stateFile);
    const second = await failedStart(stateFile);
    expect(second.code).toBe(1);
    expect(second.stderr).toBe(
      `crmkit mock: the state file ${stateFile} is in use by another crmkit mock (process ${first.child.pid}; ${stateFile}.lock)\n`,
    );
    first.child.kill('SIGKILL');
    await first.exited;
    const third = await startStateMock(stateFile);
    expect(third.workspaceId).toBe(first.workspaceId);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(() => readFileSync(`${stateFile}.lock`)).toThrow(/ENOENT/);
  });

  it('stops with one line and exit status 1 when the file can no longer be written, rather than answer what it cannot keep', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'crmkit-gone-'));
    const stateFile = join(folder, 'state.json');
    // A compaction after every entry: the first write needs FILE's folder, which is gone by then.
    const mock = await startStateMock(stateFile, { CRMKIT_STATE_COMPACT_EVERY: '1' });
    rmSync(folder, { recursive: true, force: true });
    await fetch(`${mock.url}/v1/leads`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${mock.key}`, 'Content-Type': 'application/json' },
      body: '{}',
    }).catch(() => undefined);
    expect(await mock.exited).toBe(1);
    expect(mock.stderr()).toBe(
      `crmkit mock: the state file ${stateFile} or its journal cannot be written (ENOENT): stopping, without sending the answers of changes not on the disk\n`,
    );
  });

  it('refuses a state file cut short or not JSON: one line naming the file, exit 1, no contents and no stack', async () => {
    const stateFile = join(directory, 'truncated.json');
    const first = await startStateMock(stateFile);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const text = readFileSync(stateFile, 'utf8');
    writeFileSync(stateFile, text.slice(0, Math.floor(text.length * 0.6)));
    const cut = await failedStart(stateFile);
    expect(cut.code).toBe(1);
    expect(cut.stderr).toBe(
      `crmkit mock: the state file ${stateFile} is damaged: it ends before its JSON does (${Math.floor(text.length * 0.6)} bytes: cut short?)\n`,
    );
    expect(cut.stderr).not.toContain(first.key);

    writeFileSync(stateFile, `{"format":2,"workspaces":[{"key":"${first.key}"} oops]}`);
    const garbled = await failedStart(stateFile);
    expect(garbled.code).toBe(1);
    expect(garbled.stderr).toMatch(
      new RegExp(`^crmkit mock: the state file ${stateFile} is damaged: it is not valid JSON \\(at byte \\d+\\)\\n$`),
    );
    expect(garbled.stderr).not.toContain(first.key);
  });
});
