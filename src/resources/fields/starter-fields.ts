// The custom fields of a new workspace, so that tests and integrators have something to send in
// `custom` at once: every value type of spec 2.11 appears on leads or contacts, select types
// have options, labels are in uz-Latn, ru and en. Lead `budget` is required (it can be left out
// on create, never cleared).
import type { Workspace } from '../../workspaces/workspace.ts';
import type { CustomField } from './field-record.ts';

type Label = { 'uz-Latn': string; ru: string; en: string };
type StarterField = Omit<CustomField, 'id' | 'position' | 'options' | 'required' | 'group' | 'label'> & {
  label: Label;
  options?: { id: string; label: Label }[];
  required?: boolean;
  group?: string;
};

const STARTER_FIELDS: StarterField[] = [
  { entity: 'lead', key: 'budget', type: 'money', label: { 'uz-Latn': 'Byudjet', ru: 'Бюджет', en: 'Budget' }, required: true },
  {
    entity: 'lead',
    key: 'delivery_type',
    type: 'select',
    label: { 'uz-Latn': 'Yetkazib berish', ru: 'Доставка', en: 'Delivery' },
    options: [
      { id: 'opt_standard', label: { 'uz-Latn': 'Oddiy', ru: 'Обычная', en: 'Standard' } },
      { id: 'opt_express', label: { 'uz-Latn': 'Tezkor', ru: 'Экспресс', en: 'Express' } },
      { id: 'opt_pickup', label: { 'uz-Latn': 'Olib ketish', ru: 'Самовывоз', en: 'Pickup' } },
    ],
    group: 'Logistics',
  },
  {
    entity: 'lead',
    key: 'delivery_date',
    type: 'date',
    label: { 'uz-Latn': 'Yetkazish sanasi', ru: 'Дата доставки', en: 'Delivery date' },
    group: 'Logistics',
  },
  {
    entity: 'lead',
    key: 'services',
    type: 'multiselect',
    label: { 'uz-Latn': 'Xizmatlar', ru: 'Услуги', en: 'Services' },
    options: [
      { id: 'opt_installation', label: { 'uz-Latn': "O'rnatish", ru: 'Установка', en: 'Installation' } },
      { id: 'opt_warranty', label: { 'uz-Latn': 'Kafolat', ru: 'Гарантия', en: 'Warranty' } },
      { id: 'opt_maintenance', label: { 'uz-Latn': "Xizmat ko'rsatish", ru: 'Обслуживание', en: 'Maintenance' } },
    ],
  },
  { entity: 'lead', key: 'callback_at', type: 'datetime', label: { 'uz-Latn': "Qayta qo'ng'iroq", ru: 'Перезвонить', en: 'Call back at' } },
  { entity: 'lead', key: 'urgent', type: 'checkbox', label: { 'uz-Latn': 'Shoshilinch', ru: 'Срочно', en: 'Urgent' } },
  { entity: 'lead', key: 'quality', type: 'rating', label: { 'uz-Latn': 'Sifat', ru: 'Качество', en: 'Quality' } },
  {
    entity: 'lead',
    key: 'account_manager',
    type: 'member',
    label: { 'uz-Latn': 'Hisob menejeri', ru: 'Аккаунт-менеджер', en: 'Account manager' },
  },
  { entity: 'lead', key: 'website', type: 'url', label: { 'uz-Latn': 'Sayt', ru: 'Сайт', en: 'Website' } },
  { entity: 'lead', key: 'comment', type: 'long_text', label: { 'uz-Latn': 'Izoh', ru: 'Комментарий', en: 'Comment' } },
  { entity: 'contact', key: 'tax_id', type: 'text', label: { 'uz-Latn': 'STIR', ru: 'ИНН', en: 'Tax id' } },
  { entity: 'contact', key: 'birthday', type: 'date', label: { 'uz-Latn': "Tug'ilgan kun", ru: 'День рождения', en: 'Birthday' } },
  {
    entity: 'contact',
    key: 'work_phone',
    type: 'phone',
    label: { 'uz-Latn': 'Ish telefoni', ru: 'Рабочий телефон', en: 'Work phone' },
    group: 'Work',
  },
  {
    entity: 'contact',
    key: 'work_email',
    type: 'email',
    label: { 'uz-Latn': 'Ish emaili', ru: 'Рабочий email', en: 'Work email' },
    group: 'Work',
  },
  {
    entity: 'contact',
    key: 'loyalty_points',
    type: 'number',
    label: { 'uz-Latn': 'Bonus ballar', ru: 'Бонусные баллы', en: 'Loyalty points' },
  },
  {
    entity: 'contact',
    key: 'preferred_time',
    type: 'select',
    label: { 'uz-Latn': 'Qulay vaqt', ru: 'Удобное время', en: 'Preferred time' },
    options: [
      { id: 'opt_morning', label: { 'uz-Latn': 'Ertalab', ru: 'Утром', en: 'Morning' } },
      { id: 'opt_afternoon', label: { 'uz-Latn': 'Kunduzi', ru: 'Днём', en: 'Afternoon' } },
      { id: 'opt_evening', label: { 'uz-Latn': 'Kechqurun', ru: 'Вечером', en: 'Evening' } },
    ],
  },
  {
    entity: 'company',
    key: 'employee_count',
    type: 'number',
    label: { 'uz-Latn': 'Xodimlar soni', ru: 'Число сотрудников', en: 'Employees' },
  },
  {
    entity: 'product',
    key: 'warranty_months',
    type: 'number',
    label: { 'uz-Latn': 'Kafolat (oy)', ru: 'Гарантия (мес.)', en: 'Warranty (months)' },
  },
];

export async function addStarterFields(workspace: Workspace): Promise<void> {
  const positions = new Map<string, number>();
  for (const field of STARTER_FIELDS) {
    const position = positions.get(field.entity) ?? 0;
    positions.set(field.entity, position + 1);
    await workspace.tables.fields.insert({
      id: workspace.newId('field'),
      ...field,
      options: field.options ?? [],
      position,
      required: field.required ?? false,
      group: field.group ?? '',
    });
  }
}
