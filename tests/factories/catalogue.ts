import type { ContactsSettings, MainSettings, UiSettingsInput } from '../../core/content/settings.schemas.ts';
import type { Db } from '../../core/db/client.ts';
import {
  categories,
  productGroups,
  productPhotos,
  settings,
  sizeTables,
  variantProducts,
} from '../../core/db/schema/index.ts';

let seq = 0;
const next = () => ++seq;
const l = (ru: string, en: string) => ({ ru, en });

export function buildCategory(overrides: Partial<typeof categories.$inferInsert> = {}) {
  const n = next();
  return {
    slug: `category-${n}`,
    parentSlug: null,
    name: l(`Категория ${n}`, `Category ${n}`),
    position: n,
    ...overrides,
  };
}

export async function insertCategory(db: Db, overrides: Partial<typeof categories.$inferInsert> = {}) {
  const row = buildCategory(overrides);
  await db.insert(categories).values(row);
  return row;
}

export interface VariantInput {
  size: string;
  stock?: number;
  preorder?: boolean;
  notification?: boolean;
}

export function buildProductGroup(
  overrides: Partial<typeof productGroups.$inferInsert> & { categorySlug: string },
) {
  const n = next();
  return {
    id: `product-${n}`,
    art: `ART-${n}`,
    name: l(`Платье ${n}`, `Dress ${n}`),
    description: l('Описание', 'Description'),
    composition: l('100% лён', '100% linen'),
    care: l('Стирка 30 °C', 'Wash at 30 °C'),
    colorName: l('Песочный', 'Sand'),
    colorHex: '#d8c3a0',
    price: 9_990_00,
    oldPrice: null,
    position: n,
    ...overrides,
  };
}

/** A product group with its variants (default: S, M, L in stock) and two photos. */
export async function insertProductGroup(
  db: Db,
  overrides: Partial<typeof productGroups.$inferInsert> & { categorySlug: string },
  variants: VariantInput[] = [
    { size: 'S', stock: 5 },
    { size: 'M', stock: 5 },
    { size: 'L', stock: 5 },
  ],
) {
  const group = buildProductGroup(overrides);
  await db.insert(productGroups).values(group);
  if (variants.length > 0) {
    await db.insert(variantProducts).values(
      variants.map((v, i) => ({
        id: `${group.id}-${v.size || 'one'}`,
        groupId: group.id,
        size: v.size,
        color: 'sand',
        barcode: `${group.id}-${i}`,
        stock: v.stock ?? 5,
        preorder: v.preorder ?? false,
        notification: v.notification ?? false,
      })),
    );
  }
  await db.insert(productPhotos).values([
    { groupId: group.id, src: `products/${group.id}-front`, width: 1200, height: 1500, position: 0 },
    { groupId: group.id, src: `products/${group.id}-back`, width: 1200, height: 1500, position: 1 },
  ]);
  return group;
}

/**
 * The body of a back-office "new product" request (core/catalogue/catalogue-admin.schemas.ts):
 * two sizes with unique barcodes, hidden until published.
 */
export function buildProductInput(overrides: Record<string, unknown> & { categorySlug: string }) {
  const n = next();
  const tag = `${Date.now().toString(36)}${n}`;
  return {
    art: `NEW-${n}`,
    name: l(`Жакет ${n}`, `Jacket ${n}`),
    description: l('Прямой жакет', 'A straight jacket'),
    composition: l('100% шерсть', '100% wool'),
    care: l('Сухая чистка', 'Dry clean'),
    collectionSlugs: [],
    isNew: true,
    isBestseller: false,
    price: 12_900_00,
    oldPrice: null,
    colorName: l(`Графит ${n}`, `Graphite ${n}`),
    colorHex: '#3a3a3c',
    sizeTableId: null,
    published: false,
    variants: [
      { size: 'S', barcode: `S-${tag}`, stock: 3, preorder: false, notification: true },
      { size: 'M', barcode: `M-${tag}`, stock: 0, preorder: false, notification: true },
    ],
    ...overrides,
  };
}

/** A size table with one girth table. */
export async function insertSizeTable(db: Db, overrides: Partial<typeof sizeTables.$inferInsert> = {}) {
  const n = next();
  const row = {
    id: `sizes-${n}`,
    title: l(`Размеры ${n}`, `Sizes ${n}`),
    items: [
      {
        name: l('Обхваты', 'Girths'),
        columns: ['RU', 'Грудь'],
        rows: [['42', '84']],
        text: l('', ''),
      },
    ],
    ...overrides,
  };
  await db.insert(sizeTables).values(row);
  return row;
}

export function buildSettings(): { main: MainSettings; contacts: ContactsSettings; ui: UiSettingsInput } {
  const text = { title: l('Заголовок', 'Title'), subtitle: l('Подзаголовок', 'Subtitle') };
  return {
    main: {
      _id: 'main',
      shopName: l('Тестовый магазин', 'Test shop'),
      freeDeliveryMin: 10_000_00,
      englishDisabledGetWays: ['moscow-try'],
      payments: { split: true, dolyame: true, tinkoff: false, hepay: false },
      englishEnabled: true,
    },
    contacts: {
      _id: 'contacts',
      phone: '+7 (900) 000-00-00',
      email: 'shop@example.test',
      copyrights: l('© Магазин', '© Shop'),
      address: l('Москва', 'Moscow'),
      vk: 'https://vk.com/shop',
      instagram: '',
      facebook: '',
      whatsapp: '',
      telegram: 'https://t.me/shop',
      pinterest: '',
    },
    ui: {
      _id: 'ui',
      header: { menu: [{ name: l('Новинки', 'New'), path: '/catalog?sort=new' }] },
      global: {
        menu: {
          categoriesPrefix: [{ name: l('Распродажа', 'Sale'), path: '/catalog?sale=1', isRed: true }],
          columns: [
            {
              name: l('Покупателям', 'Customers'),
              items: [{ name: l('Доставка', 'Delivery'), path: '/delivery' }],
            },
          ],
        },
      },
      phoneLabel: l('Телефон', 'Phone'),
      emailLabel: l('Почта', 'E-mail'),
      socialsLabel: l('Соцсети', 'Socials'),
      catalog: { colors: [] },
      moscowTryDeliveryPrice: 700_00,
      moscowTryDeliveryOutMkadPrice: 1_200_00,
      moscowDeliveryPrice: 500_00,
      moscowDeliveryOutMkadPrice: 900_00,
      deliveryTexts: { moscow: text, 'moscow-try': text, self: text },
      home: { heroTitle: l('Осень', 'Autumn'), heroSubtitle: l('Капсула', 'Capsule'), heroLink: '/catalog' },
    },
  };
}

export async function insertSettings(db: Db, docs = buildSettings()) {
  for (const doc of [docs.main, docs.contacts, docs.ui]) {
    const { _id, ...data } = doc;
    await db.insert(settings).values({ id: _id, data });
  }
  return docs;
}
