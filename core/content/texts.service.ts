import { and, eq } from 'drizzle-orm';
import type { Actor } from '../audit/audit.service.ts';
import { noReadCache } from '../cache/read-cache.ts';
import type { Db } from '../db/client.ts';
import { textOverrides } from '../db/schema/index.ts';
import { AppError, StaleError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import { type ContentServiceDeps, contentTags, contentWrites } from './content-write.ts';
import { checkTextOverride, type TextOverrideRefusal } from './texts.rules.ts';
import type { TextResetInput, TextSaveInput } from './texts.schemas.ts';

/** The built-in dictionaries (app/i18n), handed in by the caller: core does not import the app. */
export type BuiltInTexts = Record<Locale, Readonly<Record<string, string>>>;

const t = (locale: Locale, ru: string, en: string) => (locale === 'en' ? en : ru);

/**
 * Why a staff text was refused, in the staff member's language; `unknownKey` names what has no such
 * text (the interface here, the messages in core/messages/message-texts-admin.service.ts).
 */
export function refusalMessage(
  r: TextOverrideRefusal,
  locale: Locale,
  unknownKey: { ru: string; en: string } = {
    ru: 'Такого текста в интерфейсе нет',
    en: 'The interface has no such text',
  },
): string {
  switch (r.kind) {
    case 'unknown_key':
      return t(locale, unknownKey.ru, unknownKey.en);
    case 'empty':
      return t(locale, 'Текст не может быть пустым', 'The text cannot be empty');
    case 'too_long':
      return t(locale, `Не длиннее ${r.max} символов`, `At most ${r.max} characters`);
    case 'missing_placeholder':
      return t(
        locale,
        `Оставьте в тексте {${r.name}}: сюда магазин подставляет значение`,
        `Keep {${r.name}} in the text: the shop fills it in`,
      );
    case 'extra_placeholder':
      return t(
        locale,
        `В этом тексте нет подстановки {${r.name}}`,
        `This text has no {${r.name}} to fill in`,
      );
  }
}

/**
 * Interface text overrides (docs/decisions/0027-content-back-office.md): the
 * storefront reads one edition's overrides per render from the read cache; staff (editors) change
 * them, audited, and every instance drops its cached pages.
 */
export function createTextsService({ db, audit, clock, cache = noReadCache }: ContentServiceDeps) {
  /** An edition's overrides, key → text; usually empty. */
  function getOverrides(locale: Locale): Promise<Record<string, string>> {
    return cache.get(`texts:${locale}`, contentTags, async () => {
      const rows = await db
        .select({ key: textOverrides.key, value: textOverrides.value })
        .from(textOverrides)
        .where(eq(textOverrides.locale, locale));
      return Object.fromEntries(rows.map((r) => [r.key, r.value]));
    });
  }

  /** Every built-in text of both editions beside its override, in the dictionaries' order. */
  async function list(builtIn: BuiltInTexts) {
    const rows = await db.select().from(textOverrides);
    const override = (locale: Locale, key: string) => {
      const row = rows.find((r) => r.locale === locale && r.key === key);
      return row ? { value: row.value, updatedAt: row.updatedAt.toISOString() } : null;
    };
    return {
      rows: Object.keys(builtIn.ru).map((key) => ({
        key,
        ru: { builtIn: builtIn.ru[key] ?? '', override: override('ru', key) },
        en: { builtIn: builtIn.en[key] ?? '', override: override('en', key) },
      })),
    };
  }

  const { write, nextStamp } = contentWrites({ db, clock, cache });

  async function lockCurrent(
    tx: Pick<Db, 'select'>,
    input: { locale: Locale; key: string; updatedAt: string | null },
  ) {
    const [row] = await tx
      .select()
      .from(textOverrides)
      .where(and(eq(textOverrides.locale, input.locale), eq(textOverrides.key, input.key)))
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

  async function save(input: TextSaveInput, builtIn: BuiltInTexts, actor: Actor, locale: Locale) {
    const refusal = checkTextOverride(builtIn[input.locale][input.key], input.value);
    if (refusal) {
      throw new AppError('invalid_data', refusalMessage(refusal, locale), {
        field: refusal.kind === 'unknown_key' ? 'key' : 'value',
      });
    }
    return write(async (tx) => {
      const before = await lockCurrent(tx, input);
      const stamp = nextStamp(before?.updatedAt);
      const [row] = await tx
        .insert(textOverrides)
        .values({ locale: input.locale, key: input.key, value: input.value, updatedAt: stamp })
        .onConflictDoUpdate({
          target: [textOverrides.locale, textOverrides.key],
          set: { value: input.value, updatedAt: stamp },
        })
        .returning();
      if (!row) throw new Error('text override not written');
      await audit.record(tx, actor, {
        action: 'text.update',
        entityType: 'text',
        entityId: `${input.locale}:${input.key}`,
        before: { value: before?.value ?? builtIn[input.locale][input.key] ?? null, overridden: !!before },
        after: { value: row.value, overridden: true },
      });
      return { value: row.value, updatedAt: row.updatedAt.toISOString() };
    });
  }

  async function reset(input: TextResetInput, builtIn: BuiltInTexts, actor: Actor) {
    return write(async (tx) => {
      const before = await lockCurrent(tx, input);
      if (!before) return { value: null, updatedAt: null };
      await tx
        .delete(textOverrides)
        .where(and(eq(textOverrides.locale, input.locale), eq(textOverrides.key, input.key)));
      await audit.record(tx, actor, {
        action: 'text.reset',
        entityType: 'text',
        entityId: `${input.locale}:${input.key}`,
        before: { value: before.value, overridden: true },
        after: { value: builtIn[input.locale][input.key] ?? null, overridden: false },
      });
      return { value: null, updatedAt: null };
    });
  }

  return { getOverrides, list, save, reset };
}

export type TextsService = ReturnType<typeof createTextsService>;
