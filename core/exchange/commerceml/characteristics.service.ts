import { eq, inArray, sql } from 'drizzle-orm';
import { cacheTags } from '../../cache/read-cache.ts';
import { slugOf, uniqueSlug } from '../../catalogue/slug.rules.ts';
import type { Tx } from '../../db/client.ts';
import { productGroups, variantProducts } from '../../db/schema/index.ts';
import type { CmlDocument, CmlOffer } from '../commerceml.parser.ts';
import type { ImportReport } from '../exchange.rules.ts';
import {
  type CmlContext,
  type GroupRow,
  INSERT_BATCH,
  loadIds,
  type Run,
  standInBarcode,
  UNSET_COLOUR_HEX,
  type VariantRow,
} from './import-run.ts';

/**
 * Sizes 1C sends as characteristics in offers.xml (`productGuid#characteristicGuid`): each becomes a
 * size of its product's group, in the sibling group of its colour (DECISIONS 25).
 */
export function createCmlCharacteristics({ clock }: CmlContext) {
  /**
   * Sizes 1C sends as characteristics: an offer `productGuid#characteristicGuid` not known yet
   * becomes a size of its product's group (DECISIONS 25), in the sibling group of its colour when
   * it has one (made like the product's group, hidden until priced). The product's own size-less
   * variant, made from import.xml, becomes its first characteristic. Returns the variants made
   * (their stock 0, so the offer's quantity is then written as a change) and the offers refused.
   */
  async function planCharacteristics(
    tx: Tx,
    doc: CmlDocument,
    byExchange: Map<string, VariantRow>,
    byBarcode: Map<string, VariantRow>,
    run: Run,
    report: ImportReport,
    tags: Set<string>,
  ) {
    const made = new Map<CmlOffer, VariantRow>();
    const refused = new Map<CmlOffer, string>();
    const fresh = doc.offers.filter((o) => o.id.includes('#') && !byExchange.has(o.id));
    if (fresh.length === 0) return { variants: made, refused };
    const bases = [...new Set(fresh.map((o) => o.id.split('#')[0] ?? ''))];
    const related = await tx
      .select()
      .from(variantProducts)
      .where(
        sql`${inArray(variantProducts.exchangeId, bases)} or ${inArray(sql`split_part(${variantProducts.exchangeId}, '#', 1)`, bases)}`,
      );
    const groupIdsOfBases = [...new Set(related.map((v) => v.groupId))];
    const groupRows =
      groupIdsOfBases.length === 0
        ? []
        : await tx.select().from(productGroups).where(inArray(productGroups.id, groupIdsOfBases));
    const groupById = new Map(groupRows.map((g) => [g.id, g]));
    const sizesOf = new Map<string, Set<string>>();
    if (groupIdsOfBases.length > 0) {
      const all = await tx
        .select({ groupId: variantProducts.groupId, size: variantProducts.size })
        .from(variantProducts)
        .where(inArray(variantProducts.groupId, groupIdsOfBases));
      for (const v of all) sizesOf.set(v.groupId, (sizesOf.get(v.groupId) ?? new Set()).add(v.size));
    }
    /** Per product: its size-less variant (taken by the first characteristic) and its groups. */
    const placeholder = new Map<string, VariantRow>();
    const groupsOf = new Map<string, GroupRow[]>();
    for (const v of related) {
      const base = v.exchangeId?.split('#')[0] ?? '';
      if (v.exchangeId === base) placeholder.set(base, v);
      const group = groupById.get(v.groupId);
      const list = groupsOf.get(base) ?? [];
      if (group && !list.includes(group)) list.push(group);
      groupsOf.set(base, list);
    }
    const { groupIds, variantIds } = await loadIds(tx, run);
    const now = clock();
    const newGroups: (typeof productGroups.$inferInsert)[] = [];
    const newVariants: (typeof variantProducts.$inferInsert)[] = [];
    for (const offer of fresh) {
      const base = offer.id.split('#')[0] ?? '';
      const groups = groupsOf.get(base) ?? [];
      const home = groups[0];
      if (!home) continue; // no such product: refused below as an offer for no product
      if (offer.barcode) {
        const holder = byBarcode.get(offer.barcode);
        const first = run.seenBarcodes.get(offer.barcode);
        if ((holder && holder.id !== placeholder.get(base)?.id) || first !== undefined) {
          refused.set(offer, `штрихкод ${offer.barcode} уже у другого размера`);
          continue;
        }
      }
      const colour = offer.colour.trim();
      let group = groups.find((g) => g.colorName.ru.trim().toLowerCase() === colour.toLowerCase());
      const spare = placeholder.get(base);
      if (!group && spare && home.colorName.ru === '' && colour) {
        // The product's group had no colour: its first characteristic's colour becomes its own.
        await tx
          .update(productGroups)
          .set({
            colorName: { ru: colour, en: home.colorName.en },
            version: home.version + 1,
            updatedAt: now,
          })
          .where(eq(productGroups.id, home.id));
        home.colorName = { ru: colour, en: home.colorName.en };
        home.version += 1;
        report.changed.groups += 1;
        tags.add(cacheTags.group(home.id));
        group = home;
      }
      if (!group) {
        const id = uniqueSlug(slugOf(`${home.art}-${colour}`, 'product'), groupIds);
        groupIds.add(id);
        const sibling: GroupRow = {
          ...home,
          id,
          colorName: { ru: colour, en: '' },
          colorHex: UNSET_COLOUR_HEX,
          price: 0,
          oldPrice: null,
          published: false,
          version: 1,
          createdAt: now,
          updatedAt: now,
        };
        newGroups.push({
          id,
          art: home.art,
          name: { ru: home.name.ru, en: '' },
          description: { ru: home.description.ru, en: '' },
          composition: { ru: '', en: '' },
          care: { ru: '', en: '' },
          categorySlug: home.categorySlug,
          colorName: { ru: colour, en: '' },
          colorHex: UNSET_COLOUR_HEX,
          price: 0,
          published: false,
          synchronizationSection: home.synchronizationSection,
          createdAt: now,
          updatedAt: now,
        });
        groups.push(sibling);
        report.created.groups += 1;
        tags.add(cacheTags.catalogue);
        group = sibling;
      }
      const taken = sizesOf.get(group.id) ?? new Set<string>();
      sizesOf.set(group.id, taken);
      const spareHere = spare && spare.groupId === group.id && spare.size === offer.size;
      if (taken.has(offer.size) && !spareHere) {
        refused.set(
          offer,
          `размер «${offer.size}»${colour ? ` цвета «${colour}»` : ''} у товара ${home.art} уже есть`,
        );
        continue;
      }
      if (spare) {
        // The product's size-less variant becomes this characteristic.
        placeholder.delete(base);
        const barcode = offer.barcode || spare.barcode;
        await tx
          .update(variantProducts)
          .set({
            groupId: group.id,
            size: offer.size,
            barcode,
            exchangeId: offer.id,
            color: slugOf(colour, 'colour'),
          })
          .where(eq(variantProducts.id, spare.id));
        sizesOf.get(spare.groupId)?.delete(spare.size);
        taken.add(offer.size);
        made.set(offer, { ...spare, groupId: group.id, size: offer.size, barcode, exchangeId: offer.id });
        report.changed.variants += 1;
        tags.add(cacheTags.group(group.id));
        tags.add(cacheTags.group(spare.groupId));
      } else {
        const id = uniqueSlug(`${group.id}${offer.size ? `-${slugOf(offer.size, 'size')}` : ''}`, variantIds);
        variantIds.add(id);
        const row = {
          id,
          groupId: group.id,
          size: offer.size,
          color: slugOf(colour, 'colour'),
          barcode: offer.barcode || standInBarcode(offer.id),
          stock: 0,
          exchangeId: offer.id,
        };
        newVariants.push(row);
        taken.add(offer.size);
        made.set(offer, row as VariantRow);
        report.created.variants += 1;
        tags.add(cacheTags.group(group.id));
      }
      if (offer.barcode) run.seenBarcodes.set(offer.barcode, offer.line);
    }
    for (let i = 0; i < newGroups.length; i += INSERT_BATCH)
      await tx.insert(productGroups).values(newGroups.slice(i, i + INSERT_BATCH));
    for (let i = 0; i < newVariants.length; i += INSERT_BATCH)
      await tx.insert(variantProducts).values(newVariants.slice(i, i + INSERT_BATCH));
    return { variants: made, refused };
  }

  return { planCharacteristics };
}
