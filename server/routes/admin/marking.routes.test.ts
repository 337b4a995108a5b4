import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { markCodes, orderLines, settlementReceipts, variantProducts } from '../../../core/db/schema/index.ts';
import { GS } from '../../../core/marking/mark-code.rules.ts';
import { releaseMarkCodes } from '../../../core/marking/marking.service.ts';
import { createSettlementService, SETTLEMENT_JOB } from '../../../core/orders/settlement.service.ts';
import { insertCategory, insertProductGroup } from '../../../tests/factories/catalogue.ts';
import { engines } from '../../../tests/setup/test-database.ts';
import { useTbankShop } from '../../../tests/support/payment-shop.ts';

const GTIN = '04600123456782';
const OTHER_GTIN = '04607000000014';
const SIGN = 'Zk9QmLpX2cVbN4rT6yU8iO0pAsDfGhJkLzXcVbNmQwEr';
let serials = 0;
/** A full clothing mark code of the GTIN with a serial never used before (13 characters). */
function newCode(gtin = GTIN): string {
  serials += 1;
  const serial = `S${String(serials).padStart(6, '0')}${Date.now().toString(36).slice(-6)}`.slice(0, 13);
  return `01${gtin}21${serial}${GS}91EE10${GS}92${SIGN}`;
}

type ClosingItem = {
  Name: string;
  Price: number;
  Quantity: number;
  Amount: number;
  Tax: string;
  PaymentMethod: string;
  PaymentObject: string;
  MarkProcessingMode?: string;
  MarkCode?: { MarkCodeType: string; Value: string };
};
type Closing = { PaymentId: string; Receipt: { Items: ClosingItem[]; Payments: Record<string, number> } };

