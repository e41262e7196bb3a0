// Everything one mock instance holds: its configuration, the workspaces, and the index of
// credentials by their secret value. Requests reach it only through http/handle.ts.
import type { AccessToken } from './auth/access-token.ts';
import type { ApiKey } from './auth/api-key.ts';
import type { Credential } from './auth/authenticate.ts';
import type { Session } from './auth/session.ts';
import { createCursorCodec } from './store/cursor.ts';
import { createIdFactory } from './ids/ids.ts';
import type { Transactions } from './store/transactions.ts';
import { Outbox } from './events/outbox.ts';
import { schemaDefault } from './spec/schema-enum.ts';
import type { RecordValidators } from './store/table-definition.ts';
import { workspaceTablesMaker, type WorkspaceTables } from './workspaces/workspace-tables.ts';
import type { Workspace } from './workspaces/workspace.ts';
import { RequestJournal } from './journal/request-journal.ts';
import { FailureRules } from './failures/failure-rules.ts';
import { DeliverySeams } from './seams/delivery-seams.ts';
import { HandlerSeams } from './seams/handler-seams.ts';

export type MockConfig = {
  /** The three origins of the spec (spec README, reading 2); on the mock they may be one server. */
  urls: { base_url: string; hub_url: string; workspace_url: string };
  /** `{docs_url}` for `docs_url` in errors; unset: the mock's own error pages (errors/docs-url.ts). */
  docsUrl: string | undefined;
  /** Whether the /_mock control API answers. */
  controlApi: boolean;
  /**
   * Who may use the control API (http/control-guard.ts): names of the mock besides loopback
   * and its URLs, and a token every control request must carry; false on the MSW face, which
   * only its own process or page can reach.
   */
  controlAccess: { token?: string; hostNames?: string[] } | false;
  /** Lets webhooks deliver to http://127.0.0.1 and localhost, for a developer's own receiver. */
  allowPrivateWebhooks: boolean;
};

export class MockState {
  readonly workspaces = new Map<string, Workspace>();
  /** Named faults switched on (src/faults/): rules the mock breaks on purpose. */
  readonly faults = new Set<string>();
  /** The last requests answered on the CRM interface (src/journal/). */
  readonly journal = new RequestJournal();
  /** Failures on demand (src/failures/): operations slow or failing for a while. */
  readonly failures = new FailureRules();
  /** What the faults and the other readings change in the delivery queue (seams/delivery-seams.ts). */
  readonly deliverySeams = new DeliverySeams();
  /** What the faults change in a CRM operation's input and around its handler (seams/handler-seams.ts). */
  readonly handlerSeams = new HandlerSeams();
  /** Signs and reads the paging cursors of every list. */
  readonly cursors = createCursorCodec();
  readonly #credentialsBySecret = new Map<string, Credential>();
  /**
   * The mock's one id factory: every workspace makes its ids here (workspace.newId), stamped
   * with its own clock, so ids stay unique and in creation order across workspaces.
   */
  readonly ids = createIdFactory();

  readonly config: MockConfig;
  /** One validator per document, compiled once for the whole mock. */
  readonly validators: RecordValidators;
  /** A workspace's empty tables, their record schemas compiled once for the whole mock. */
  readonly newTables: (transactions: Transactions) => WorkspaceTables;
  /** Where every workspace of this mock hands its outgoing events (events/outbox.ts). */
  readonly outbox: Outbox<Workspace>;

  constructor(config: MockConfig, validators: RecordValidators) {
    this.config = config;
    this.validators = validators;
    this.newTables = workspaceTablesMaker(validators);
    this.outbox = new Outbox(schemaDefault(validators.crm.document, 'EventApiVersion'), validators.crm);
  }

  addWorkspace(workspace: Workspace): void {
    this.workspaces.set(workspace.id, workspace);
  }

  addApiKey(apiKey: ApiKey): void {
    const workspace = this.workspaces.get(apiKey.workspaceId);
    if (!workspace) throw new Error(`no workspace ${apiKey.workspaceId}`);
    workspace.apiKeys.set(apiKey.id, apiKey);
    this.#credentialsBySecret.set(apiKey.key, { kind: 'api_key', apiKey });
  }

  addAccessToken(accessToken: AccessToken): void {
    this.#credentialsBySecret.set(accessToken.token, { kind: 'access_token', accessToken });
  }

  /** A web app session (auth/session.ts). */
  addSession(session: Session): void {
    this.#credentialsBySecret.set(session.token, { kind: 'session', session });
  }

  findCredential = (secret: string): { credential: Credential; workspace: Workspace } | undefined => {
    const credential = this.#credentialsBySecret.get(secret);
    const workspace = credential ? this.workspaces.get(workspaceIdOf(credential)) : undefined;
    return credential && workspace ? { credential, workspace } : undefined;
  };

  /** The workspace's OAuth access tokens: only the index by secret holds them. */
  accessTokensOf(workspaceId: string): AccessToken[] {
    return [...this.#credentialsBySecret.values()].flatMap((credential) =>
      credential.kind === 'access_token' && credential.accessToken.workspaceId === workspaceId ? [credential.accessToken] : [],
    );
  }

  /** The workspace's web app sessions: only the index by secret holds them. */
  sessionsOf(workspaceId: string): Session[] {
    return [...this.#credentialsBySecret.values()].flatMap((credential) =>
      credential.kind === 'session' && credential.session.workspaceId === workspaceId ? [credential.session] : [],
    );
  }

  /** Puts `workspace` in the place of the one of its id, whose credentials go: no old secret opens the new one. */
  replaceWorkspace(workspace: Workspace): void {
    this.#retire(workspace.id);
    this.workspaces.set(workspace.id, workspace);
  }

  /** Takes the workspace out of the mock (deleteWorkspace); false when there is none of that id. */
  removeWorkspace(id: string): boolean {
    this.#retire(id);
    return this.workspaces.delete(id);
  }

  /** The workspace's clock stops (no scheduled work runs) and none of its secrets opens anything any more. */
  #retire(id: string): void {
    this.workspaces.get(id)?.clock.stop();
    for (const [secret, credential] of this.#credentialsBySecret) {
      if (workspaceIdOf(credential) === id) this.#credentialsBySecret.delete(secret);
    }
  }

  /** Ids made from now on sort after these, which another process made (a loaded snapshot). */
  followIds(ids: Iterable<string>): void {
    for (const id of ids) this.ids.follow(id);
  }

  reset(): void {
    for (const workspace of this.workspaces.values()) workspace.clock.stop();
    this.workspaces.clear();
    this.#credentialsBySecret.clear();
    this.journal.clear();
    this.failures.set([]);
  }
}

function workspaceIdOf(credential: Credential): string {
  switch (credential.kind) {
    case 'api_key':
      return credential.apiKey.workspaceId;
    case 'access_token':
      return credential.accessToken.workspaceId;
    case 'session':
      return credential.session.workspaceId;
  }
}
