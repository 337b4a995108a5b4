import { z } from 'zod';

/** A product group's id in the address (`/products/{id}`). */
export const productMediaParams = z.object({ id: z.string().min(1).max(200) });
export const productPhotoParams = productMediaParams.extend({
  photoId: z.coerce.number().int().positive().max(2_147_483_647),
});
export const productVideoParams = productMediaParams.extend({
  videoId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** The group's version the change was made against (DECISIONS 31): `?version=` or in the body. */
export const mediaVersion = z.object({ version: z.string().min(1).max(40) });

export const photoOrderBody = mediaVersion.extend({
  photoIds: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(200),
});
