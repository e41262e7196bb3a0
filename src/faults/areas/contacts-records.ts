// Mutants of contacts (spec 2.4, 4.3): phones and emails, duplicates, merges, and what a
// contact stores and answers.
import type { MockState } from '../../mock-state.ts';
import { changed, jsonOf, onErrorCode, type Fault, type Handle } from '../fault.ts';
import { faultMemory } from '../fault-memory.ts';
import { presentContact } from '../../resources/contacts/present-contact.ts';
import type { Workspace } from '../../workspaces/workspace.ts';
import { normalizeId } from '../../ids/ids.ts';
import { callerOf } from '../../http/handler.ts';
import { alterOk, callerWorkspace, onOperation, overTheEdge, queryOf, sentJson } from '../request-match.ts';
import { type RequestPick, byContactId, alsoWrites, contactWrite, shortId, onSuccess, sentBody, withBody } from '../record-requests.ts';

/** A stored contact by id, in whichever workspace holds it. */
function storedContact(state: MockState, id: string): any {
  for (const workspace of state.workspaces.values()) {
    const contact = workspace.tables.contacts.get(id);
    if (contact) return contact;
  }
  return undefined;
}

const contactRead: RequestPick = { operations: ['listContacts', 'createContact', 'getContact', 'updateContact'], matches: byContactId };

const contactList: RequestPick = { operations: ['listContacts'] };

/** Each contact of a single or list answer, changed. */
function eachContact(body: any, change: (contact: any) => any): any {
  return Array.isArray(body.data) ? { ...body, data: body.data.map(change) } : change(body);
}

/** A contact write (create, or PATCH by short id) whose answer and stored record `alter` changes, given the body sent. */
function onContactWrite(alter: (contact: any, sent: any) => Record<string, unknown> | undefined) {
  return alsoWrites(
    contactWrite.operations,
    () => 'contacts',
    (contact, sent, _workspace, context) => {
      const fields = context.input.path.id === undefined || shortId('ct', context.input.path.id) ? alter(contact, sent) : undefined;
      return fields && { fields };
    },
  );
}

/** The phone as a parser with Russia as its home region stores it: a leading trunk 8 read as +7. */
function russianTrunkPhone(sent: string): string | null {
  if (sent.trim().startsWith('+')) return null;
  const digits = sent.replace(/\D/g, '');
  return digits.startsWith('8') && digits.length >= 10 ? `+7${digits.slice(1)}` : null;
}

/** Contact writes keep a +-spelled phone as typed; reads show what was kept. */
function plusSpellingKept(next: Handle, state: MockState): Handle {
  return onOperation(['createContact', 'updateContact', 'listContacts', 'getContact'], async (next, request, info, { operationId }) => {
    const isWrite = operationId === 'createContact' || operationId === 'updateContact';
    const sent = isWrite ? await sentJson(request) : undefined;
    const response = await next(request, info);
    const workspace = callerWorkspace(state, request);
    if (!workspace || !response.ok) return response;
    // The phones as typed, by contact, per workspace.
    const byWorkspace = faultMemory(state, 'phone-plus-spelling-kept', () => new WeakMap<Workspace, Map<string, string[]>>());
    const kept = byWorkspace.get(workspace) ?? new Map<string, string[]>();
    byWorkspace.set(workspace, kept);
    const digits = (phone: string) => phone.replace(/\D/g, '');
    const shown = (contact: any) => {
      const typed = kept.get(contact.id);
      if (!typed || !Array.isArray(contact.phones)) return contact;
      const phones = contact.phones.map((stored: string) => typed.find((phone) => digits(phone) === digits(stored)) ?? stored);
      return { ...contact, phones, name: contact.name === contact.phones[0] ? phones[0] : contact.name };
    };
    return alterOk(response, (body) => {
      if (isWrite && body?.id) {
        const list = [sent?.phone, ...(Array.isArray(sent?.phones) ? sent.phones : [])].filter(
          (phone): phone is string => typeof phone === 'string',
        );
        const typed = list.map((phone) => phone.trim()).filter((phone) => phone.startsWith('+') && /[^+0-9]/.test(phone));
        if (sent?.phone !== undefined || sent?.phones !== undefined) kept.set(body.id, typed);
      }
      return Array.isArray(body.data) ? { ...body, data: body.data.map(shown) } : shown(body);
    });
  })(next, state);
}

