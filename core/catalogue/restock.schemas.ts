import { z } from 'zod';
import { emailSchema } from '../accounts/accounts.schemas.ts';

/** `GET /api/preorder/sign-up?email=&productID=` (catalogue.md §7): the e-mail is required. */
export const restockSignUpSchema = z.object({
  email: emailSchema,
  productID: z.string().trim().min(1, 'productID is required').max(200),
});

/** `GET /api/preorder/confirm?token=`: the signed link of the confirmation mail (one sign-up). */
export const restockConfirmSchema = z.object({ token: z.string().min(20).max(600) });
