// What a new workspace holds besides its people, so that every feature can be tried at once:
// two teams, two pipelines with stages named in uz-Latn, ru and en, one channel of every type, a
// website form with consent text, an installed OAuth app, and the starter custom fields. Each is
// a step registered with src/workspaces/starter-content.ts (by src/resources/index.ts), run in
// this order on every new workspace once its members exist.
import { loadRuntimeDocument } from '../spec/runtime-document.ts';
import { schemaEnum } from '../spec/schema-enum.ts';
import type { StarterStep } from '../workspaces/starter-content.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import type { ChannelType } from './channels/channel-record.ts';
import { addStarterFields } from './fields/starter-fields.ts';
import { addStarterTeams } from './members/starter-teams.ts';
import type { Stage } from './pipelines/pipeline-records.ts';
import { addApp, addChannel, addForm, addPipeline, type FormSpec } from './workspace-content.ts';

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

/** What a form leaves out is taken from this one (the control API's addForm too). */
export const STARTER_FORM: FormSpec = {
  name: 'Website request',
  status: 'active',
  default_lang: 'ru',
  texts: {
    uz: {
      title: 'Ariza qoldiring',
      submit: 'Yuborish',
      consent: "Shaxsiy ma'lumotlarimni qayta ishlashga roziman.",
      success: "Rahmat! Tez orada siz bilan bog'lanamiz.",
    },
    ru: {
      title: 'Оставьте заявку',
      submit: 'Отправить',
      consent: 'Я согласен на обработку персональных данных.',
      success: 'Спасибо! Мы скоро с вами свяжемся.',
    },
    en: {
      title: 'Leave a request',
      submit: 'Send',
      consent: 'I agree to the processing of my personal data.',
      success: 'Thank you! We will contact you soon.',
    },
  },
  fields: [
    { id: 'name', type: 'text', labels: { uz: 'Ismingiz', ru: 'Ваше имя', en: 'Your name' }, required: false, autocomplete: 'name' },
    { id: 'phone', type: 'phone', labels: { uz: 'Telefon', ru: 'Телефон', en: 'Phone' }, required: true, autocomplete: 'tel' },
    { id: 'email', type: 'email', labels: { uz: 'Email', ru: 'Email', en: 'Email' }, required: false, autocomplete: 'email' },
  ],
  color: '#2563eb',
  min_ms: 3000,
  tags: ['website'],
  allowed_origins: [],
  redirect_url: null,
  returning_client: 'add_to_open_lead',
  owner_rule: { type: 'none', member_ids: [], keep_client_owner: true },
};

const APP_SCOPES = ['leads:read', 'leads:write', 'contacts:read', 'contacts:write', 'messages:read', 'messages:send', 'ui:extend'];

export const starterSteps: StarterStep[] = [addStarterTeams, addPipelines, addChannels, addWebsiteForm, addDemoApp, addStarterFields];

async function addPipelines(workspace: Workspace): Promise<void> {
  for (const pipeline of PIPELINES) await addPipeline(workspace, pipeline);
}

async function addChannels(workspace: Workspace): Promise<void> {
  for (const type of schemaEnum<ChannelType>(loadRuntimeDocument('crm'), 'ChannelType'))
    await addChannel(workspace, type, CHANNEL_NAMES[type]);
}

async function addWebsiteForm(workspace: Workspace): Promise<void> {
  await addForm(workspace, STARTER_FORM);
}

async function addDemoApp(workspace: Workspace): Promise<void> {
  await addApp(workspace, { name: 'Demo app', redirect_uri: 'http://127.0.0.1/oauth/callback', scopes: APP_SCOPES });
}