export const contactsRecordsMutants: readonly Fault[] = [
  {
    name: 'contact-phones-not-normalized',
    area: 'contacts',
    proves: [
      'contacts.phones-international',
      'contacts.phones-spaces-dashes',
      'contacts.phones-leading-8',
      'contacts.phone-goes-first',
      'contacts.patch-phones-replace',
      'contacts.patch-normalizes',
      'responses.shape.create-contact',
      'responses.shape.update-contact',
    ],
    description: 'Contact phones are kept as sent (only trimmed): local spellings with spaces, dashes or a leading 8 never become +998...',
    wrap: onSuccess(contactWrite, (body, sent) => {
      const phones = [sent?.phone, ...(sent?.phones ?? [])]
        .filter((phone) => typeof phone === 'string')
        .map((phone: string) => phone.trim());
      return phones.length ? { ...body, phones, name: sent.name ?? phones[0] } : body;
    }),
  },
  {
    name: 'contact-emails-case-kept',
    area: 'contacts',
    proves: [
      'contacts.emails-lowercased',
      'contacts.patch-emails-replace',
      'contacts.patch-normalizes',
      'responses.shape.create-contact',
      'responses.shape.update-contact',
    ],
    description: 'Contact emails are kept in the case they were sent in instead of lowercased.',
    wrap: onSuccess(contactWrite, (body, sent) => {
      const emails = [sent?.email, ...(sent?.emails ?? [])].filter((email) => typeof email === 'string');
      return emails.length ? { ...body, emails } : body;
    }),
  },
  {
    name: 'contact-phone-after-phones',
    area: 'contacts',
    proves: ['contacts.phone-goes-first'],
    description:
      'A contact created with both `phone` and `phones` gets `phone` last instead of first (and is named after the first of `phones`).',
    wrap: onOperation('createContact', async (next, request, info) => {
      const sent = await sentBody(request);
      if (typeof sent?.phone !== 'string' || !Array.isArray(sent.phones)) return next(request, info);
      const { phone, ...rest } = sent;
      return next(withBody(request, { ...rest, phones: [...sent.phones, phone] }), info);
    }),
  },
  {
    name: 'contact-unnamed-placeholder',
    area: 'contacts',
    proves: ['contacts.name-from-phone', 'contacts.name-from-email'],
    description: 'A contact created without a name is named "Unnamed contact" instead of after its first phone or email.',
    wrap: onOperation('createContact', async (next, request, info) => {
      const sent = await sentBody(request);
      const identified = sent && ['phone', 'phones', 'email', 'emails'].some((field) => field in sent);
      return identified && !sent.name ? next(withBody(request, { ...sent, name: 'Unnamed contact' }), info) : next(request, info);
    }),
  },
  {
    name: 'contact-language-unchecked',
    area: 'contacts',
    proves: ['contacts.preferred-language-other-refused'],
    description: 'Any preferred_language is taken (and left unchanged) instead of refusing values other than uz-Latn, uz-Cyrl, ru, en.',
    wrap: (next) =>
      onErrorCode('validation_failed', async (response, body, request) => {
        if (!body.error.fields?.preferred_language) return response;
        const { preferred_language: _ignored, ...sent } = await request.clone().json();
        return next(withBody(request, sent));
      })(next),
  },
  {
    name: 'contact-extra-phones-dropped',
    area: 'contacts',
    proves: ['contacts.phones-limit', 'contacts.emails-limit'],
    description: 'A contact with more than 10 phones or emails keeps the first 10 silently instead of answering validation_failed.',
    wrap: onOperation(contactWrite.operations, async (next, request, info, routed) => {
      const sent = byContactId(routed) ? await sentBody(request) : undefined;
      const over = (list: unknown) => Array.isArray(list) && list.length > 10;
      if (!sent || !(over(sent.phones) || over(sent.emails))) return next(request, info);
      return next(
        withBody(request, {
          ...sent,
          ...(over(sent.phones) ? { phones: sent.phones.slice(0, 10) } : {}),
          ...(over(sent.emails) ? { emails: sent.emails.slice(0, 10) } : {}),
        }),
        info,
      );
    }),
  },
  {
    name: 'contact-patch-appends-lists',
    area: 'contacts',
    proves: ['contacts.patch-phones-replace', 'contacts.patch-emails-replace', 'contacts.patch-normalizes'],
    description: 'PATCH of a contact adds the phones and emails sent to the ones it has instead of replacing the lists.',
    wrap: onOperation('updateContact', async (next, request, info, { params }, state) => {
      const id = shortId('ct', params.id) ? params.id : undefined;
      const sent = id ? await sentBody(request) : undefined;
      const stored = id && storedContact(state, id);
      if (!stored || !(Array.isArray(sent?.phones) || Array.isArray(sent?.emails))) return next(request, info);
      const merged = (field: 'phones' | 'emails') =>
        Array.isArray(sent[field]) ? { [field]: [...new Set([...stored[field], ...sent[field]])].slice(0, 10) } : {};
      return next(withBody(request, { ...sent, ...merged('phones'), ...merged('emails') }), info);
    }),
  },
  {
    name: 'contact-null-references-ignored',
    area: 'contacts',
    proves: ['contacts.patch-null-company', 'contacts.patch-null-owner'],
    description: 'company_id: null and owner_id: null on a contact PATCH are treated as not sent: the company and owner stay.',
    wrap: onOperation('updateContact', async (next, request, info, { params }) => {
      const sent = shortId('ct', params.id) ? await sentBody(request) : undefined;
      if (!sent || !(sent.company_id === null || sent.owner_id === null)) return next(request, info);
      const kept = Object.fromEntries(
        Object.entries(sent).filter(([field, value]) => !(['company_id', 'owner_id'].includes(field) && value === null)),
      );
      return next(withBody(request, Object.keys(kept).length ? kept : { custom: {} }), info);
    }),
  },
  {
    name: 'contact-open-leads-not-counted',
    area: 'contacts',
    proves: ['contacts.open-leads'],
    description: 'A contact always shows open_leads 0, whatever leads it has.',
    wrap: onSuccess(contactRead, (body) => eachContact(body, (contact) => ({ ...contact, open_leads: 0 }))),
  },
  {
    name: 'contact-open-leads-count-closed',
    area: 'contacts',
    proves: ['contacts.open-leads'],
    description: "A contact's open_leads counts all its leads, won and lost ones too.",
    wrap: (next, state) =>
      onSuccess(contactRead, (body) =>
        eachContact(body, (contact) => {
          const workspace = [...state.workspaces.values()].find((candidate) => candidate.tables.contacts.get(contact.id));
          const leads = workspace
            ? workspace.tables.leads.records().filter((lead: any) => lead.contact_id === contact.id && !lead.deleted_at)
            : [];
          return { ...contact, open_leads: leads.length };
        }),
      )(next, state),
  },
  {
    name: 'contact-search-names-only',
    area: 'contacts',
    proves: ['contacts.q-phones', 'contacts.q-emails'],
    description: 'q on the contact list searches names only, not phones or emails.',
    wrap: onSuccess({ ...contactList, matches: (_routed, query) => query.has('q') }, (body, _sent, query) => {
      const q = query.get('q')!.toLowerCase();
      return { ...body, data: body.data.filter((contact: { name: string }) => contact.name.toLowerCase().includes(q)) };
    }),
  },
  {
    name: 'contacts-oldest-first',
    area: 'contacts',
    proves: ['contacts.list-newest-first'],
    description: 'The contact list is oldest first (each page reversed).',
    wrap: onSuccess(contactList, (body) => ({ ...body, data: [...body.data].reverse() })),
  },
  {
    name: 'contact-company-scope-unchecked',
    area: 'contacts',
    proves: ['contacts.company-needs-companies-read'],
    description:
      'A key without companies:read creates a contact with company_id (the company silently dropped) instead of answering missing_scope.',
    wrap: onOperation(['listContacts', 'createContact'], (next, request, info) =>
      onErrorCode('missing_scope', async (response, body, request) => {
        if (body.error.scope !== 'companies:read') return response;
        const { company_id: _dropped, ...sent } = await request.clone().json();
        return next(withBody(request, sent));
      })(next)(request, info),
    ),
  },
  // Blind fault hunt (the faults below were written from the spec and the mock, not from the checks).
  {
    name: 'contact-patch-emails-case-kept',
    area: 'contacts',
    proves: ['contacts.patch-emails-replace', 'contacts.patch-normalizes', 'responses.shape.update-contact'],
    description: 'Emails are lowercased on create only: the answer to a PATCH with emails shows them in the case sent (spec 2.4).',
    wrap: onOperation('updateContact', async (next, request, info, { params }) => {
      if (!shortId('ct', params.id)) return next(request, info);
      const emails = (await sentJson(request))?.emails;
      const response = await next(request, info);
      if (!Array.isArray(emails) || !emails.every((email) => typeof email === 'string')) return response;
      return alterOk(response, (body) => ({ ...body, emails: emails.map((email: string) => email.trim()) }));
    }),
  },
  {
    name: 'phone-leading-8-as-russian',
    area: 'contacts',
    proves: ['contacts.phones-leading-8', 'contacts.phone-goes-first'],
    description:
      'Phones are parsed with Russia as the home region, so a local spelling with the trunk 8 (8 90 123 45 67) becomes +790... instead of +99890... (spec 2.4).',
    ...onContactWrite((contact, sent) => {
      const phones = [sent.phone, ...(Array.isArray(sent.phones) ? sent.phones : [])].filter((phone) => typeof phone === 'string');
      if (phones.length !== contact.phones?.length || !phones.some((phone) => russianTrunkPhone(phone))) return undefined;
      const stored = contact.phones.map((phone: string, index: number) => russianTrunkPhone(phones[index] ?? '') ?? phone);
      return { phones: stored, ...(contact.name === contact.phones[0] ? { name: stored[0] } : {}) };
    }),
  },
  {
    name: 'deleted-contact-still-searchable',
    area: 'contacts',
    proves: ['contacts.delete-to-trash'],
    description: 'The contact search index is not told of deletes: q still finds contacts in the trash, which have left lists (spec 2.1).',
    wrap: (next, state) =>
      onOperation('listContacts', async (next, request, info) => {
        const response = await next(request, info);
        const query = queryOf(request);
        const q = query.get('q')?.trim().toLowerCase();
        const workspace = callerWorkspace(state, request);
        const body = response.ok && q && !query.get('cursor') ? await jsonOf(response) : undefined;
        if (!Array.isArray(body?.data) || !workspace) return response;
        const found = [...workspace.tables.contacts.values()].filter(
          (contact) =>
            contact.deleted_at !== null &&
            [contact.name, ...contact.phones, ...contact.emails].some((text) => text.toLowerCase().includes(q!)),
        );
        return changed(response, {
          body: { ...body, data: [...body.data, ...found.map((contact) => presentContact(workspace, contact))] },
        });
      })(next, state),
  },
  {
    name: 'phone-plus-spelling-kept',
    area: 'contacts',
    proves: ['contacts.phones-international', 'contacts.phones-spaces-dashes', 'responses.shape.create-contact'],
    description:
      'A phone sent with its + is taken as already international and kept as typed (+998 90 123-45-67, spaces and dashes included): only local spellings go through the normalizer (spec 2.4: + and digits).',
    wrap: plusSpellingKept,
  },
  {
    name: 'contact-tenth-phone-refused',
    area: 'contacts',
    proves: ['contacts.phones-limit', 'contacts.emails-limit'],
    description:
      'Off by one in the list limits: a contact with exactly 10 phones (or 10 emails) answers 422 validation_failed under phones (emails): the check is count >= 10 (spec 2.4, 8: up to 10 each).',
    wrap: overTheEdge('createContact', (sent) => {
      const phones = Array.isArray(sent.phones) ? sent.phones.length + (typeof sent.phone === 'string' ? 1 : 0) : 0;
      const emails = Array.isArray(sent.emails) ? sent.emails.length + (typeof sent.email === 'string' ? 1 : 0) : 0;
      if (phones === 10) return { ...sent, phones: [...sent.phones, '+998999999999'] };
      if (emails === 10) return { ...sent, emails: [...sent.emails, 'one.more@example.org'] };
      return undefined;
    }),
  },
  {
    name: 'contact-name-255-refused',
    area: 'contacts',
    proves: ['contacts.name-limit'],
    description: 'A contact name of exactly 255 characters is refused with 422 under name: the column holds 254 (spec 2.4, 8: up to 255).',
    wrap: overTheEdge(['createContact', 'updateContact'], (sent) =>
      typeof sent.name === 'string' && [...sent.name].length === 255 ? { ...sent, name: `${sent.name}x` } : undefined,
    ),
  },
  {
    name: 'contact-named-after-raw-phone',
    area: 'contacts',
    proves: ['contacts.name-from-phone'],
    description:
      'A contact created without a name is named after its first phone as typed (90 123-45-67), the name taken from the body before the phones are normalized, instead of after its first phone (+998901234567) (spec 2.4).',
    ...alsoWrites(
      ['createContact'],
      () => 'contacts',
      (contact, sent) => {
        const typed = [sent.phone, ...(Array.isArray(sent.phones) ? sent.phones : [])].find((phone) => typeof phone === 'string');
        if (
          (typeof sent.name === 'string' && sent.name.trim()) ||
          typeof typed !== 'string' ||
          contact.name !== contact.phones?.[0] ||
          typed === contact.name
        )
          return undefined;
        return { fields: { name: typed } };
      },
    ),
  },
  {
    name: 'contact-restore-not-saved',
    area: 'contacts',
    proves: ['contacts.restore'],
    description:
      'Restoring a contact answers 200 with the contact but the change is never saved: it stays in the trash (reads 410 gone, left out of the list) (spec 2.1: restore brings it back).',
    // The handler's own lost write, inside the request's transaction: the trash stamp is put back.
    operations: ['restoreContact'],
    async aroundHandler(next, context) {
      const { workspace } = callerOf(context);
      const named = context.input.path.id!;
      const stored = /^[0-9]+$/.test(named)
        ? workspace.tables.contacts.firstBy('number', Number(named))
        : workspace.tables.contacts.get(normalizeId(named));
      const deletedAt = stored?.deleted_at;
      const result = await next();
      if (stored && deletedAt) await workspace.tables.contacts.update(stored.id, (draft) => void (draft.deleted_at = deletedAt));
      return result;
    },
  },
];
