// Every other reading (other-reading.ts), in the order they wrap the mock's handle (the first
// listed is the outermost): the key order last of all, so that it orders every key the others add.
import { deletedConfirmation } from './deleted-confirmation.ts';
import { extraFields } from './extra-fields.ts';
import { keyOrder } from './key-order.ts';
import { listOrders } from './list-orders.ts';
import type { OtherReading } from './other-reading.ts';
import { timeForm } from './time-form.ts';

export const OTHER_READINGS: OtherReading[] = [keyOrder, timeForm, extraFields, listOrders, deletedConfirmation];
