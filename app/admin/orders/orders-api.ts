import type { z } from 'zod';
import type {
  orderNoteBody,
  ordersBulkStepBody,
  ordersBulkTagBody,
  ordersListQuery,
  orderTagsBody,
} from '../../../core/orders/orders-list.schemas.ts';
import type {
  OrderNotesAnswer,
  OrdersBulkAnswer,
  OrdersListAnswer,
} from '../../../core/orders/orders-list.wire.ts';
import type { handOverManyBody } from '../../../core/orders/shipments.schemas.ts';
import type { HandOverManyAnswer } from '../../../core/orders/shipments.wire.ts';
import { endpoint } from '../ui/api-client.ts';

type ByNumber = { number: number };

/** The orders list's endpoints (server/routes/admin/orders-list.routes.ts), typed from their schemas. */
export const ordersListApi = {
  list: endpoint<OrdersListAnswer, z.input<typeof ordersListQuery>>('GET', () => '/api/admin/orders/list'),
  notes: endpoint<OrderNotesAnswer, undefined, ByNumber>('GET', (p) => `/api/admin/orders/${p.number}/notes`),
  addNote: endpoint<OrderNotesAnswer, z.input<typeof orderNoteBody>, ByNumber>(
    'POST',
    (p) => `/api/admin/orders/${p.number}/notes`,
  ),
  setTags: endpoint<{ tags: string[] }, z.input<typeof orderTagsBody>, ByNumber>(
    'PUT',
    (p) => `/api/admin/orders/${p.number}/tags`,
  ),
  bulkTag: endpoint<OrdersBulkAnswer, z.input<typeof ordersBulkTagBody>>(
    'POST',
    () => '/api/admin/orders/bulk/tag',
  ),
  bulkStep: endpoint<OrdersBulkAnswer, z.input<typeof ordersBulkStepBody>>(
    'POST',
    () => '/api/admin/orders/bulk/step',
  ),
  /** The shipping desk's hand-over of a selection (server/routes/admin/shipping-desk.routes.ts). */
  handOver: endpoint<HandOverManyAnswer, z.input<typeof handOverManyBody>>(
    'POST',
    () => '/api/admin/orders/hand-over',
  ),
};
