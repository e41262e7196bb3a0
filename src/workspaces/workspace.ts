// A workspace: the tenant that owns all data (spec 1). Everything a credential sees lives in
// exactly one of these.
import type { ApiKey } from '../auth/api-key.ts';
import type { RequestLimits } from '../limits/request-limits.ts';
import type { VirtualClock } from '../clock/virtual-clock.ts';
import type { Outbox } from '../events/outbox.ts';
import type { IdFactory, IdKind } from '../ids/ids.ts';
import type { RecordNumbers } from '../store/record-numbers.ts';
import type { Transactions } from '../store/transactions.ts';
import type { Member } from './member.ts';
import type { WorkspaceTables } from './workspace-tables.ts';

/** The control API's `Plan` (openapi/mock-control.yaml); the CRM document names no plans. */
export type Plan = 'free' | 'start' | 'pro' | 'business' | 'enterprise' | 'trial';

export type Workspace = {
  id: string;
  slug: string;
  name: string;
  plan: Plan;
  currency: string;
  createdAt: string;
  /** A lapsed subscription makes the workspace read-only (402 `read_only`). */
  readOnly: boolean;
  /** Per-credential rate and concurrency limits (src/limits/), set through the control API. */
  limits: RequestLimits;
  members: Map<string, Member>;
  apiKeys: Map<string, ApiKey>;
  /** Every time the workspace reads or schedules goes through its clock. */
  clock: VirtualClock;
  /** The clock's time now, in milliseconds: what every record's times and every expiry read. */
  now(): number;
  /**
   * A new id of spec 2.1 from the mock's one id factory (unique and in creation order across
   * every workspace of the mock, following a loaded snapshot's), stamped with this workspace's clock.
   */
  newId(kind: IdKind): string;
  /** The mock's outbox, where events/emit.ts hands every event the workspace sends. */
  outbox: Outbox<Workspace>;
  tables: WorkspaceTables;
  /** Requests change the workspace one at a time, all or nothing. */
  transactions: Transactions;
  /** The last record number given per kind (never reused). */
  numbers: RecordNumbers;
};

/** What a workspace is made with from its mock: the id factory and the outbox every workspace shares. */
export type WorkspaceMaker = { ids: IdFactory; outbox: Outbox<Workspace> };

/**
 * The members of a workspace on `clock` that are not data, made when it is created or restored:
 * its time and ids (plain functions over the clock and the mock's id factory) and the mock's
 * outbox, so that a workspace stays data that a snapshot reads field by field.
 */
export function ownMembers(clock: VirtualClock, { ids, outbox }: WorkspaceMaker): Pick<Workspace, 'clock' | 'now' | 'newId' | 'outbox'> {
  return { clock, now: () => clock.now(), newId: (kind) => ids(kind, clock.now()), outbox };
}
