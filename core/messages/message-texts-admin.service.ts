import { and, eq } from 'drizzle-orm';
import type { Actor, createAuditService } from '../audit/audit.service.ts';
import { checkTextOverride } from '../content/texts.rules.ts';
import type { TextResetInput, TextSaveInput } from '../content/texts.schemas.ts';
import { refusalMessage } from '../content/texts.service.ts';
import type { Db, Tx } from '../db/client.ts';
import { messageTexts } from '../db/schema/index.ts';
import { AppError, StaleError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import { builtInMessageTexts, messageTextCatalogue, messageTextKeys } from './message-texts.ts';

type Audit = Pick<ReturnType<typeof createAuditService>, 'record'>;

const t = (locale: Locale, ru: string, en: string) => (locale === 'en' ? en : ru);

const MESSAGES_HAVE_NO_SUCH_TEXT = {
  ru: 'Такого текста в сообщениях нет',
  en: 'The messages have no such text',
};

/**
 * The wording of the shop's messages in the back office (editors, DECISIONS 30): each text beside
 * its built-in one, saved over the edit stamp shown (409 with the newer wording), reset to built in,
 * every change audited (DECISIONS 31). Messages read the saved wording when they are sent.
 */
export function createMessageTextsAdminService({
  db,
  audit,
  clock,
}: {
  db: Db;
  audit: Audit;
  clock: () => Date;
}) {
  async function list() {
    const rows = await db.select().from(messageTexts);
    const saved = (locale: Locale, key: string) => {
      const row = rows.find((r) => r.locale === locale && r.key === key);
      return row ? { value: row.value, updatedAt: row.updatedAt.toISOString() } : null;
    };
    return {
      rows: messageTextKeys.map((key) => ({
        key,
        about: messageTextCatalogue[key].about,
        ru: { builtIn: messageTextCatalogue[key].ru, override: saved('ru', key) },
        en: { builtIn: messageTextCatalogue[key].en, override: saved('en', key) },
      })),
    };
  }

  async function lockCurrent(tx: Tx, input: { locale: Locale; key: string; updatedAt: string | null }) {
    const [row] = await tx
      .select()
      .from(messageTexts)
      .where(and(eq(messageTexts.locale, input.locale), eq(messageTexts.key, input.key)))
      .for('update');
    const shown = input.updatedAt ? new Date(input.updatedAt).getTime() : null;
    if ((row?.updatedAt.getTime() ?? null) !== shown) {
      throw new StaleError(
        t(
          input.locale,
          'Текст изменили, пока вы его редактировали: показан новый вариант',
          'The text was changed while you edited it: the newer one is shown',
        ),
        { value: row?.value ?? null, updatedAt: row?.updatedAt.toISOString() ?? null },
        'updatedAt',
      );
    }
    return row ?? null;
  }

  async function save(input: TextSaveInput, actor: Actor, locale: Locale) {
    const builtIn = builtInMessageTexts(input.locale)[input.key];
    const problem = checkTextOverride(builtIn, input.value);
    if (problem) {
      throw new AppError('invalid_data', refusalMessage(problem, locale, MESSAGES_HAVE_NO_SUCH_TEXT), {
        field: problem.kind === 'unknown_key' ? 'key' : 'value',
      });
    }
    return db.transaction(async (tx) => {
      const before = await lockCurrent(tx, input);
      const stamp = new Date(Math.max(clock().getTime(), (before?.updatedAt.getTime() ?? 0) + 1));
      const [row] = await tx
        .insert(messageTexts)
        .values({ locale: input.locale, key: input.key, value: input.value, updatedAt: stamp })
        .onConflictDoUpdate({
          target: [messageTexts.locale, messageTexts.key],
          set: { value: input.value, updatedAt: stamp },
        })
        .returning();
      if (!row) throw new Error('message text not written');
      await audit.record(tx, actor, {
        action: 'message-text.update',
        entityType: 'message-text',
        entityId: `${input.locale}:${input.key}`,
        before: { value: before?.value ?? builtIn ?? null, overridden: !!before },
        after: { value: row.value, overridden: true },
      });
      return { value: row.value, updatedAt: row.updatedAt.toISOString() };
    });
  }

  async function reset(input: TextResetInput, actor: Actor) {
    return db.transaction(async (tx) => {
      const before = await lockCurrent(tx, input);
      if (!before) return { value: null, updatedAt: null };
      await tx
        .delete(messageTexts)
        .where(and(eq(messageTexts.locale, input.locale), eq(messageTexts.key, input.key)));
      await audit.record(tx, actor, {
        action: 'message-text.reset',
        entityType: 'message-text',
        entityId: `${input.locale}:${input.key}`,
        before: { value: before.value, overridden: true },
        after: { value: builtInMessageTexts(input.locale)[input.key] ?? null, overridden: false },
      });
      return { value: null, updatedAt: null };
    });
  }

  return { list, save, reset };
}
