import { eq, inArray, sql } from 'drizzle-orm';
import { cacheTags } from '../../cache/read-cache.ts';
import { slugOf, uniqueSlug } from '../../catalogue/slug.rules.ts';
import type { Tx } from '../../db/client.ts';
import { productGroups, variantProducts } from '../../db/schema/index.ts';
import type { CmlDocument } from '../commerceml.parser.ts';
import type { ImportReport } from '../exchange.rules.ts';
import type { ExchangePhoto } from '../exchange-photos.ts';
import {
  type CmlContext,
  type GroupRow,
  INSERT_BATCH,
  keyOf,
  loadIds,
  type Run,
  standInBarcode,
  UNSET_COLOUR_HEX,
  type VariantRow,
} from './import-run.ts';
import type { createCmlPhotos } from './photos.service.ts';
import type { createCmlVisibility } from './visibility.service.ts';

/**
 * The catalogue of import.xml: 1C products, validated and gathered by article and colour into
 * groups (DECISIONS 25) whose sizes are variants; known ones updated, new ones made hidden until
 * priced. docs/decisions/0031-catalogue-exchange.md.
 */
export function createCmlProducts(
  { clock }: CmlContext,
  { attachPhotos }: Pick<ReturnType<typeof createCmlPhotos>, 'attachPhotos'>,
  {
    hiddenByExchange,
    forgetHidden,
  }: Pick<ReturnType<typeof createCmlVisibility>, 'hiddenByExchange' | 'forgetHidden'>,
) {
  /** One batch of 1C products: validated, gathered by article + colour, written. */
  async function applyProducts(tx: Tx, doc: CmlDocument, run: Run, report: ImportReport, tags: Set<string>) {
    const slugBySection = run.slugBySection ?? new Map<string, string>();
    const products = doc.products.filter((p) => !p.deleted);
    if (products.length === 0) return;
    const { groupIds, variantIds } = await loadIds(tx, run);

    // What the shop has of this batch: variants by 1C Ид or barcode, groups by article.
    const ids = products.map((p) => p.id);
    const barcodes = products.map((p) => p.barcode).filter((b) => b);
    const arts = [...new Set(products.map((p) => p.art).filter((a) => a))];
    const variants = await tx
      .select()
      .from(variantProducts)
      .where(
        sql`${inArray(variantProducts.exchangeId, ids)} or ${barcodes.length ? inArray(variantProducts.barcode, barcodes) : sql`false`}`,
      );
    const variantByExchange = new Map<string, VariantRow>();
    const variantByBarcode = new Map<string, VariantRow>();
    for (const v of variants) {
      if (v.exchangeId) variantByExchange.set(v.exchangeId, v);
      variantByBarcode.set(v.barcode, v);
    }
    // Products whose sizes came as characteristics (offers `Ид#characteristic`): their groups.
    const characterised = await tx
      .select({ exchangeId: variantProducts.exchangeId, groupId: variantProducts.groupId })
      .from(variantProducts)
      .where(inArray(sql`split_part(${variantProducts.exchangeId}, '#', 1)`, ids));
    const groupsOfCharacterised = new Map<string, Set<string>>();
    for (const v of characterised) {
      if (!v.exchangeId?.includes('#')) continue;
      const base = v.exchangeId.split('#')[0] ?? '';
      const set = groupsOfCharacterised.get(base) ?? new Set<string>();
      set.add(v.groupId);
      groupsOfCharacterised.set(base, set);
    }
    const knownGroupIds = [
      ...new Set([...variants.map((v) => v.groupId), ...characterised.map((v) => v.groupId)]),
    ];
    const groups = await tx
      .select()
      .from(productGroups)
      .where(
        sql`${arts.length ? inArray(productGroups.art, arts) : sql`false`} or ${knownGroupIds.length ? inArray(productGroups.id, knownGroupIds) : sql`false`}`,
      );
    const groupById = new Map(groups.map((g) => [g.id, g]));
    /** The groups a full catalogue of an earlier session hid: listed again, they come back. */
    const hidden = await hiddenByExchange(
      tx,
      groups.map((g) => g.id),
    );
    const groupByKey = new Map<string, GroupRow>();
    for (const g of groups) groupByKey.set(keyOf(g.art, g.colorName.ru), g);
    /** Sizes made in the back office, not yet linked to 1C: a 1C product of that size takes them over. */
    const variantBySize = new Map<string, VariantRow>();
    if (groups.length > 0) {
      const unlinked = await tx
        .select()
        .from(variantProducts)
        .where(
          sql`${inArray(
            variantProducts.groupId,
            groups.map((g) => g.id),
          )} and ${variantProducts.exchangeId} is null`,
        );
      for (const v of unlinked) {
        variantBySize.set(`${v.groupId}\u0000${v.size}`, v);
        if (!variantByBarcode.has(v.barcode)) variantByBarcode.set(v.barcode, v);
      }
    }

    // Validate every product and gather them by article + colour.
    interface Planned {
      key: string;
      art: string;
      colour: string;
      name: string;
      description: string;
      categorySlug: string;
      section: string;
      items: { exchangeId: string; size: string; barcode: string; line: number }[];
      /** The photos the group's products name, in the file's order, each once. */
      photos: ExchangePhoto[];
    }
    const planned = new Map<string, Planned>();
    /** Characterised products: their groups take the name, text and category; sizes come from offers. */
    const groupUpdates: { groupId: string; plan: Planned }[] = [];
    const { seenIds, seenBarcodes, seenSizes } = run;
    for (const p of products) {
      const refuse = (reason: string) => report.refused.push({ line: p.line, id: p.id, reason });
      if (seenIds.has(p.id)) {
        refuse(`товар с Ид ${p.id} встречается в файле дважды`);
        continue;
      }
      seenIds.add(p.id);
      if (!p.art) {
        refuse('нет артикула (<Артикул>)');
        continue;
      }
      const categorySlug = p.groupId ? slugBySection.get(p.groupId) : undefined;
      if (!categorySlug) {
        refuse(p.groupId ? `неизвестная группа ${p.groupId}` : 'товар не входит ни в одну группу (<Группы>)');
        continue;
      }
      const sizeGroups = groupsOfCharacterised.get(p.id);
      if (sizeGroups) {
        run.accepted += 1;
        for (const groupId of sizeGroups) {
          const plan: Planned = {
            key: '',
            art: p.art,
            colour: '',
            name: p.name || p.art,
            description: p.description,
            categorySlug,
            section: p.groupId ?? '',
            items: [],
            photos: [],
          };
          for (const src of p.pictures) {
            const photo = run.photos.get(src);
            if (photo && !plan.photos.some((x) => x.src === photo.src)) plan.photos.push(photo);
          }
          groupUpdates.push({ groupId, plan });
        }
        continue;
      }
      // A barcode is optional in 1C: the product is known by its Ид, a barcode is an extra key.
      if (p.barcode) {
        const firstLine = seenBarcodes.get(p.barcode);
        if (firstLine !== undefined) {
          refuse(`штрихкод ${p.barcode} уже у товара в строке ${firstLine}`);
          continue;
        }
        const holder = variantByBarcode.get(p.barcode);
        if (holder && holder.exchangeId !== p.id && variantByExchange.has(p.id)) {
          refuse(`штрихкод ${p.barcode} уже у размера ${holder.id}`);
          continue;
        }
        if (holder?.exchangeId && holder.exchangeId !== p.id) {
          refuse(`штрихкод ${p.barcode} уже у размера ${holder.id}`);
          continue;
        }
      }
      let key = keyOf(p.art, p.colour);
      // Two size-less products of one article are two products (their sizes may come later as
      // characteristics): the second is a group of its own, known by its Ид.
      if (!p.size && seenSizes.has(`${key}\u0000`)) key = `${key}\u0000${p.id}`;
      const sizeKey = `${key}\u0000${p.size}`;
      if (seenSizes.has(sizeKey)) {
        refuse(`размер «${p.size}» артикула ${p.art} ${p.colour} встречается дважды`);
        continue;
      }
      seenSizes.set(sizeKey, p.line);
      if (p.barcode) seenBarcodes.set(p.barcode, p.line);
      run.accepted += 1;
      let plan = planned.get(key);
      if (!plan) {
        plan = {
          key,
          art: p.art,
          colour: p.colour,
          name: p.name || p.art,
          description: p.description,
          categorySlug,
          section: p.groupId ?? '',
          items: [],
          photos: [],
        };
        planned.set(key, plan);
      }
      plan.items.push({ exchangeId: p.id, size: p.size, barcode: p.barcode, line: p.line });
      for (const src of p.pictures) {
        const photo = run.photos.get(src);
        if (photo && !plan.photos.some((x) => x.src === photo.src)) plan.photos.push(photo);
      }
    }

    const now = clock();
    const newGroups: (typeof productGroups.$inferInsert)[] = [];
    const newVariants: (typeof variantProducts.$inferInsert)[] = [];
    const photosOf = new Map<string, ExchangePhoto[]>();
    const updateGroup = async (group: GroupRow, plan: Planned) => {
      const changes: Partial<typeof productGroups.$inferInsert> = {};
      if (group.name.ru !== plan.name) changes.name = { ru: plan.name, en: group.name.en };
      if (plan.description && group.description.ru !== plan.description)
        changes.description = { ru: plan.description, en: group.description.en };
      if (group.categorySlug !== plan.categorySlug) changes.categorySlug = plan.categorySlug;
      if (group.synchronizationSection !== plan.section) changes.synchronizationSection = plan.section;
      if (hidden.has(group.id)) {
        hidden.delete(group.id);
        await forgetHidden(tx, group.id);
        if (!group.published) {
          changes.published = true;
          report.shown = (report.shown ?? 0) + 1;
          tags.add(cacheTags.catalogue);
          tags.add(cacheTags.listings);
        }
      }
      if (Object.keys(changes).length > 0) {
        await tx
          .update(productGroups)
          .set({ ...changes, version: group.version + 1, updatedAt: now })
          .where(eq(productGroups.id, group.id));
        report.changed.groups += 1;
        tags.add(cacheTags.group(group.id));
        if (changes.categorySlug || changes.name) {
          tags.add(cacheTags.catalogue);
          tags.add(cacheTags.listings);
        }
      }
    };
    for (const { groupId, plan } of groupUpdates) {
      const group = groupById.get(groupId);
      if (!group) continue;
      await updateGroup(group, plan);
      run.touchedGroups.add(groupId);
      if (plan.photos.length > 0) photosOf.set(groupId, plan.photos);
    }
    for (const plan of planned.values()) {
      // The group: the one a known variant is in, else the one with this article and colour.
      let group = plan.items
        .map((i) => variantByExchange.get(i.exchangeId))
        .map((v) => (v ? groupById.get(v.groupId) : undefined))
        .find((g) => g !== undefined);
      group ??= groupByKey.get(plan.key);
      let groupId: string;
      if (group) {
        groupId = group.id;
        await updateGroup(group, plan);
      } else {
        groupId = uniqueSlug(slugOf(`${plan.art}-${plan.colour}`, 'product'), groupIds);
        groupIds.add(groupId);
        newGroups.push({
          id: groupId,
          art: plan.art,
          name: { ru: plan.name, en: '' },
          description: { ru: plan.description, en: '' },
          composition: { ru: '', en: '' },
          care: { ru: '', en: '' },
          categorySlug: plan.categorySlug,
          colorName: { ru: plan.colour, en: '' },
          colorHex: UNSET_COLOUR_HEX,
          price: 0,
          // Hidden until offers.xml gives it a price (docs/decisions/0031-catalogue-exchange.md).
          published: false,
          synchronizationSection: plan.section,
          createdAt: now,
          updatedAt: now,
        });
        report.created.groups += 1;
        tags.add(cacheTags.catalogue);
      }
      run.touchedGroups.add(groupId);
      if (plan.photos.length > 0) photosOf.set(groupId, plan.photos);
      const colour = slugOf(plan.colour, 'colour');
      for (const item of plan.items) {
        const variant =
          variantByExchange.get(item.exchangeId) ??
          (item.barcode ? variantByBarcode.get(item.barcode) : undefined) ??
          variantBySize.get(`${groupId}\u0000${item.size}`);
        if (variant) {
          // Without a barcode from 1C the size keeps the one it has (staff's, or the stand-in).
          const barcode = item.barcode || variant.barcode;
          if (
            variant.groupId !== groupId ||
            variant.size !== item.size ||
            variant.barcode !== barcode ||
            variant.exchangeId !== item.exchangeId
          ) {
            await tx
              .update(variantProducts)
              .set({
                groupId,
                size: item.size,
                barcode,
                exchangeId: item.exchangeId,
                color: colour,
              })
              .where(eq(variantProducts.id, variant.id));
            report.changed.variants += 1;
            tags.add(cacheTags.group(groupId));
            tags.add(cacheTags.group(variant.groupId));
          }
        } else {
          const base = `${groupId}${item.size ? `-${slugOf(item.size, 'size')}` : ''}`;
          const id = uniqueSlug(base, variantIds);
          variantIds.add(id);
          newVariants.push({
            id,
            groupId,
            size: item.size,
            color: colour,
            barcode: item.barcode || standInBarcode(item.exchangeId),
            stock: 0,
            exchangeId: item.exchangeId,
          });
          report.created.variants += 1;
          tags.add(cacheTags.group(groupId));
        }
      }
    }
    for (let i = 0; i < newGroups.length; i += INSERT_BATCH) {
      await tx.insert(productGroups).values(newGroups.slice(i, i + INSERT_BATCH));
    }
    for (let i = 0; i < newVariants.length; i += INSERT_BATCH) {
      await tx.insert(variantProducts).values(newVariants.slice(i, i + INSERT_BATCH));
    }
    await attachPhotos(tx, photosOf, report, tags, now);
  }

  return { applyProducts };
}
