// The resources the explorer covers, each by the document's operationIds: where the mirror is
// simple (records the run makes itself, with no state of the workspace's own beneath them), and,
// on a mock, webhooks with their deliveries (a mock that delivers to 127.0.0.1) and conversations
// with their messages (conversations.ts: only the control API plays a client writing in). Left
// out so far, and why: custom fields themselves (their routes are first-party only, spec 4.9: an
// API key cannot make one; custom values are covered on a mock, custom-fields.ts), members, teams
// and invites (the workspace's people; members.ts names only the owner, an admin and a
// deactivated viewer), pipelines themselves (a lead moves only into its pipeline's won or lost
// stage, which each side reads from its own pipeline; open-stage moves and pipeline changes are
// not mapped yet), lead contacts and product lines, the timeline beyond its list, bulk runs,
// forms and OAuth.
import type { OperationId } from '../operation-call.ts';

export type ResourceName =
  'contact' | 'company' | 'lead' | 'task' | 'product' | 'tag' | 'note' | 'webhook' | 'delivery' | 'conversation' | 'message';

export type Resource = {
  name: ResourceName;
  /** Its id prefix (spec 2.2), as the document's id patterns name it. */
  prefix: string;
  create: OperationId;
  read?: OperationId;
  update?: OperationId;
  remove?: OperationId;
  restore?: OperationId;
  /** The list, and whether it takes `q` (the run's marker keeps the page to the run's records). */
  list?: { operationId: string; search: boolean; paged: boolean };
  /** Properties a create must carry beyond the schema's `required` (a contact's identity, spec 4.3). */
  createWith?: string[];
  /** Routes that act on one record (a webhook's ping and rotate-secret, spec 4.11; a conversation's assign, resolve, reopen, snooze and send, 4.8), with the body their schema asks for. */
  actions?: string[];
  /**
   * Made only where the run has a webhook receiver the target delivers to (a mock taking 127.0.0.1), only by an action (a ping's
   * delivery, a message sent), or only through the control API before the sequence (conversations.ts; `create` is then its read).
   */
  madeWhen?: 'receiver' | 'action' | 'control';
};

export const RESOURCES: Resource[] = [
  {
    name: 'contact',
    prefix: 'ct',
    create: 'createContact',
    read: 'getContact',
    update: 'updateContact',
    remove: 'deleteContact',
    restore: 'restoreContact',
    list: { operationId: 'listContacts', search: true, paged: true },
    createWith: ['name', 'phones', 'emails'],
  },
  {
    name: 'company',
    prefix: 'co',
    create: 'createCompany',
    read: 'getCompany',
    update: 'updateCompany',
    remove: 'deleteCompany',
    restore: 'restoreCompany',
    list: { operationId: 'listCompanies', search: true, paged: true },
  },
  {
    name: 'lead',
    prefix: 'ld',
    create: 'createLead',
    read: 'getLead',
    update: 'updateLead',
    remove: 'deleteLead',
    restore: 'restoreLead',
    list: { operationId: 'listLeads', search: true, paged: true },
    createWith: ['name'],
  },
  {
    name: 'task',
    prefix: 'tk',
    create: 'createTask',
    read: 'getTask',
    update: 'updateTask',
    remove: 'deleteTask',
    list: { operationId: 'listTasks', search: true, paged: true },
    createWith: ['assignee_id'],
  },
  {
    name: 'product',
    prefix: 'pr',
    create: 'createProduct',
    read: 'getProduct',
    update: 'updateProduct',
    remove: 'deleteProduct',
    list: { operationId: 'listProducts', search: true, paged: true },
  },
  {
    name: 'tag',
    prefix: 'tag',
    create: 'createTag',
    update: 'updateTag',
    remove: 'deleteTag',
    list: { operationId: 'listTags', search: false, paged: false },
  },
  { name: 'note', prefix: 'nt', create: 'createNote', update: 'updateNote', remove: 'deleteNote' },
  // Its read and delete are routes the spec does not show (x-inferred: their bodies are not compared).
  {
    name: 'webhook',
    prefix: 'wh',
    create: 'createWebhook',
    read: 'getWebhook',
    update: 'updateWebhook',
    remove: 'deleteWebhook',
    actions: ['pingWebhook', 'rotateWebhookSecret'],
    madeWhen: 'receiver',
  },
  // A ping's delivery (4.11: "ping sends a ping event at once and answers with the delivery result"), read under its webhook.
  { name: 'delivery', prefix: 'dlv', create: 'pingWebhook', madeWhen: 'action' },
  // A client's conversation (conversations.ts makes two per sequence on a mock target), and the messages the run sends to it.
  {
    name: 'conversation',
    prefix: 'cv',
    create: 'getConversation',
    read: 'getConversation',
    list: { operationId: 'listConversations', search: true, paged: true },
    actions: ['assignConversation', 'resolveConversation', 'reopenConversation', 'snoozeConversation', 'sendMessage'],
    madeWhen: 'control',
  },
  { name: 'message', prefix: 'msg', create: 'sendMessage', madeWhen: 'action' },
];

export function resourceNamed(name: ResourceName): Resource {
  return RESOURCES.find((resource) => resource.name === name)!;
}

/** The resource whose ids carry this prefix (`ct` → contact), if the explorer covers it. */
export function resourceOfPrefix(prefix: string): Resource | undefined {
  return RESOURCES.find((resource) => resource.prefix === prefix);
}

/** Records a note or a task is about (spec 4.5, 4.10: `entity_type` and `entity_id`). */
export const ENTITY_TYPES: ResourceName[] = ['lead', 'contact', 'company'];
