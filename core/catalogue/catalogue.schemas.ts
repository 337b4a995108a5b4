import { z } from 'zod';
import { isIdList } from '../cart/cookies.rules.ts';

const id = z.string().trim().min(1).max(200);

/** `POST /api/groups-by-ids`: a bare array of ids, or `{ ids }`; group or variant ids (cart). */
export const groupsByIdsSchema = z
  .union([z.array(id).max(200), z.object({ ids: z.array(id).max(200) })])
  .transform((v) => (Array.isArray(v) ? v : v.ids));

/** `POST /api/tags-fetch` (catalogue.md §7): the photo and the group it belongs to. */
export const tagsFetchSchema = z.object({ src: z.string().trim().min(1).max(300), productID: id });

/** `POST /api/group-by-id`. */
export const groupByIdSchema = z.object({ _id: id });

/** `POST /api/get-product-page-content` (catalogue.md §7). */
export const productPageContentSchema = z.object({
  _id: id,
  currentCookieProducts: z.array(id).max(200).optional().default([]),
  forLike: z
    .object({ limit: z.number().int().min(1).max(24) })
    .optional()
    .default({ limit: 4 }),
});

/** Cookie `viewed`: recently viewed group ids, newest first (catalogue.md §3, 86400 s). */
export const isViewedCookie = isIdList(50);
export const VIEWED_COOKIE_MAX_AGE_S = 86_400;
export const VIEWED_LIMIT = 12;

/** The `viewed` list after viewing `groupId`: it moves to the front, the list stays short. */
export function rememberViewed(list: string[], groupId: string): string[] {
  return [groupId, ...list.filter((v) => v !== groupId)].slice(0, VIEWED_LIMIT);
}
