// The demo catalog: products with SKUs, prices in tiyin and VAT, a few archived.
import type { Faker } from '@faker-js/faker';
import { newProduct } from '../resources/products/product-values.ts';
import type { RecordContext } from '../resources/records/record-context.ts';
import { demoCustomValues } from './demo-custom-values.ts';

const PRODUCTS: [string, string, number][] = [
  ['Kitchen set "Orzu"', 'KIT-001', 18_500_000_00],
  ['Sofa "Baraka", 3 seats', 'SOF-014', 7_900_000_00],
  ['Wardrobe 2 m', 'WAR-200', 5_400_000_00],
  ['Office desk', 'DSK-120', 2_100_000_00],
  ['Dining table', 'TBL-080', 3_300_000_00],
  ['Delivery in Tashkent', 'SRV-DLV', 150_000_00],
  ['Assembly', 'SRV-ASM', 300_000_00],
  ['Annual support', 'SRV-SUP', 4_500_000_00],
];

export async function seedProducts(context: RecordContext, faker: Faker): Promise<void> {
  for (const [name, sku, price] of PRODUCTS) {
    const custom = demoCustomValues(faker, context.workspace, 'product');
    const product = newProduct(context, {
      name,
      sku,
      price,
      currency: 'UZS',
      unit: sku.startsWith('SRV') ? 'service' : 'pcs',
      vat_percent: 12,
      archived: faker.datatype.boolean(0.1),
      custom,
    });
    await context.tables.products.insert(product);
  }
}
