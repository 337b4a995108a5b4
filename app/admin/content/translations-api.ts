import type { z } from 'zod';
import type {
  translationListQuery,
  translationSaveBody,
} from '../../../core/content/translations.schemas.ts';
import type { TranslationSaved, TranslationsAnswer } from '../../../core/content/translations.wire.ts';
import { endpoint } from '../ui/api-client.ts';

/** The translations page's endpoints (server/routes/admin/translations.routes.ts), typed from their schemas. */
export const translationsApi = {
  list: endpoint<TranslationsAnswer, z.input<typeof translationListQuery>>(
    'GET',
    () => '/api/admin/translations',
  ),
  save: endpoint<TranslationSaved, z.input<typeof translationSaveBody>>(
    'PUT',
    () => '/api/admin/translations',
  ),
};
