import { z } from 'zod';
import { getWays } from '../delivery/delivery.rules.ts';

const localized = z.object({ ru: z.string(), en: z.string() });
const link = z.object({ name: localized, path: z.string().min(1) });

/** The bounds of the feeds settings (`main.feeds`), shared by the schema and the back-office form. */
export const feedsLimits = { vendorMax: 120, preorderDaysMin: 1, preorderDaysMax: 365 } as const;

/** Taxation systems of 54-FZ receipts (DECISIONS 36), as the acquirer names them. */
export const taxationSystems = ['osn', 'usn_income', 'usn_income_outcome', 'esn', 'patent'] as const;
/** VAT rates of receipt items (`vat105` and the like are the calculated rates 5/105 ...). */
export const vatRates = [
  'none',
  'vat0',
  'vat5',
  'vat7',
  'vat10',
  'vat20',
  'vat22',
  'vat105',
  'vat107',
  'vat110',
  'vat120',
  'vat122',
] as const;

/** `main`: the shop's switches and checkout figures. Prices in kopecks. */
export const mainSettingsSchema = z
  .object({
    _id: z.literal('main'),
    shopName: localized,
    /** The brand in messages (core/messages/templates.ts): its colour and logo; absent = dark grey, the name as text. */
    brand: z
      .object({
        colour: z.string().regex(/^#[0-9a-fA-F]{6}$/),
        logoUrl: z.url().optional(),
      })
      .optional(),
    /**
     * The marketplace feeds (docs/product/feeds.md): the brand every offer is made by (YML `vendor`,
     * Google `brand`; absent = the shop's Russian name) and the days a pre-order is promised in
     * (Google `availability_date`; absent = 30).
     */
    feeds: z
      .object({
        vendor: z.string().trim().min(1).max(feedsLimits.vendorMax).optional(),
        preorderDays: z
          .number()
          .int()
          .min(feedsLimits.preorderDaysMin)
          .max(feedsLimits.preorderDaysMax)
          .optional(),
      })
      .optional(),
    /** Free delivery from this cart total (kopecks); 0 disables it. Not in English (checkout.md §9). */
    freeDeliveryMin: z.number().int().min(0),
    /** Delivery methods hidden in the English edition. */
    englishDisabledGetWays: z.array(z.enum(getWays)),
    /**
     * Delivery methods besides `moscow-try` whose buyer may keep part of the order and settle on
     * delivery (docs/product/try-on-buyout.md); absent = only `moscow-try`.
     */
    payOnDeliveryGetWays: z.array(z.enum(getWays)).optional(),
    payments: z.object({
      split: z.boolean(),
      dolyame: z.boolean(),
      tinkoff: z.boolean(),
      hepay: z.boolean(),
      /** The editions SBP is switched on in (docs/decisions/0036-sbp-and-two-stage-payments.md); absent = none. */
      sbp: z
        .array(z.enum(['ru', 'en']))
        .max(2)
        .optional(),
      /**
       * Delivery methods whose card payments are two-stage (docs/decisions/0036-sbp-and-two-stage-payments.md):
       * the bank holds the money and the shop takes it when the goods are handed to the carrier or
       * delivered; cancelled before that, the hold is released. Absent = none.
       */
      twoStage: z.array(z.enum(getWays)).optional(),
    }),
    /** Minutes unpaid orders hold their stock (DECISIONS 32, docs/decisions/0018); absent = 20 and 60. */
    orderHoldMinutes: z
      .object({ online: z.number().int().min(5).max(1440), decision: z.number().int().min(5).max(1440) })
      .optional(),
    /**
     * A paid try-on order (`moscow-try`) not handed to the courier: days after payment before staff
     * are told, and days after that before it is cancelled and its delivery refunded unless staff
     * keep it (docs/decisions/0035-try-on-buyout.md); absent = 3 and 1.
     */
    tryOnHold: z
      .object({ days: z.number().int().min(1).max(60), graceDays: z.number().int().min(0).max(30) })
      .optional(),
    /** What one client's unpaid orders may hold (DECISIONS 32); absent = core/orders/order.rules.ts HOLD_CAPS. */
    holdCaps: z
      .object({
        orders: z.number().int().min(1).max(100),
        unitsPerVariant: z.number().int().min(1).max(1000),
        addressOrders: z.number().int().min(1).max(1000),
        addressUnitsPerVariant: z.number().int().min(1).max(10000),
        tryOnItems: z.number().int().min(1).max(100),
      })
      .optional(),
    /**
     * Receipts of online payments (DECISIONS 36): taxation system and the VAT rate of goods and
     * delivery; absent = simplified tax on income without VAT (`usn_income`, `none`).
     */
    receipt: z.object({ taxation: z.enum(taxationSystems), vat: z.enum(vatRates) }).optional(),
    /**
     * Returns and size exchanges (docs/product/returns.md): days after receipt a return may be asked
     * (at least the law's 7), who pays the parcel's way back, and whether an exchange's new size is sent
     * at once or when the return arrives; absent = 14 days, the buyer, on receipt.
     */
    returns: z
      .object({
        windowDays: z.number().int().min(7).max(365),
        deliveryPaidBy: z.enum(['shop', 'buyer']),
        exchangeShips: z.enum(['on_receipt', 'at_once']),
      })
      .optional(),
    englishEnabled: z.boolean(),
    /**
     * Country calling codes (`7`, `375`, `1`) whose phones get sign-in codes; absent = those of the
     * phone masks checkout offers (core/checkout/phone-masks.ts).
     */
    smsCountryCodes: z
      .array(z.string().regex(/^[1-9]\d{0,3}$/))
      .max(300)
      .optional(),
    /** Minutes after a cart reminder sign-up before it is sent (core/messages/marketing.rules.ts); absent = 120. */
    cartReminderDelayMinutes: z.number().int().min(15).max(10_080).optional(),
    /**
     * The seller's requisites shown in the footer and the public offer (legal name, ИНН of 10 digits for
     * a company or 12 for a sole trader, ОГРН of 13 or ОГРНИП of 15 digits); absent = the footer shows none.
     */
    seller: z
      .object({
        name: localized,
        inn: z.string().regex(/^(\d{10}|\d{12})$/, 'ИНН: 10 or 12 digits'),
        ogrn: z.string().regex(/^(\d{13}|\d{15})$/, 'ОГРН: 13 or 15 digits'),
        address: localized,
      })
      .optional(),
    /** Counters loaded on every storefront page with the page's CSP nonce; each only when set. */
    analytics: z
      .object({
        /** Google Tag Manager container, `GTM-XXXXXXX`. */
        gtmId: z
          .string()
          .regex(/^GTM-[A-Z0-9]+$/, 'GTM id: GTM- followed by capitals and digits')
          .optional(),
        /** Yandex Metrica counter number. */
        metrikaId: z
          .string()
          .regex(/^\d{5,10}$/, 'Metrica counter: 5 to 10 digits')
          .optional(),
      })
      .optional(),
  })
  .refine(
    // A held payment is confirmed for the order's total: a pay-on-delivery method, whose buyout may
    // refund part of a payment, cannot be two-stage (docs/decisions/0036-sbp-and-two-stage-payments.md).
    (main) => !(main.payments.twoStage ?? []).some((way) => (main.payOnDeliveryGetWays ?? []).includes(way)),
    {
      path: ['payments', 'twoStage'],
      message: 'a delivery method paid on delivery (payOnDeliveryGetWays) cannot also be two-stage',
    },
  );

/** `contacts`: catalogue.md §3. */
export const contactsSettingsSchema = z.object({
  _id: z.literal('contacts'),
  phone: z.string(),
  email: z.string(),
  copyrights: localized,
  address: localized,
  vk: z.string(),
  instagram: z.string(),
  facebook: z.string(),
  whatsapp: z.string(),
  telegram: z.string(),
  pinterest: z.string(),
});

export const menuColumnSchema = z.object({ name: localized, items: z.array(link) });

const engagementDefaults = {
  cookieNotice: {
    enabled: true,
    delaySeconds: 30,
    dismissDays: 30,
    text: {
      ru: 'Мы используем файлы cookie, чтобы сайт работал удобнее. Оставаясь на сайте, вы соглашаетесь с политикой конфиденциальности.',
      en: 'We use cookies to make the site work better. By staying on the site you accept our privacy policy.',
    },
  },
  marketing: {
    enabled: true,
    delaySeconds: 3,
    dismissDays: 3,
    title: { ru: 'Скидка 10% на первый заказ', en: '10% off your first order' },
    text: {
      ru: 'Подпишитесь на рассылку — пришлём промокод и расскажем о новых коллекциях первыми.',
      en: 'Subscribe to our newsletter for a promo code and first news of new collections.',
    },
  },
  appBanner: {
    enabled: true,
    delaySeconds: 2,
    dismissDays: 14,
    title: { ru: 'В приложении удобнее', en: 'Shop faster in our app' },
    iosUrl: 'https://apps.apple.com/app/id0000000000',
    androidUrl: 'https://play.google.com/store/apps/details?id=shop.example',
  },
  messenger: { enabled: true },
  callbackFields: [] as { key: string; label: { ru: string; en: string }; required: boolean }[],
};

/** Days a dismissed popup stays away; documents stored before the setting existed get the spec's value. */
const dismissDays = (fallback: number) => z.number().int().min(1).max(3650).default(fallback);

/** Timers, texts and switches of the engagement popups (catalogue.md §4); absent in old data = defaults. */
export const engagementSettingsSchema = z
  .object({
    cookieNotice: z.object({
      enabled: z.boolean(),
      delaySeconds: z.number().int().min(0).max(600),
      /** How long a dismissal is remembered (catalogue.md §9: 30 days). */
      dismissDays: dismissDays(engagementDefaults.cookieNotice.dismissDays),
      text: localized,
    }),
    marketing: z.object({
      enabled: z.boolean(),
      delaySeconds: z.number().int().min(0).max(600),
      /** catalogue.md §9: 3 days (259,200 s). */
      dismissDays: dismissDays(engagementDefaults.marketing.dismissDays),
      title: localized,
      text: localized,
    }),
    appBanner: z.object({
      enabled: z.boolean(),
      delaySeconds: z.number().int().min(0).max(600),
      /** catalogue.md §9: 14 days. */
      dismissDays: dismissDays(engagementDefaults.appBanner.dismissDays),
      title: localized,
      iosUrl: z.string(),
      androidUrl: z.string(),
    }),
    messenger: z.object({ enabled: z.boolean() }),
    /** Extra fields of the callback popup. */
    callbackFields: z.array(
      z.object({ key: z.string().regex(/^[a-z][a-z0-9_]{0,30}$/), label: localized, required: z.boolean() }),
    ),
  })
  .default(engagementDefaults);

/** `ui`: menus, labels and the Moscow delivery texts and prices (catalogue.md §3). */
export const uiSettingsSchema = z.object({
  _id: z.literal('ui'),
  header: z.object({ menu: z.array(link) }),
  global: z.object({
    menu: z.object({
      /** Items listed before the top categories in the catalogue column; `isRed` highlights. */
      categoriesPrefix: z.array(link.extend({ isRed: z.boolean() })),
      columns: z.array(menuColumnSchema),
    }),
  }),
  phoneLabel: localized,
  emailLabel: localized,
  socialsLabel: localized,
  catalog: z.object({ colors: z.array(z.object({ name: localized, value: z.string() })) }),
  /** Kopecks; absent hides `moscow-try` (checkout.md §4). */
  moscowTryDeliveryPrice: z.number().int().min(0).nullable(),
  moscowTryDeliveryOutMkadPrice: z.number().int().min(0).nullable(),
  moscowDeliveryPrice: z.number().int().min(0),
  moscowDeliveryOutMkadPrice: z.number().int().min(0),
  deliveryTexts: z.object({
    moscow: z.object({ title: localized, subtitle: localized }),
    'moscow-try': z.object({ title: localized, subtitle: localized }),
    self: z.object({ title: localized, subtitle: localized }),
  }),
  engagement: engagementSettingsSchema,
  home: z.object({
    heroTitle: localized,
    heroSubtitle: localized,
    heroLink: z.string(),
  }),
});

export const settingsDocumentSchema = z.discriminatedUnion('_id', [
  mainSettingsSchema,
  contactsSettingsSchema,
  uiSettingsSchema,
]);

export type MainSettings = z.infer<typeof mainSettingsSchema>;
export type ContactsSettings = z.infer<typeof contactsSettingsSchema>;
export type UiSettings = z.infer<typeof uiSettingsSchema>;
export type UiSettingsInput = z.input<typeof uiSettingsSchema>;
export type EngagementSettings = z.infer<typeof engagementSettingsSchema>;
export type SettingsDocument = z.infer<typeof settingsDocumentSchema>;
export type MenuLink = z.infer<typeof link>;

export interface ShopSettings {
  main: MainSettings;
  contacts: ContactsSettings;
  ui: UiSettings;
}