// Marking at packing and the settlement receipt at hand-over (docs/product/marking.md, receipts.md),
// against the T-Bank fake, which holds SendClosingReceipt to the published rules.
describe.each(engines)('marking and the settlement receipt on %s', (engine) => {
  const shop = useTbankShop(engine, { timeoutMs: 2_000 });
  const { notify, orderOf, step } = shop;

  const variants = new Map<string, string>();
  /** A marked category (VAT 20 %) and a product in it whose size S has the barcode of `gtin` (one per GTIN). */
  async function markedVariant(gtin = GTIN, price = 2_990_00) {
    const known = variants.get(gtin);
    if (known) return known;
    const category = await insertCategory(shop.db, { marked: true, vatRate: 'vat20' });
    const group = await insertProductGroup(shop.db, { categorySlug: category.slug, price }, [
      { size: 'S', stock: 50 },
    ]);
    const id = `${group.id}-S`;
    await shop.db
      .update(variantProducts)
      .set({ barcode: `${gtin.slice(1)}` })
      .where(eq(variantProducts.id, id));
    variants.set(gtin, id);
    return id;
  }

  /** A paid one-stage order of `count` units of a marked product, picked up from the shop. */
  async function paidOrder(count = 2, gtin = GTIN, body: Record<string, unknown> = {}) {
    const variant = await markedVariant(gtin);
    const { number, bankId } = await shop.placedInBank({ products: [{ _id: variant, count }], ...body });
    const payment = shop.fake.payments.get(bankId);
    if (payment) payment.status = 'CONFIRMED';
    expect((await notify(shop.fake.notification(bankId, 'CONFIRMED'))).body).toBe('OK');
    expect((await orderOf(number))?.status).toBe('paid');
    return { number, bankId };
  }

  const scan = (number: number, code: string) =>
    shop.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${number}/marking`,
      headers: { ...shop.manager.headers, 'accept-language': 'ru' },
      payload: { code },
    });
  const settlementOf = async (number: number) =>
    (await shop.db.select().from(settlementReceipts).where(eq(settlementReceipts.orderNumber, number)))[0];
  const runSettlements = () => shop.services.jobs.runDue({ kinds: [SETTLEMENT_JOB] });

  it('takes one code per unit, refusing a wrong form, another product’s GTIN, a repeat and one too many', async () => {
    const { number } = await paidOrder(2);
    const bad = await scan(number, '4600123456782');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Это не код маркировки/);
    const wrong = await scan(number, newCode(OTHER_GTIN));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/код другого товара/);
    const first = newCode();
    const ok = await scan(number, first);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().marking).toMatchObject({ total: 2, done: 1 });
    // The same unit again, even typed without its separators by a scanner that drops them.
    const again = await scan(number, first.replaceAll(GS, ''));
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/уже отсканирован в этом заказе/);
    expect((await scan(number, newCode())).json().marking).toMatchObject({ done: 2 });
    const third = await scan(number, newCode());
    expect(third.statusCode).toBe(400);
    expect(third.json().message).toMatch(/уже отсканированы/);
    // A code that left with this order is refused for another order, naming it.
    const other = await paidOrder(1);
    const elsewhere = await scan(other.number, first);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toContain(`№${number}`);
  });

  it('refuses to hand over an order whose marked units lack codes, naming what is missing', async () => {
    const { number } = await paidOrder(3);
    await scan(number, newCode());
    // Ready at the shop's desk is not a hand-over; the buyer collecting it is.
    expect((await step(number, { from: 'paid', to: 'ready_for_pickup' })).statusCode).toBe(200);
    const res = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${number}/steps`,
      headers: { ...shop.manager.headers, 'accept-language': 'ru' },
      payload: { version: (await orderOf(number))?.version, from: 'ready_for_pickup', to: 'delivered' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/не отсканированы коды маркировки/);
    expect(res.json().message).toMatch(/ещё 2 шт\./);
    expect((await orderOf(number))?.status).toBe('ready_for_pickup');
    // A courier order is not registered with the carrier while a code is missing.
    const courier = await paidOrder(1, GTIN, {
      getWay: 'delivery-sdek',
      cityID: 137,
      city: 'Санкт-Петербург',
      address: 'Невский проспект, 10',
    });
    const handOver = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${courier.number}/hand-over`,
      headers: { ...shop.manager.headers, 'accept-language': 'ru' },
      payload: { version: (await orderOf(courier.number))?.version },
    });
    expect(handOver.statusCode).toBe(409);
    expect(handOver.json().message).toMatch(/ещё 1 шт\./);
    expect((await orderOf(courier.number))?.status).toBe('paid');
    expect(await runSettlements()).toBe(0);
  });

  it('sends the settlement receipt after the hand-over: full payment, the prepayment set off, one item per marked unit with its code', async () => {
    const { number, bankId } = await paidOrder(2);
    const codes = [newCode(), newCode()];
    for (const c of codes) expect((await scan(number, c)).statusCode).toBe(200);
    expect((await step(number, { from: 'paid', to: 'ready_for_pickup' })).statusCode).toBe(200);
    expect((await step(number, { from: 'ready_for_pickup', to: 'delivered' })).statusCode).toBe(200);
    // Nothing is sent inside the step: the job sends it after commit.
    expect(shop.fake.payments.get(bankId)?.closings).toHaveLength(0);
    expect(await runSettlements()).toBe(1);
    const closings = (shop.fake.payments.get(bankId)?.closings ?? []) as Closing[];
    expect(closings).toHaveLength(1);
    const closing = closings[0] as Closing;
    const total = (await orderOf(number))?.total as number;
    expect(closing.PaymentId).toBe(bankId);
    expect(closing.Receipt.Payments).toEqual({ Electronic: 0, AdvancePayment: total });
    const items = closing.Receipt.Items;
    expect(items).toHaveLength(2);
    items.forEach((item, i) => {
      expect(item).toMatchObject({
        Quantity: 1,
        Price: item.Amount,
        Tax: 'vat20',
        PaymentMethod: 'full_payment',
        PaymentObject: 'goods_with_marking_code',
        MarkProcessingMode: '0',
        MarkCode: { MarkCodeType: 'GS1M', Value: codes[i] },
      });
    });
    expect(items.reduce((s, i) => s + i.Amount, 0)).toBe(total);
    const row = await settlementOf(number);
    expect(row).toMatchObject({ status: 'sent', amount: total, attempts: 1 });
    expect(row?.receipt?.items.map((i) => i.markCode)).toEqual(codes);
    // The order page's view shows it; a second run sends nothing.
    const view = await shop.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${number}/marking`,
      headers: shop.manager.headers,
    });
    expect(view.json().settlement).toMatchObject({ status: 'sent' });
    // The order has left: its codes stay, no longer to be changed.
    expect(view.json().marking).toMatchObject({ open: false, done: 2 });
    const [first] = view.json().marking.lines[0].codes as { id: number }[];
    const removed = await shop.app.inject({
      method: 'DELETE',
      url: `/api/admin/orders/${number}/marking/${first?.id}`,
      headers: shop.manager.headers,
    });
    expect(removed.statusCode).toBe(409);
    expect(await runSettlements()).toBe(0);
  });

  it('retries the settlement receipt when the bank fails once', async () => {
    const { number, bankId } = await paidOrder(1);
    await scan(number, newCode());
    shop.fake.failNext = ['SendClosingReceipt'];
    expect((await step(number, { from: 'paid', to: 'ready_for_pickup' })).statusCode).toBe(200);
    expect((await step(number, { from: 'ready_for_pickup', to: 'delivered' })).statusCode).toBe(200);
    expect(await runSettlements()).toBe(1);
    expect(await settlementOf(number)).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await settlementOf(number))?.lastError).toMatch(/9999/);
    expect(shop.fake.payments.get(bankId)?.closings).toHaveLength(0);
    // Not before its backoff; then it goes through.
    expect(await runSettlements()).toBe(0);
    shop.now = new Date(shop.now.getTime() + 31_000);
    expect(await runSettlements()).toBe(1);
    expect(await settlementOf(number)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(shop.fake.payments.get(bankId)?.closings).toHaveLength(1);
  });

  it('lists for staff an order whose provider cannot send the settlement receipt', async () => {
    const { number } = await paidOrder(1);
    await scan(number, newCode());
    expect((await step(number, { from: 'paid', to: 'ready_for_pickup' })).statusCode).toBe(200);
    expect((await step(number, { from: 'ready_for_pickup', to: 'delivered' })).statusCode).toBe(200);
    const { sendClosingReceipt: _none, ...withoutReceipts } = shop.providers.payments.provider;
    const settlement = createSettlementService({
      db: shop.db,
      payments: withoutReceipts,
      settings: shop.services.settings,
      clock: () => shop.now,
    });
    const [job] = await shop.services.jobs.claim(10, [SETTLEMENT_JOB]);
    expect(job).toBeDefined();
    if (job) expect(await settlement.handle(job)).toEqual({ done: 'unsupported by the provider' });
    expect(await settlementOf(number)).toMatchObject({ status: 'unsupported' });
    const list = await shop.app.inject({
      method: 'GET',
      url: '/api/admin/receipts/settlement-by-hand',
      headers: shop.manager.headers,
    });
    expect(list.json().rows.map((r: { orderNumber: number }) => r.orderNumber)).toContain(number);
  });

  const staff = (url: string, payload: object) =>
    shop.app.inject({ method: 'POST', url, headers: shop.manager.headers, payload });
  const cancelsOf = (bankId: string) =>
    shop.fake.calls
      .filter((c) => c.method === 'Cancel' && c.body.PaymentId === bankId)
      .map((c) => c.body as unknown as { Amount: number; Receipt: { Items: ClosingItem[] } });

  it('one order’s three receipts as the bank took them: the prepayment, the settlement with both codes, and a unit’s refund with its code, which is free again', async () => {
    const { number, bankId } = await paidOrder(2);
    const codes = [newCode(), newCode()];
    for (const c of codes) expect((await scan(number, c)).statusCode).toBe(200);
    expect((await step(number, { from: 'paid', to: 'ready_for_pickup' })).statusCode).toBe(200);
    expect((await step(number, { from: 'ready_for_pickup', to: 'delivered' })).statusCode).toBe(200);
    expect(await runSettlements()).toBe(1);
    const order = await orderOf(number);
    const [line] = await shop.db.select().from(orderLines).where(eq(orderLines.orderNumber, number));
    const refund = await staff(`/api/admin/orders/${number}/refunds`, {
      version: order?.version,
      lines: [{ orderLineId: line?.id, quantity: 1 }],
      delivery: false,
      reason: 'брак',
    });
    expect(refund.statusCode).toBe(200);
    const payment = shop.fake.payments.get(bankId);
    const name = line?.name;
    const total = order?.total as number;
    expect(total).toBe(2 * 2_990_00);
    const goods = { Name: name, Tax: 'vat20', MeasurementUnit: 'шт' };
    const unit = (code: string) => ({
      ...goods,
      Price: 2_990_00,
      Quantity: 1,
      Amount: 2_990_00,
      PaymentMethod: 'full_payment',
      PaymentObject: 'goods_with_marking_code',
      MarkProcessingMode: '0',
      MarkCode: { MarkCodeType: 'GS1M', Value: code },
    });
    const buyer = { FfdVersion: '1.2', Taxation: 'usn_income', Email: 'anna@example.ru' };
    // At payment (Init): a prepayment, the goods as one item, no codes yet.
    expect(payment?.init.Receipt).toMatchObject(buyer);
    expect((payment?.init.Receipt as { Items?: unknown } | undefined)?.Items).toEqual([
      {
        ...goods,
        Price: 2_990_00,
        Quantity: 2,
        Amount: total,
        PaymentMethod: 'full_prepayment',
        PaymentObject: 'commodity',
      },
    ]);
    // At hand-over (SendClosingReceipt): a full payment of each unit with its code, the prepayment set off.
    const settlement = (payment?.closings[0] as Closing | undefined)?.Receipt;
    expect(settlement).toMatchObject(buyer);
    expect(settlement?.Items).toEqual(codes.map(unit));
    expect(settlement?.Payments).toEqual({ Electronic: 0, AdvancePayment: total });
    // The refund of one unit (Cancel): that unit, with the code most recently scanned.
    const [cancel] = cancelsOf(bankId);
    expect(cancel?.Amount).toBe(2_990_00);
    expect(cancel?.Receipt).toMatchObject(buyer);
    expect(cancel?.Receipt.Items).toEqual([unit(codes[1] as string)]);
    // That unit came back: its code may be sold with another order; the other unit's code may not.
    const next = await paidOrder(1);
    expect((await scan(next.number, codes[0] as string)).statusCode).toBe(400);
    expect((await scan(next.number, codes[1] as string)).statusCode).toBe(200);
  });

  it('a unit taken off before the hand-over frees its code and is left out of the settlement, which sets off only the prepayment still held', async () => {
    const { number, bankId } = await paidOrder(3);
    const codes = [newCode(), newCode(), newCode()];
    for (const c of codes) expect((await scan(number, c)).statusCode).toBe(200);
    const [line] = await shop.db.select().from(orderLines).where(eq(orderLines.orderNumber, number));
    const removed = await staff(`/api/admin/orders/${number}/remove-line`, {
      version: (await orderOf(number))?.version,
      orderLineId: line?.id,
      quantity: 1,
      reason: 'брак',
    });
    expect(removed.statusCode).toBe(200);
    // A refund of the prepayment: the prepayment receipt named no codes, nor does its refund.
    const [cancel] = cancelsOf(bankId);
    expect(cancel?.Receipt.Items).toEqual([
      expect.objectContaining({
        Price: 2_990_00,
        Quantity: 1,
        PaymentMethod: 'full_prepayment',
        PaymentObject: 'commodity',
      }),
    ]);
    expect(cancel?.Receipt.Items[0]?.MarkCode).toBeUndefined();
    // The unit stays with the shop: its code is free, and the two that leave have theirs.
    const view = await shop.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${number}/marking`,
      headers: shop.manager.headers,
    });
    expect(view.json().marking).toMatchObject({ total: 2, done: 2 });
    // Then a partial refund of another unit, still before the hand-over.
    const partial = await staff(`/api/admin/orders/${number}/refunds`, {
      version: (await orderOf(number))?.version,
      lines: [{ orderLineId: line?.id, quantity: 1 }],
      delivery: false,
      reason: 'скидка за ожидание',
    });
    expect(partial.statusCode).toBe(200);
    expect((await step(number, { from: 'paid', to: 'ready_for_pickup' })).statusCode).toBe(200);
    expect((await step(number, { from: 'ready_for_pickup', to: 'delivered' })).statusCode).toBe(200);
    expect(await runSettlements()).toBe(1);
    const closing = (shop.fake.payments.get(bankId)?.closings[0] as Closing | undefined)?.Receipt;
    // One unit left the shop: one item with the code scanned first; the prepayment held is one unit's.
    expect(closing?.Items).toEqual([
      expect.objectContaining({
        Price: 2_990_00,
        Quantity: 1,
        Amount: 2_990_00,
        PaymentMethod: 'full_payment',
        PaymentObject: 'goods_with_marking_code',
        MarkCode: { MarkCodeType: 'GS1M', Value: codes[0] },
      }),
    ]);
    const total = (await orderOf(number))?.total as number;
    expect(closing?.Payments).toEqual({ Electronic: 0, AdvancePayment: total - 2 * 2_990_00 });
    expect(await settlementOf(number)).toMatchObject({ status: 'sent', amount: 2_990_00 });
    // The freed codes may go with another order.
    const next = await paidOrder(2);
    expect((await scan(next.number, codes[2] as string)).statusCode).toBe(200);
    expect((await scan(next.number, codes[1] as string)).statusCode).toBe(200);
  });

  it('a return’s refund carries the code of the unit that came back, and frees it', async () => {
    const { number, bankId } = await paidOrder(2);
    const codes = [newCode(), newCode()];
    for (const c of codes) expect((await scan(number, c)).statusCode).toBe(200);
    expect((await step(number, { from: 'paid', to: 'ready_for_pickup' })).statusCode).toBe(200);
    expect((await step(number, { from: 'ready_for_pickup', to: 'delivered' })).statusCode).toBe(200);
    const [line] = await shop.db.select().from(orderLines).where(eq(orderLines.orderNumber, number));
    const asked = await shop.app.inject({
      method: 'POST',
      url: '/api/returns',
      remoteAddress: '10.66.0.3',
      payload: {
        orderID: number,
        contact: 'anna@example.ru',
        reason: 'changed_mind',
        method: 'pickup_point',
        lines: [{ lineId: line?.id, quantity: 1 }],
      },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const returnNumber = asked.json().data.number as number;
    const got = await staff(`/api/admin/returns/${returnNumber}/receive`, { version: 0 });
    expect(got.statusCode).toBe(200);
    const decided = await staff(`/api/admin/returns/${returnNumber}/decide`, {
      version: 1,
      lines: (got.json().lines as { id: number }[]).map((l) => ({ id: l.id, decision: 'accepted' })),
    });
    expect(decided.statusCode).toBe(200);
    const [cancel] = cancelsOf(bankId);
    expect(cancel?.Receipt.Items).toEqual([
      expect.objectContaining({
        Price: 2_990_00,
        Quantity: 1,
        PaymentMethod: 'full_payment',
        PaymentObject: 'goods_with_marking_code',
        MarkCode: { MarkCodeType: 'GS1M', Value: codes[1] },
      }),
    ]);
    const next = await paidOrder(1);
    expect((await scan(next.number, codes[1] as string)).statusCode).toBe(200);
  });

  it('a returned unit’s code may be sold again; the codes are there for the refund receipt', async () => {
    const { number } = await paidOrder(1);
    const code = newCode();
    await scan(number, code);
    const [line] = await shop.db.select().from(orderLines).where(eq(orderLines.orderNumber, number));
    expect(await releaseMarkCodes(shop.db, number, line?.id as number, 1, shop.now)).toEqual([code]);
    const next = await paidOrder(1);
    expect((await scan(next.number, code)).statusCode).toBe(200);
    const rows = await shop.db.select().from(markCodes).where(eq(markCodes.code, code));
    expect(rows).toHaveLength(2);
  });
});
