// A product as stored: exactly the product the API shows (spec 2.8). Products have no record
// number and no trash (the document: a deleted product is gone for good).
import type { components } from '../../spec/generated/crm.d.ts';
import type { TableDefinition } from '../../store/table-definition.ts';

export type Product = components['schemas']['Product'];
export type ProductCreate = components['schemas']['ProductCreate'];
export type ProductUpdate = components['schemas']['ProductUpdate'];

export const productTable: TableDefinition<Product> = { document: 'crm', schema: 'Product' };
