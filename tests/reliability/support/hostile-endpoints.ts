import fc from 'fast-check';
import { z } from 'zod';
import {
  addressUpdateSchema,
  cartItemsSchema,
  checkCodeSchema,
  emailOnlySchema,
  getCodeSchema,
  passwordSignInSchema,
  profileUpdateSchema,
  removeAddressSchema,
  wgCitiesSchema,
} from '../../../core/accounts/accounts.schemas.ts';
import {
  groupByIdSchema,
  groupsByIdsSchema,
  productPageContentSchema,
  tagsFetchSchema,
} from '../../../core/catalogue/catalogue.schemas.ts';
import { restockConfirmSchema, restockSignUpSchema } from '../../../core/catalogue/restock.schemas.ts';
import {
  boxberryPriceSchema,
  checkDeliverySchema,
  citySearchSchema,
  deliveryByCitySchema,
  dhlSchema,
  enCitiesSchema,
  freeDeliverySchema,
  moscowPriceSchema,
  officesSchema,
  sdekCitiesSchema,
  sdekPriceSchema,
} from '../../../core/delivery/delivery.schemas.ts';
import {
  crmAddSchema,
  newsletterConfirmSchema,
  newsletterSignupSchema,
} from '../../../core/engagement/engagement.schemas.ts';
import { unsubscribeQuerySchema } from '../../../core/messages/messages.schemas.ts';
import { orderStatusBodySchema } from '../../../core/orders/order-status.rules.ts';
import {
  dolyameCreateSchema,
  draftQuerySchema,
  idempotencyKeySchema,
  orderIdQuerySchema,
  orderPayloadSchema,
  promoCheckSchema,
  reminderSchema,
  sandboxDecisionSchema,
  sandboxTokenSchema,
  tinkoffCreateSchema,
} from '../../../core/orders/orders.schemas.ts';
import { SANDBOX_SIGNATURE_HEADER } from '../../../core/providers/payments/sandbox-payments.ts';
import { returnOptionsBody, returnRequestBody } from '../../../core/returns/returns.schemas.ts';
import { searchRequestSchema } from '../../../core/search/search.schemas.ts';
import { fromJsonSchema, jsonSchemaOf } from './hostile.ts';
import type { Endpoint } from './hostile-suite.ts';

/** The shape of a provider notification (the route itself takes any JSON and checks the signature). */
const notificationShape = z.object({
  notificationId: z.string(),
  paymentId: z.string(),
  orderNumber: z.number().int(),
  outcome: z.enum(['paid', 'declined']),
  amount: z.number().int(),
});

/** Every /api endpoint of server/routes/*.ts with the schemas its route parses. */
export const orderEndpoints: Endpoint[] = [
  { method: 'GET', path: '/api/promocodes/check', query: promoCheckSchema },
  {
    method: 'POST',
    path: '/api/payment',
    query: draftQuerySchema,
    body: orderPayloadSchema,
    headers: {
      'idempotency-key': fc.oneof(
        fromJsonSchema(jsonSchemaOf(idempotencyKeySchema)).map((v) =>
          typeof v === 'string' ? v : JSON.stringify(v),
        ),
        fc.string({ maxLength: 300 }),
      ),
    },
  },
  { method: 'POST', path: '/api/dolyame/create', body: dolyameCreateSchema },
  { method: 'POST', path: '/api/payment/create-tinkoff-order', body: tinkoffCreateSchema },
  { method: 'GET', path: '/api/orders/for-analytics', query: orderIdQuerySchema },
  { method: 'GET', path: '/api/orders/payment-state', query: orderIdQuerySchema },
  { method: 'POST', path: '/api/order-status', body: orderStatusBodySchema },
  // Returns (docs/product/returns.md): what may be returned, and the request.
  { method: 'POST', path: '/api/returns/options', body: returnOptionsBody },
  { method: 'POST', path: '/api/returns', body: returnRequestBody },
  {
    method: 'POST',
    path: '/api/payment/notify/:provider',
    params: z.object({ provider: z.enum(['sandbox', 'tinkoff', 'x']) }),
    body: notificationShape,
    headers: {
      [SANDBOX_SIGNATURE_HEADER]: fc.oneof(fc.stringMatching(/^[0-9a-f]{64}$/), fc.string({ maxLength: 80 })),
    },
  },
  { method: 'POST', path: '/api/notification/add', body: reminderSchema },
  { method: 'GET', path: '/api/sandbox/payments/:token', params: sandboxTokenSchema },
  {
    method: 'POST',
    path: '/api/sandbox/payments/:token',
    params: sandboxTokenSchema,
    body: sandboxDecisionSchema,
  },
];

