// What faker's Uzbek locale lacks (stack notes: it has names but no phones, emails or companies):
// Uzbek mobile numbers, emails made from Latin names, and company names.
import type { Faker } from '@faker-js/faker';

// Mobile operators' codes in Uzbekistan (Beeline, Ucell, Uzmobile, Mobiuz, Humans, Perfectum).
const MOBILE_CODES = ['90', '91', '93', '94', '95', '97', '98', '99', '33', '88', '77'];
const COMPANY_WORDS = ['Orzu', 'Baraka', 'Nur', 'Zamin', 'Ipak Yoli', 'Samarqand', 'Buxoro', 'Tong', 'Yulduz', 'Mehr', 'Sharq', 'Vodiy'];
const COMPANY_TRADES = ['Textile', 'Mebel', 'Savdo', 'Qurilish', 'Logistics', 'Food', 'Group', 'Trade', 'Tech', 'Agro'];
const COMPANY_FORMS = ['MChJ', 'LLC', 'XK', 'AJ'];

export function uzbekMobile(faker: Faker): string {
  return `+998${faker.helpers.arrayElement(MOBILE_CODES)}${faker.string.numeric(7)}`;
}

export function emailFor(faker: Faker, firstName: string, lastName: string): string {
  const local = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
  return `${local}${faker.number.int({ min: 1, max: 99 })}@${faker.helpers.arrayElement(['gmail.com', 'mail.ru', 'yandex.ru', 'inbox.uz'])}`;
}

export function companyName(faker: Faker): string {
  return `${faker.helpers.arrayElement(COMPANY_WORDS)} ${faker.helpers.arrayElement(COMPANY_TRADES)} ${faker.helpers.arrayElement(COMPANY_FORMS)}`;
}
