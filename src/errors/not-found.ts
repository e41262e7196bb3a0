// 404 `not_found` that says what was not found (issue 25, item 2). Spec 7.3 fixes the code for an
// unknown id or number; the message (7.1: "for people ... may change") names the kind of thing,
// read from the id's prefix (spec 2.2) when the thrower does not know it better, and the value sent.
import { ApiError } from './api-error.ts';
import type { Language, Texts } from './messages.ts';
import { ID_PREFIXES, LONG_PREFIXES, type IdKind } from '../ids/ids.ts';

/** What a 404 can be about, in each language of spec 7.1. */
const NOUNS: Record<IdKind | 'record' | 'file' | 'errorCode', Texts> = {
  lead: { en: 'lead', ru: 'сделка', uz: 'bitim' },
  contact: { en: 'contact', ru: 'контакт', uz: 'kontakt' },
  company: { en: 'company', ru: 'компания', uz: 'kompaniya' },
  pipeline: { en: 'pipeline', ru: 'воронка', uz: 'voronka' },
  stage: { en: 'stage', ru: 'этап', uz: 'bosqich' },
  conversation: { en: 'conversation', ru: 'диалог', uz: 'suhbat' },
  channel: { en: 'channel', ru: 'канал', uz: 'kanal' },
  webhook: { en: 'webhook', ru: 'вебхук', uz: 'vebhuk' },
  apiKey: { en: 'API key', ru: 'ключ API', uz: 'API kaliti' },
  app: { en: 'app', ru: 'приложение', uz: 'ilova' },
  tag: { en: 'tag', ru: 'тег', uz: 'teg' },
  event: { en: 'event', ru: 'событие', uz: 'hodisa' },
  task: { en: 'task', ru: 'задача', uz: 'vazifa' },
  note: { en: 'note', ru: 'заметка', uz: 'eslatma' },
  invoice: { en: 'invoice', ru: 'счёт', uz: 'hisob-faktura' },
  product: { en: 'product', ru: 'товар', uz: 'mahsulot' },
  field: { en: 'custom field', ru: 'дополнительное поле', uz: "qo'shimcha maydon" },
  message: { en: 'message', ru: 'сообщение', uz: 'xabar' },
  member: { en: 'member', ru: 'участник', uz: "a'zo" },
  delivery: { en: 'webhook delivery', ru: 'доставка вебхука', uz: 'vebhuk yetkazmasi' },
  workspace: { en: 'workspace', ru: 'рабочее пространство', uz: 'ish maydoni' },
  installation: { en: 'app installation', ru: 'установка приложения', uz: "ilova o'rnatmasi" },
  team: { en: 'team', ru: 'команда', uz: 'jamoa' },
  automation: { en: 'automation', ru: 'автоматизация', uz: 'avtomatlashtirish' },
  lineItem: { en: 'line item', ru: 'позиция', uz: 'pozitsiya' },
  leadContact: { en: 'contact of the lead', ru: 'контакт сделки', uz: 'bitim kontakti' },
  form: { en: 'form', ru: 'форма', uz: 'forma' },
  bulkRun: { en: 'bulk action', ru: 'массовое действие', uz: 'ommaviy amal' },
  formSubmission: { en: 'form submission', ru: 'заявка формы', uz: 'forma arizasi' },
  timelineItem: { en: 'timeline item', ru: 'запись ленты', uz: 'lenta yozuvi' },
  record: { en: 'record', ru: 'запись', uz: 'yozuv' },
  file: { en: 'inspector file', ru: 'файл инспектора', uz: 'inspektor fayli' },
  errorCode: { en: 'error code', ru: 'код ошибки', uz: 'xato kodi' },
};

export type NotFoundKind = keyof typeof NOUNS;

const KIND_OF_PREFIX = new Map<string, IdKind>(Object.entries(ID_PREFIXES).map(([kind, prefix]) => [prefix, kind as IdKind]));

/** The kind an id's prefix names (short or long, spec 2.2); a record number or another value names none. */
export function kindOfId(sent: string): NotFoundKind {
  const prefix = /^([a-z]+)_/.exec(sent)?.[1] ?? '';
  return KIND_OF_PREFIX.get(LONG_PREFIXES[prefix] ?? prefix) ?? 'record';
}

const TEMPLATES: Record<Language, (noun: string, sent: string) => string> = {
  en: (noun, sent) => `Not found: no ${noun} ${sent}`,
  ru: (noun, sent) => `Не найдено: ${noun} ${sent} отсутствует`,
  uz: (noun, sent) => `Topilmadi: ${noun} ${sent} yo'q`,
};

/** Where the mock looked: spec 2.1, a credential sees only its workspace (an id of another one is not found either). */
export const IN_THE_WORKSPACE: Texts = {
  en: "in the caller's workspace",
  ru: 'в рабочем пространстве вызывающего',
  uz: 'chaqiruvchining ish maydonida',
};

/** Where the control API (`/_mock/workspaces/{ws}/...`) looks for a workspace: all of the mock's. */
export const ON_THIS_MOCK: Texts = {
  en: 'on this mock; GET /_mock/workspaces lists its workspaces',
  ru: 'в этом моке; GET /_mock/workspaces перечисляет его пространства',
  uz: "bu mockda; GET /_mock/workspaces uning ish maydonlarini ko'rsatadi",
};

/** 404 `not_found` for a value sent (an id, a number, a name) that names nothing of its kind, `where` it was looked for. */
export function notFound(
  sent: string,
  kind: NotFoundKind = kindOfId(sent),
  where: Texts = kind === 'workspace' ? ON_THIS_MOCK : IN_THE_WORKSPACE,
): ApiError {
  const shown = /^[0-9]+$/.test(sent) ? `#${sent}` : sent;
  const texts = (language: Language) => `${TEMPLATES[language](NOUNS[kind][language], shown)} (${where[language]}).`;
  return new ApiError('not_found', {}, { detail: { en: texts('en'), ru: texts('ru'), uz: texts('uz') } });
}

/** 404 `not_found` for a path no operation of the API has. */
export function noOperationAt(pathname: string): ApiError {
  return new ApiError(
    'not_found',
    {},
    {
      detail: {
        en: `Not found: no operation of this API has the path ${pathname} (check the version segment and the spelling).`,
        ru: `Не найдено: ни одна операция этого API не имеет пути ${pathname} (проверьте версию и написание).`,
        uz: `Topilmadi: bu API ning hech bir amalida ${pathname} yo'li yo'q (versiya va yozilishini tekshiring).`,
      },
    },
  );
}

/** Where the inspector's files are: src/inspector/page/. */
export const IN_THE_PAGE: Texts = {
  en: 'the inspector page has index.html, app.js, inspector.css and the files they load',
  ru: 'у страницы инспектора есть index.html, app.js, inspector.css и загружаемые ими файлы',
  uz: 'inspektor sahifasida index.html, app.js, inspector.css va ular yuklaydigan fayllar bor',
};
