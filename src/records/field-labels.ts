// Labels of the built-in fields, in the fields list and on timeline change items (spec 2.1:
// names shown in several languages are keyed by locale). The document gives record properties
// no labels, so they live here; a field without one is labelled with its name.
import type { components } from '../spec/generated/crm.d.ts';

type LocalizedText = components['schemas']['LocalizedText'];

const LABELS: Record<string, [uz: string, ru: string, en: string]> = {
  id: ['ID', 'ID', 'ID'],
  number: ['Raqam', 'Номер', 'Number'],
  name: ['Nomi', 'Название', 'Name'],
  amount: ['Summa', 'Сумма', 'Amount'],
  currency: ['Valyuta', 'Валюта', 'Currency'],
  pipeline_id: ['Voronka', 'Воронка', 'Pipeline'],
  stage_id: ['Bosqich', 'Этап', 'Stage'],
  owner_id: ["Mas'ul", 'Ответственный', 'Owner'],
  'owner.name': ["Mas'ul ismi", 'Имя ответственного', 'Owner name'],
  contact_id: ['Kontakt', 'Контакт', 'Contact'],
  'contact.name': ['Kontakt ismi', 'Имя контакта', 'Contact name'],
  'contact.phones': ['Kontakt telefoni', 'Телефон контакта', 'Contact phone'],
  company_id: ['Kompaniya', 'Компания', 'Company'],
  'company.name': ['Kompaniya nomi', 'Название компании', 'Company name'],
  source: ['Manba', 'Источник', 'Source'],
  'utm.utm_source': ['UTM manba', 'UTM источник', 'UTM source'],
  'utm.utm_medium': ['UTM kanal', 'UTM канал', 'UTM medium'],
  'utm.utm_campaign': ['UTM kampaniya', 'UTM кампания', 'UTM campaign'],
  'utm.utm_content': ['UTM kontent', 'UTM контент', 'UTM content'],
  'utm.utm_term': ['UTM kalit so‘z', 'UTM ключевое слово', 'UTM term'],
  referrer: ['Yo‘naltiruvchi', 'Реферер', 'Referrer'],
  landing_page: ['Kirish sahifasi', 'Посадочная страница', 'Landing page'],
  tags: ['Teglar', 'Теги', 'Tags'],
  position: ['Tartib', 'Позиция', 'Position'],
  stage_entered_at: ['Bosqichga kirgan', 'Вход в этап', 'Entered stage'],
  closed_at: ['Yopilgan', 'Закрыто', 'Closed'],
  loss_reason: ['Yo‘qotish sababi', 'Причина отказа', 'Loss reason'],
  created_at: ['Yaratilgan', 'Создано', 'Created'],
  updated_at: ['Yangilangan', 'Изменено', 'Updated'],
  phones: ['Telefonlar', 'Телефоны', 'Phones'],
  emails: ['Emaillar', 'Email', 'Emails'],
  preferred_language: ['Afzal til', 'Предпочитаемый язык', 'Preferred language'],
  open_leads: ['Ochiq bitimlar', 'Открытые сделки', 'Open leads'],
  website: ['Veb-sayt', 'Сайт', 'Website'],
};

export function builtInLabel(field: string): LocalizedText {
  const [uz, ru, en] = LABELS[field] ?? [field, field, field];
  return { 'uz-Latn': uz, ru, en };
}
