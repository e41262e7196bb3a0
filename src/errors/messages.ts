// Messages for people, per code, in the languages of spec 7.1 (`en` default, `ru`, `uz`).
// Codes never change with the language; these texts may.

export type Language = 'en' | 'ru' | 'uz';

/** One text in each language of spec 7.1. */
export type Texts = Record<Language, string>;

const messages: Record<string, Texts> = {
  validation_failed: { en: 'Some values are invalid.', ru: 'Некоторые значения недопустимы.', uz: "Ba'zi qiymatlar noto'g'ri." },
  bad_json: {
    en: 'The body is not valid JSON or a value has the wrong type.',
    ru: 'Тело запроса не является корректным JSON или значение имеет неверный тип.',
    uz: "So'rov tanasi to'g'ri JSON emas yoki qiymat turi noto'g'ri.",
  },
  unknown_field: {
    en: 'The request has a field this endpoint does not accept.',
    ru: 'В запросе есть поле, которое этот метод не принимает.',
    uz: "So'rovda bu manzil qabul qilmaydigan maydon bor.",
  },
  body_too_large: { en: 'The request body is larger than 1 MB.', ru: 'Тело запроса больше 1 МБ.', uz: "So'rov tanasi 1 MB dan katta." },
  invalid_cursor: {
    en: 'The cursor is not valid; start again from the first page.',
    ru: 'Курсор недействителен; начните с первой страницы.',
    uz: 'Kursor yaroqsiz; birinchi sahifadan qayta boshlang.',
  },
  invalid_id_type: {
    en: 'The id is of the wrong type for this route.',
    ru: 'Идентификатор не того типа для этого маршрута.',
    uz: "Identifikator bu yo'l uchun noto'g'ri turda.",
  },
  not_found: { en: 'Not found.', ru: 'Не найдено.', uz: 'Topilmadi.' },
  gone: { en: 'The record was deleted.', ru: 'Запись удалена.', uz: "Yozuv o'chirilgan." },
  missing_scope: {
    en: 'The credential lacks a required scope.',
    ru: 'У ключа нет нужного разрешения.',
    uz: "Kalitda kerakli ruxsat yo'q.",
  },
  forbidden: { en: 'You are not allowed to do this.', ru: 'Это действие запрещено.', uz: 'Bu amalga ruxsat yo‘q.' },
  permission_denied: {
    en: 'Only owners and admins can manage API keys.',
    ru: 'Управлять ключами API могут только владельцы и администраторы.',
    uz: 'API kalitlarini faqat egalar va administratorlar boshqara oladi.',
  },
  invalid_token: {
    en: 'The credential is invalid, expired or revoked.',
    ru: 'Ключ недействителен, истёк или отозван.',
    uz: "Kalit yaroqsiz, muddati o'tgan yoki bekor qilingan.",
  },
  key_expired: { en: 'The API key has expired.', ru: 'Срок действия ключа API истёк.', uz: 'API kalitining muddati tugagan.' },
  key_revoked: { en: 'The API key was revoked.', ru: 'Ключ API отозван.', uz: 'API kaliti bekor qilingan.' },
  key_inactive: {
    en: 'The API key is revoked or expired and cannot be changed.',
    ru: 'Ключ API отозван или истёк и не может быть изменён.',
    uz: "API kaliti bekor qilingan yoki muddati o'tgan, uni o'zgartirib bo'lmaydi.",
  },
  ip_not_allowed: {
    en: 'This API key may not be used from your IP address.',
    ru: 'Этот ключ API нельзя использовать с вашего IP-адреса.',
    uz: "Bu API kalitidan sizning IP manzilingizdan foydalanib bo'lmaydi.",
  },
  credentials_in_url: {
    en: 'Credentials must not be sent in the URL; use the Authorization header.',
    ru: 'Нельзя передавать ключи в URL; используйте заголовок Authorization.',
    uz: "Kalitni URL da yuborib bo'lmaydi; Authorization sarlavhasidan foydalaning.",
  },
  rate_limited: {
    en: 'Too many requests; retry after the time in Retry-After.',
    ru: 'Слишком много запросов; повторите после времени из Retry-After.',
    uz: "So'rovlar juda ko'p; Retry-After dagi vaqtdan keyin qayta urinib ko'ring.",
  },
  concurrency_limited: {
    en: 'Too many requests in flight for this credential.',
    ru: 'Слишком много одновременных запросов для этого ключа.',
    uz: "Bu kalit uchun bir vaqtdagi so'rovlar juda ko'p.",
  },
  limit_reached: {
    en: 'A limit of your plan or of this object was reached.',
    ru: 'Достигнут лимит тарифа или объекта.',
    uz: 'Tarif yoki obyekt chegarasiga yetildi.',
  },
  plan_required: {
    en: 'This feature is not in your plan.',
    ru: 'Эта функция не входит в ваш тариф.',
    uz: 'Bu imkoniyat tarifingizga kirmaydi.',
  },
  read_only: {
    en: 'The workspace is read-only until its subscription is paid.',
    ru: 'Рабочее пространство доступно только для чтения до оплаты подписки.',
    uz: "Obuna to'lanmaguncha ish maydoni faqat o'qish uchun.",
  },
  no_pipeline: { en: 'The workspace has no pipeline.', ru: 'В рабочем пространстве нет воронки.', uz: "Ish maydonida voronka yo'q." },
  duplicate_lead: {
    en: 'This contact already has an open lead in this pipeline.',
    ru: 'У этого контакта уже есть открытая сделка в этой воронке.',
    uz: 'Bu kontaktning ushbu voronkada ochiq bitimi bor.',
  },
  opted_out: {
    en: 'The client opted out of messages on this channel.',
    ru: 'Клиент отказался от сообщений в этом канале.',
    uz: 'Mijoz bu kanalda xabarlardan voz kechgan.',
  },
  not_failed: {
    en: 'Only a failed message can be retried.',
    ru: 'Повторить можно только неудавшееся сообщение.',
    uz: 'Faqat yuborilmagan xabarni qayta yuborish mumkin.',
  },
  task_not_open: {
    en: 'Only an open task can be snoozed.',
    ru: 'Отложить можно только открытую задачу.',
    uz: 'Faqat ochiq vazifani kechiktirish mumkin.',
  },
  tags_admins_only: {
    en: 'Only owners and admins can create tags in this workspace.',
    ru: 'В этом пространстве теги могут создавать только владельцы и администраторы.',
    uz: 'Bu ish maydonida teglarni faqat egalar va administratorlar yarata oladi.',
  },
  tag_limit: {
    en: 'The workspace already has 200 tags.',
    ru: 'В рабочем пространстве уже 200 тегов.',
    uz: 'Ish maydonida allaqachon 200 ta teg bor.',
  },
  tag_exists: { en: 'Another tag already has this name.', ru: 'Другой тег уже называется так.', uz: 'Bu nomdagi boshqa teg bor.' },
  edit_window_closed: {
    en: 'Notes can be edited only by their author within 24 hours.',
    ru: 'Заметку может изменить только автор в течение 24 часов.',
    uz: "Eslatmani faqat muallifi 24 soat ichida o'zgartira oladi.",
  },
  form_expired: {
    en: 'The form has expired; load it again.',
    ru: 'Форма устарела; загрузите её снова.',
    uz: 'Forma eskirgan; uni qayta yuklang.',
  },
  form_quota_reached: {
    en: 'The monthly submissions of the plan are used up.',
    ru: 'Месячный лимит заявок по тарифу исчерпан.',
    uz: 'Tarifning oylik arizalar soni tugadi.',
  },
  form_unavailable: { en: 'This form is not available.', ru: 'Эта форма недоступна.', uz: 'Bu forma mavjud emas.' },
  origin_not_allowed: {
    en: 'This website may not use the form.',
    ru: 'Этот сайт не может использовать форму.',
    uz: 'Bu sayt formadan foydalana olmaydi.',
  },
  query_too_slow: {
    en: 'The filter is too slow; add a selective condition.',
    ru: 'Фильтр слишком медленный; добавьте избирательное условие.',
    uz: "Filtr juda sekin; aniqroq shart qo'shing.",
  },
  too_many_conditions: { en: 'The query exceeds a limit.', ru: 'Запрос превышает лимит.', uz: "So'rov chegaradan oshdi." },
  invalid_query: { en: 'The query is not valid.', ru: 'Запрос некорректен.', uz: "So'rov noto'g'ri." },
  masked_filter: {
    en: 'Masked phones and emails can only be matched by their exact full value.',
    ru: 'Скрытые телефоны и email можно искать только по точному полному значению.',
    uz: "Yashirilgan telefon va emaillarni faqat to'liq aniq qiymat bo'yicha qidirish mumkin.",
  },
  masked_sort: {
    en: 'Masked phones and emails cannot be sorted by.',
    ru: 'По скрытым телефонам и email нельзя сортировать.',
    uz: "Yashirilgan telefon va emaillar bo'yicha saralab bo'lmaydi.",
  },
  request_expired: {
    en: 'The authorization request expired; start again.',
    ru: 'Запрос авторизации истёк; начните заново.',
    uz: "Avtorizatsiya so'rovi eskirdi; qaytadan boshlang.",
  },
  internal: {
    en: 'Something went wrong on our side; retry with backoff.',
    ru: 'Внутренняя ошибка; повторите позже.',
    uz: "Ichki xato; keyinroq qayta urinib ko'ring.",
  },
  not_implemented: {
    en: 'The mock does not implement this operation yet.',
    ru: 'Мок пока не реализует эту операцию.',
    uz: 'Mock bu amalni hali bajarmaydi.',
  },
  service_unavailable: {
    en: 'The service is unavailable for a moment; retry with backoff.',
    ru: 'Сервис временно недоступен; повторите позже.',
    uz: "Xizmat vaqtincha ishlamayapti; keyinroq qayta urinib ko'ring.",
  },
  malformed_request: { en: 'The request is not valid HTTP.', ru: 'Запрос не является корректным HTTP.', uz: "So'rov to'g'ri HTTP emas." },
  method_not_allowed: {
    en: 'This method is not allowed on this path.',
    ru: 'Этот метод не разрешён для этого пути.',
    uz: "Bu yo'l uchun bu usulga ruxsat yo'q.",
  },
};

const fallback: Texts = { en: 'The request failed.', ru: 'Запрос не выполнен.', uz: "So'rov bajarilmadi." };

export function messageFor(code: string, language: Language): string {
  return (messages[code] ?? fallback)[language];
}

export function hasMessage(code: string): boolean {
  return code in messages;
}

/** Picks `en`, `ru` or `uz` from an Accept-Language header, by the order and weights it gives. */
export function pickLanguage(acceptLanguage: string | null): Language {
  if (!acceptLanguage) return 'en';
  const ranked = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { base: tag.split('-')[0] ?? '', q: weight ? Number(weight.slice(2)) : 1 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  const match = ranked.find((entry) => entry.base === 'en' || entry.base === 'ru' || entry.base === 'uz');
  return (match?.base as Language | undefined) ?? 'en';
}
