import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { productGroups, variantProducts } from '../../db/schema/index.ts';
import {
  type PriceChange,
  type StockChange,
  writePriceChanges,
  writeStockChanges,
} from '../catalogue-writes.ts';
import type { CmlDocument } from '../commerceml.parser.ts';
import type { ImportReport } from '../exchange.rules.ts';
import type { createCmlCharacteristics } from './characteristics.service.ts';
import {
  type CmlContext,
  DEFAULT_PRICE_TYPE,
  RefuseFile,
  type Run,
  UPDATE_BATCH,
  type VariantRow,
} from './import-run.ts';

/**
 * The offers of offers.xml: the configured price type, stock per size (written per batch, with the
 * restock checks) and each group's price (the lowest of its sizes', written at the end).
 */
export function createCmlOffers(
  { clock }: CmlContext,
  { planCharacteristics }: ReturnType<typeof createCmlCharacteristics>,
) {
  /** The configured price type among the file's; a file without it is refused as a whole. */
  function resolvePriceType(doc: CmlDocument, run: Run): string {
    if (run.priceTypeId !== null) return run.priceTypeId;
    const priceType = run.options.priceType ?? DEFAULT_PRICE_TYPE;
    const wanted = priceType.trim().toLowerCase();
    const declared = doc.priceTypes;
    let typeId = wanted;
    if (declared.length > 0) {
      const match = declared.find((t) => t.id.toLowerCase() === wanted || t.name.toLowerCase() === wanted);
      if (!match) {
        throw new RefuseFile(
          `в файле нет типа цен «${priceType}»; есть ${declared.map((t) => `«${t.name}»`).join(', ')}`,
        );
      }
      typeId = match.id.toLowerCase();
    }
    for (const t of declared) run.knownPriceTypes.add(t.id.toLowerCase());
    run.priceTypeId = typeId;
    return typeId;
  }

  /** One batch of offers: stock written now, each group's lowest price kept for the end. */
  async function applyOffers(tx: Tx, doc: CmlDocument, run: Run, report: ImportReport, tags: Set<string>) {
    const typeId = resolvePriceType(doc, run);
    const declared = run.knownPriceTypes.size > 0;
    const ids = doc.offers.map((o) => o.id);
    const barcodes = doc.offers.map((o) => o.barcode).filter((b) => b);
    const variants = await tx
      .select()
      .from(variantProducts)
      .where(
        sql`${inArray(variantProducts.exchangeId, ids)} or ${barcodes.length ? inArray(variantProducts.barcode, barcodes) : sql`false`}`,
      );
    const byExchange = new Map<string, VariantRow>();
    const byBarcode = new Map<string, VariantRow>();
    for (const v of variants) {
      if (v.exchangeId) byExchange.set(v.exchangeId, v);
      byBarcode.set(v.barcode, v);
    }
    const sizes = await planCharacteristics(tx, doc, byExchange, byBarcode, run, report, tags);
    const stockChanges: StockChange[] = [];
    for (const offer of doc.offers) {
      const refuse = (reason: string) => report.refused.push({ line: offer.line, id: offer.id, reason });
      const refusal = sizes.refused.get(offer);
      if (refusal) {
        refuse(refusal);
        continue;
      }
      const variant =
        byExchange.get(offer.id) ??
        sizes.variants.get(offer) ??
        (offer.barcode ? byBarcode.get(offer.barcode) : undefined);
      if (!variant) {
        refuse(`нет товара с Ид ${offer.id}${offer.barcode ? ` или штрихкодом ${offer.barcode}` : ''}`);
        continue;
      }
      if (run.seenOffers.has(variant.id)) {
        refuse(`предложение для ${variant.id} встречается в файле дважды`);
        continue;
      }
      for (const p of offer.prices) {
        const id = p.typeId.toLowerCase();
        if (declared && !run.knownPriceTypes.has(id) && !run.reportedUnknown.has(id)) {
          run.reportedUnknown.add(id);
          report.warnings.push({ line: offer.line, reason: `неизвестный тип цен ${p.typeId}` });
        }
      }
      const price = offer.prices.find((p) => p.typeId.toLowerCase() === typeId);
      if (price && (price.value === null || price.value < 0)) {
        refuse(`цена «${price.raw}» — не число`);
        continue;
      }
      if (offer.rawQuantity !== '' && offer.quantity === null) {
        refuse(`количество «${offer.rawQuantity}» — не число`);
        continue;
      }
      if (offer.quantity !== null && offer.quantity < 0) {
        refuse(`количество ${offer.quantity} меньше нуля`);
        continue;
      }
      run.seenOffers.add(variant.id);
      run.touchedGroups.add(variant.groupId);
      run.accepted += 1;
      if (offer.quantity !== null && offer.quantity !== variant.stock) {
        stockChanges.push({
          id: variant.id,
          groupId: variant.groupId,
          before: variant.stock,
          stock: offer.quantity,
        });
        report.changed.stock += 1;
      }
      if (price?.value != null) {
        const before = run.groupPrices.get(variant.groupId);
        run.groupPrices.set(
          variant.groupId,
          before === undefined ? price.value : Math.min(before, price.value),
        );
      }
    }
    // Written in batches, with the restock check a manual edit enqueues for the sizes someone is
    // waiting for.
    await writeStockChanges(tx, stockChanges, tags, clock());
  }

  /** Each group's price: the lowest of its sizes' in the file. */
  async function applyPrices(tx: Tx, run: Run, report: ImportReport, tags: Set<string>) {
    const ids = [...run.groupPrices.keys()];
    const priceChanges: PriceChange[] = [];
    for (let i = 0; i < ids.length; i += UPDATE_BATCH) {
      const groups = await tx
        .select({
          id: productGroups.id,
          price: productGroups.price,
          oldPrice: productGroups.oldPrice,
          published: productGroups.published,
          synchronizationSection: productGroups.synchronizationSection,
        })
        .from(productGroups)
        .where(inArray(productGroups.id, ids.slice(i, i + UPDATE_BATCH)));
      for (const group of groups) {
        const price = run.groupPrices.get(group.id);
        if (price === undefined || group.price === price) continue;
        const oldPrice = group.oldPrice !== null && group.oldPrice > price ? group.oldPrice : null;
        // A group 1C created without a price is shown once it has one.
        const published =
          group.published || (group.price === 0 && price > 0 && group.synchronizationSection !== null);
        priceChanges.push({ id: group.id, price, oldPrice, published });
        report.changed.prices += 1;
      }
    }
    await writePriceChanges(tx, priceChanges, tags, clock());
  }

  return { applyOffers, applyPrices };
}
