import { eq, inArray } from 'drizzle-orm';
import type { Actor } from '../audit/audit.service.ts';
import { announcedWrite } from '../cache/announced-write.ts';
import { cacheTags, noReadCache } from '../cache/read-cache.ts';
import { settings } from '../db/schema/index.ts';
import { AppError, StaleError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import { type ContentServiceDeps, contentWrites } from './content-write.ts';
import type { SettingsDocument } from './settings.schemas.ts';
import {
  type SettingsId,
  type SettingsRecord,
  type SettingsSaveInput,
  settingsIds,
  settingsSchemas,
} from './settings-admin.schemas.ts';

/** What a settings refusal says in Russian (zod's own messages are English). */
function russianIssue(issue: {
  code: string;
  minimum?: unknown;
  maximum?: unknown;
  message: string;
}): string {
  switch (issue.code) {
    case 'too_small':
      return `не меньше ${String(issue.minimum)}`;
    case 'too_big':
      return `не больше ${String(issue.maximum)}`;
    case 'invalid_type':
      return 'значение не того типа';
    case 'invalid_format':
      return 'неверный формат';
    case 'invalid_value':
      return 'недопустимое значение';
    case 'unrecognized_keys':
      return 'лишние поля';
    default:
      return issue.message;
  }
}
const t = (locale: Locale, ru: string, en: string) => (locale === 'en' ? en : ru);

/**
 * The shop's settings in the back office (admins only, DECISIONS 30): each form saves the fields of
 * one group over the document's edit stamp; the storefront sees the change at once on every
 * instance (the read cache's `settings` tag, which every cached page depends on).
 */
export function createSettingsAdminService({ db, audit, clock, cache = noReadCache }: ContentServiceDeps) {
  const { nextStamp } = contentWrites({ db, clock, cache });
  function record(row: typeof settings.$inferSelect): SettingsRecord {
    const id = row.id as SettingsId;
    // Stored documents were validated when saved; the schema fills defaults added since.
    const document = settingsSchemas[id].parse({ ...row.data, _id: id }) as SettingsDocument;
    return { id, document, updatedAt: row.updatedAt.toISOString() };
  }

  async function list(): Promise<SettingsRecord[]> {
    const rows = await db
      .select()
      .from(settings)
      .where(inArray(settings.id, [...settingsIds]));
    return settingsIds.flatMap((id) => {
      const row = rows.find((r) => r.id === id);
      return row ? [record(row)] : [];
    });
  }

  async function save(
    id: SettingsId,
    input: SettingsSaveInput,
    actor: Actor,
    locale: Locale,
  ): Promise<SettingsRecord> {
    const schema = settingsSchemas[id];
    for (const key of Object.keys(input.values)) {
      if (key === '_id' || !(key in schema.shape)) {
        throw new AppError('invalid_data', t(locale, `Неизвестное поле «${key}»`, `Unknown field ${key}`), {
          field: key,
        });
      }
    }
    return announcedWrite(
      db,
      cache,
      async (tx) => {
        const [before] = await tx.select().from(settings).where(eq(settings.id, id)).for('update');
        if (!before) {
          throw new AppError(
            'not_found',
            t(locale, `Нет документа настроек «${id}»`, `The settings document ${id} is missing`),
          );
        }
        if (before.updatedAt.getTime() !== new Date(input.updatedAt).getTime()) {
          throw new StaleError(
            t(
              locale,
              'Настройки изменили, пока вы их редактировали: показаны новые значения',
              'The settings were changed while you edited them: the newer values are shown',
            ),
            record(before),
            'updatedAt',
          );
        }
        const merged = { ...before.data, ...input.values, _id: id };
        const parsed = schema.safeParse(merged);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          const field = issue?.path.join('.') ?? '';
          throw new AppError(
            'invalid_data',
            t(
              locale,
              `Неверное значение поля «${field}»${issue ? `: ${russianIssue(issue)}` : ''}`,
              `Invalid value of ${field}: ${issue?.message ?? ''}`,
            ),
            { field },
          );
        }
        const { _id, ...data } = parsed.data;
        const stamp = nextStamp(before.updatedAt);
        const [row] = await tx
          .update(settings)
          .set({ data, updatedAt: stamp })
          .where(eq(settings.id, id))
          .returning();
        if (!row) throw new Error(`settings ${id} vanished under its lock`);
        const changed = Object.keys(input.values);
        const pickChanged = (doc: Record<string, unknown>) =>
          Object.fromEntries(changed.map((k) => [k, doc[k] ?? null]));
        await audit.record(tx, actor, {
          action: 'settings.update',
          entityType: 'settings',
          entityId: id,
          before: pickChanged(before.data),
          after: pickChanged(data as Record<string, unknown>),
        });
        return record(row);
      },
      [cacheTags.settings],
    );
  }

  return { list, save };
}

export type SettingsAdminService = ReturnType<typeof createSettingsAdminService>;
