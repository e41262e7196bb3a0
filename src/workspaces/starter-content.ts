// What a new workspace holds besides its people, so that every feature can be tried at once:
// two pipelines with stages named in uz-Latn, ru and en, one channel of every type, a website
// form with consent text, and an installed OAuth app.
import type { MockState } from '../mock-state.ts';
import type { ChannelType } from '../resources/channels/channel-record.ts';
import type { Stage } from '../resources/pipelines/pipeline-records.ts';
import { loadDocument } from '../spec/document.ts';
import { schemaEnum } from '../spec/schema-enum.ts';
import { randomBase64url } from '../store/random-text.ts';
import type { Workspace } from './workspace.ts';

type Name = { 'uz-Latn': string; ru: string; en: string };

const PIPELINES: { name: Name; stages: { name: Name; type: Stage['type'] }[] }[] = [
  {
    name: { 'uz-Latn': 'Sotuv', ru: 'Продажи', en: 'Sales' },
    stages: [
      { name: { 'uz-Latn': 'Yangi', ru: 'Новый', en: 'New' }, type: 'open' },
      { name: { 'uz-Latn': "Bog'lanildi", ru: 'Контакт установлен', en: 'Contacted' }, type: 'open' },
      { name: { 'uz-Latn': 'Muzokara', ru: 'Переговоры', en: 'Negotiation' }, type: 'open' },
      { name: { 'uz-Latn': 'Yutildi', ru: 'Успешно', en: 'Won' }, type: 'won' },
      { name: { 'uz-Latn': 'Yutqazildi', ru: 'Проиграно', en: 'Lost' }, type: 'lost' },
    ],
  },
  {
    name: { 'uz-Latn': 'Ulgurji', ru: 'Опт', en: 'Wholesale' },
    stages: [
      { name: { 'uz-Latn': 'Ariza', ru: 'Заявка', en: 'Request' }, type: 'open' },
      { name: { 'uz-Latn': 'Taklif', ru: 'Предложение', en: 'Proposal' }, type: 'open' },
      { name: { 'uz-Latn': 'Yutildi', ru: 'Успешно', en: 'Won' }, type: 'won' },
      { name: { 'uz-Latn': 'Yutqazildi', ru: 'Проиграно', en: 'Lost' }, type: 'lost' },
    ],
  },
];

const CHANNEL_NAMES: Record<ChannelType, string> = {
  telegram_bot: 'Telegram bot',
  telegram_business: 'Telegram Business',
  telegram_account: 'Telegram account',
  whatsapp: 'WhatsApp',
  instagram: 'Instagram',
  email: 'Email',
  webchat: 'Website chat',
  simulator: 'Simulator',
};

const APP_SCOPES = ['leads:read', 'leads:write', 'contacts:read', 'contacts:write', 'messages:read', 'messages:send', 'ui:extend'];

export async function addStarterContent(state: MockState, workspace: Workspace): Promise<void> {
  await addPipelines(state, workspace);
  await addChannels(state, workspace);
  await addWebsiteForm(state, workspace);
  await addApp(state, workspace);
}

async function addPipelines(state: MockState, workspace: Workspace): Promise<void> {
  const created_at = isoNow(state, workspace);
  for (const [position, pipeline] of PIPELINES.entries()) {
    const id = state.newId('pipeline', workspace.id);
    await workspace.tables.pipelines.insert({ id, name: pipeline.name, position, created_at });
    for (const [stagePosition, stage] of pipeline.stages.entries()) {
      await workspace.tables.stages.insert({ id: state.newId('stage', workspace.id), pipeline_id: id, name: stage.name, type: stage.type, position: stagePosition });
    }
  }
}

async function addChannels(state: MockState, workspace: Workspace): Promise<void> {
  for (const type of schemaEnum<ChannelType>(loadDocument('crm'), 'ChannelType')) {
    await workspace.tables.channels.insert({ id: state.newId('channel', workspace.id), type, name: CHANNEL_NAMES[type], status: 'active' });
  }
}

async function addWebsiteForm(state: MockState, workspace: Workspace): Promise<void> {
  const pipeline = [...workspace.tables.pipelines.values()].find((candidate) => candidate.position === 0)!;
  const stage = workspace.tables.stages.findBy('pipeline', pipeline.id).find((candidate) => candidate.position === 0)!;
  await workspace.tables.forms.insert({
    id: state.newId('form', workspace.id),
    name: 'Website request',
    status: 'active',
    default_lang: 'ru',
    texts: {
      uz: { title: 'Ariza qoldiring', submit: 'Yuborish', consent: "Shaxsiy ma'lumotlarimni qayta ishlashga roziman." },
      ru: { title: 'Оставьте заявку', submit: 'Отправить', consent: 'Я согласен на обработку персональных данных.' },
      en: { title: 'Leave a request', submit: 'Send', consent: 'I agree to the processing of my personal data.' },
    },
    fields: [
      { id: 'name', type: 'text', labels: { uz: 'Ismingiz', ru: 'Ваше имя', en: 'Your name' }, required: false, autocomplete: 'name' },
      { id: 'phone', type: 'phone', labels: { uz: 'Telefon', ru: 'Телефон', en: 'Phone' }, required: true, autocomplete: 'tel' },
      { id: 'email', type: 'email', labels: { uz: 'Email', ru: 'Email', en: 'Email' }, required: false, autocomplete: 'email' },
    ],
    color: '#2563eb',
    min_ms: 3000,
    pipeline_id: pipeline.id,
    stage_id: stage.id,
    tags: ['website'],
    allowed_origins: [],
    created_at: isoNow(state, workspace),
  });
}

async function addApp(state: MockState, workspace: Workspace): Promise<void> {
  const id = state.newId('app', workspace.id);
  await workspace.tables.apps.insert({
    id,
    name: 'Demo app',
    client_id: id,
    client_secret: randomBase64url(32),
    redirect_uri: 'http://127.0.0.1/oauth/callback',
    scopes: APP_SCOPES,
    webhook_url: null,
    created_at: isoNow(state, workspace),
  });
}

function isoNow(state: MockState, workspace: Workspace): string {
  return new Date(state.now(workspace.id)).toISOString();
}