export const catalogueEndpoints: Endpoint[] = [
  { method: 'GET', path: '/api/health' },
  { method: 'GET', path: '/api/settings' },
  { method: 'POST', path: '/api/search', body: searchRequestSchema },
  { method: 'GET', path: '/api/preorder/sign-up', query: restockSignUpSchema },
  { method: 'POST', path: '/api/groups-by-ids', body: groupsByIdsSchema },
  { method: 'POST', path: '/api/group-by-id', body: groupByIdSchema },
  { method: 'POST', path: '/api/tags-fetch', body: tagsFetchSchema },
  { method: 'POST', path: '/api/get-product-page-content', body: productPageContentSchema },
  { method: 'POST', path: '/api/storefront/groups', body: groupsByIdsSchema },
  { method: 'POST', path: '/api/storefront/product-content', body: productPageContentSchema },
  { method: 'POST', path: '/api/storefront/search', body: searchRequestSchema },
  { method: 'POST', path: '/api/crm/add', body: crmAddSchema },
  { method: 'GET', path: '/api/sendpulse/signup', query: newsletterSignupSchema },
  { method: 'GET', path: '/api/newsletter/confirm', query: newsletterConfirmSchema },
  { method: 'GET', path: '/api/preorder/confirm', query: restockConfirmSchema },
  { method: 'GET', path: '/api/unsubscribe', query: unsubscribeQuerySchema },
  { method: 'POST', path: '/api/unsubscribe', query: unsubscribeQuerySchema },
];

export const deliveryEndpoints: Endpoint[] = [
  { method: 'GET', path: '/api/checkout/city', query: citySearchSchema },
  { method: 'GET', path: '/api/checkout/sdek-cities', query: sdekCitiesSchema },
  { method: 'GET', path: '/api/sdek/cities', query: sdekCitiesSchema },
  { method: 'GET', path: '/api/checkout/en-cities', query: enCitiesSchema },
  { method: 'GET', path: '/api/checkout/check-delivery', query: checkDeliverySchema },
  { method: 'GET', path: '/api/checkout/delivery', query: deliveryByCitySchema },
  { method: 'GET', path: '/api/checkout/free-delivery', query: freeDeliverySchema },
  { method: 'GET', path: '/api/checkout/moscow-price', query: moscowPriceSchema },
  { method: 'GET', path: '/api/sdek/offices', query: officesSchema },
  { method: 'GET', path: '/api/sdek/price', query: sdekPriceSchema },
  { method: 'GET', path: '/api/boxberry/points', query: officesSchema },
  { method: 'GET', path: '/api/boxberry/price', query: boxberryPriceSchema },
  { method: 'POST', path: '/api/count-delivery/dhl', body: dhlSchema },
];

export const accountEndpoints: Endpoint[] = [
  { method: 'GET', path: '/api/auth/init' },
  { method: 'POST', path: '/api/auth/get-code', body: getCodeSchema },
  { method: 'POST', path: '/api/auth/check-code', body: checkCodeSchema },
  { method: 'POST', path: '/api/auth/check-email', body: emailOnlySchema },
  { method: 'POST', path: '/api/auth/registerByEmail', body: emailOnlySchema },
  { method: 'POST', path: '/api/auth/authByEmail', body: passwordSignInSchema },
  { method: 'POST', path: '/api/auth/reset-password', body: emailOnlySchema },
  { method: 'POST', path: '/api/auth/logout' },
  { method: 'GET', path: '/api/user/fetch' },
  { method: 'POST', path: '/api/user/update', body: z.union([profileUpdateSchema, addressUpdateSchema]) },
  { method: 'POST', path: '/api/user/remove-address', body: removeAddressSchema },
  { method: 'GET', path: '/api/user/orders' },
  { method: 'PUT', path: '/api/user/cart', body: cartItemsSchema },
  { method: 'POST', path: '/api/wg-cities', body: wgCitiesSchema },
  { method: 'GET', path: '/api/dev/outbox' },
];
