// `crmkit mock --state FILE`: the workspaces outlive the process. Started as a child process the
// way a developer starts it, stopped with SIGTERM, and started again from the same file.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { failedStart, killStarted, startStateMock, stopStateMock, type StateMock } from '../support/state-mock-process.ts';

const directory = mkdtempSync(join(tmpdir(), 'crmkit-state-'));
const stateFile = join(directory, 'state.json');
afterAll(() => {
  killStarted();
  rmSync(directory, { recursive: true, force: true });
});

function request(started: StateMock, method: string, path: string, body?: unknown) {
  return fetch(`${started.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${started.key}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe('crmkit mock --state', () => {
  it('saves every workspace on SIGTERM and serves them again, same key, on the next start', async () => {
    const first = await startStateMock(stateFile);
    const created = await request(first, 'POST', '/v1/leads', { name: 'Survives a restart' });
    expect(created.status).toBe(201);
    const lead = await created.json();
    expect(await stopStateMock(first)).toBe(0);

    const saved = JSON.parse(readFileSync(stateFile, 'utf8'));
    expect(saved.workspaces.map((snapshot: any) => snapshot.workspace.id)).toEqual([first.workspaceId]);
    expect(saved.workspaces[0].tables.leads.map((record: any) => record.id)).toEqual([lead.id]);
    // Written beside the file and renamed over it: no temporary file is left.
    expect(readdirSync(directory)).toEqual(['state.json']);

    const second = await startStateMock(stateFile);
    expect([second.workspaceId, second.key]).toEqual([first.workspaceId, first.key]);
    const read = await request(second, 'GET', `/v1/leads/${lead.id}`);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(lead);
    const next = await (await request(second, 'POST', '/v1/leads', {})).json();
    expect(next.number).toBe(lead.number + 1);
    expect(await stopStateMock(second)).toBe(0);
  });

  it('prints a new owner key when the loaded workspace has none that works', async () => {
    const first = await startStateMock(stateFile);
    const whoami = await (await request(first, 'GET', '/v1/api-keys/whoami')).json();
    const revoke = await fetch(`${first.url}/_mock/workspaces/${first.workspaceId}/api-keys/${whoami.id}/revoke`, { method: 'POST' });
    expect(revoke.status).toBe(200);
    expect(await stopStateMock(first)).toBe(0);

    const second = await startStateMock(stateFile);
    expect(second.workspaceId).toBe(first.workspaceId);
    expect(second.key).not.toBe(first.key);
    expect((await request(second, 'GET', '/v1/api-keys/whoami')).status).toBe(200);
    expect(await stopStateMock(second)).toBe(0);
  });

  it('refuses to start from a file it cannot read, and leaves the file alone', async () => {
    writeFileSync(`${stateFile}.good`, readFileSync(stateFile));
    const broken = JSON.stringify({ format: 1, workspaces: [{ format: 1, tables: {} }] });
    writeFileSync(stateFile, broken);
    const { code, stderr } = await failedStart(stateFile);
    expect(code).toBe(1);
    expect(stderr).toBe(`crmkit mock: the state file ${stateFile} is damaged: workspaces[0] has no workspace id\n`);
    expect(readFileSync(stateFile, 'utf8')).toBe(broken);

    // A whole snapshot with a record the document refuses: the record's place and the rule, not its value.
    const snapshot = JSON.parse(readFileSync(`${stateFile}.good`, 'utf8'));
    snapshot.workspaces[0].tables.leads[0].amount = -12345;
    writeFileSync(stateFile, JSON.stringify(snapshot));
    const { code: refusedCode, stderr: refusal } = await failedStart(stateFile);
    expect(refusedCode).toBe(1);
    expect(refusal).toMatch(
      new RegExp(
        `^crmkit mock: the state file ${stateFile} is damaged: workspace ws_\\w+ is not a workspace snapshot \\(tables\\.leads\\[0\\]\\.amount [^\\n]*\\)\\n$`,
      ),
    );
    expect(refusal).not.toContain('12345');
  });

  it('starts with a new workspace when the file does not exist yet, kept in the file before its key is printed', async () => {
    rmSync(stateFile, { force: true });
    const started = await startStateMock(stateFile);
    expect((await request(started, 'GET', '/v1/api-keys/whoami')).status).toBe(200);
    expect(JSON.parse(readFileSync(stateFile, 'utf8')).workspaces.map((snapshot: any) => snapshot.workspace.id)).toEqual([
      started.workspaceId,
    ]);
    // The journal of the changes since: empty, nothing having changed.
    expect(readFileSync(`${stateFile}.journal`, 'utf8')).toBe('');
    expect(await stopStateMock(started)).toBe(0);
    expect(JSON.parse(readFileSync(stateFile, 'utf8')).workspaces).toHaveLength(1);
  });

  it('removes the temporary copies a compaction killed half-way left, and no other file (issue 24)', async () => {
    // What a killed compaction leaves: whole copies of the state, every secret in them.
    const left = ['state.json.999999.tmp', 'state.json.journal.999998.tmp'];
    const others = ['state.json.backup', 'other.json.123.tmp', 'state.json.12x.tmp'];
    for (const name of [...left, ...others]) writeFileSync(join(directory, name), '{"secret":"svc_live_x"}');
    const started = await startStateMock(stateFile);
    const files = readdirSync(directory);
    for (const name of left) expect(files).not.toContain(name);
    for (const name of others) expect(files).toContain(name);
    expect(await stopStateMock(started)).toBe(0);
  });
});
