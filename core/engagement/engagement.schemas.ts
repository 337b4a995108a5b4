import { z } from 'zod';
import { emailSchema, phoneSchema } from '../accounts/accounts.schemas.ts';

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

/**
 * `POST /api/crm/add`: the callback form (name, phone, extra fields) or the question form.
 * `admin_email` and `project_name` may come from the browser (the spec's CRM helper sends them)
 * but are ignored: the server takes them from its own settings.
 */
export const crmAddSchema = z
  .object({
    form_subject: text(120).min(1, 'form_subject is required'),
    name: text(120).optional().default(''),
    phone: phoneSchema.optional(),
    question: text(2000).optional().default(''),
    fields: z.record(z.string().max(60), text(500)).optional().default({}),
    page: text(300).optional().default(''),
    admin_email: z.string().optional(),
    project_name: z.string().optional(),
  })
  .refine((v) => v.phone || v.question, { error: 'give a phone or a question', path: ['phone'] })
  .refine((v) => Object.keys(v.fields).length <= 10, { error: 'too many fields', path: ['fields'] });

export type CrmAddInput = z.output<typeof crmAddSchema>;

/** `GET /api/sendpulse/signup?email=` (catalogue.md §7). */
export const newsletterSignupSchema = z.object({ email: emailSchema });

/** `GET /api/newsletter/confirm?token=`: the double opt-in link. */
export const newsletterConfirmSchema = z.object({ token: z.string().min(20).max(100) });
