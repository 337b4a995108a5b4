import iconv from 'iconv-lite';

/** CommerceML 2 files as 1C writes them, built by the tests (2.05 and 2.10 styles). */

export interface CmlTestProduct {
  id: string;
  art: string;
  name: string;
  colour: string;
  size: string;
  barcode: string;
  groupId: string;
  description?: string;
  /** Photo paths as 1C writes them, relative to the exchange folder: `import_files/ab/abc.jpg`. */
  pictures?: string[];
}

export interface CmlTestOffer {
  id: string;
  barcode?: string;
  /** Price per type id, in roubles as 1C writes them ("4990.00"). */
  prices: Record<string, string>;
  quantity: string | number;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function importXml({
  version = '2.05',
  groups,
  products,
  onlyChanges = false,
  encoding = 'UTF-8',
}: {
  version?: '2.05' | '2.10';
  groups: { id: string; name: string; children?: { id: string; name: string }[] }[];
  products: CmlTestProduct[];
  onlyChanges?: boolean;
  encoding?: 'UTF-8' | 'windows-1251';
}): Buffer {
  const group = (g: { id: string; name: string; children?: { id: string; name: string }[] }): string =>
    `<Группа><Ид>${g.id}</Ид><Наименование>${esc(g.name)}</Наименование>${
      g.children?.length ? `<Группы>${g.children.map(group).join('')}</Группы>` : ''
    }</Группа>`;
  const sizeValues = [...new Set(products.map((p) => p.size))];
  const properties = `<Свойства>
      <Свойство><Ид>prop-size</Ид><Наименование>Размер</Наименование><ТипЗначений>Справочник</ТипЗначений>
        <ВариантыЗначений>${sizeValues
          .map(
            (s, i) =>
              `<Справочник><ИдЗначения>size-${i}</ИдЗначения><Значение>${esc(s)}</Значение></Справочник>`,
          )
          .join('')}</ВариантыЗначений></Свойство>
      <Свойство><Ид>prop-colour</Ид><Наименование>Цвет</Наименование><ТипЗначений>Строка</ТипЗначений></Свойство>
    </Свойства>`;
  const product = (p: CmlTestProduct) => {
    const sizeRef = `size-${sizeValues.indexOf(p.size)}`;
    // 2.05 names the size and colour through the classifier's properties; 2.10 (and many
    // configurations) as the product's characteristics.
    const props =
      version === '2.05'
        ? `<ЗначенияСвойств>
            <ЗначенияСвойства><Ид>prop-size</Ид><Значение>${sizeRef}</Значение></ЗначенияСвойства>
            <ЗначенияСвойства><Ид>prop-colour</Ид><Значение>${esc(p.colour)}</Значение></ЗначенияСвойства>
          </ЗначенияСвойств>`
        : `<ХарактеристикиТовара>
            <ХарактеристикаТовара><Наименование>Размер</Наименование><Значение>${esc(p.size)}</Значение></ХарактеристикаТовара>
            <ХарактеристикаТовара><Наименование>Цвет</Наименование><Значение>${esc(p.colour)}</Значение></ХарактеристикаТовара>
          </ХарактеристикиТовара>`;
    return `
      <Товар>
        <Ид>${p.id}</Ид>
        <ШтрихКод>${p.barcode}</ШтрихКод>
        <Артикул>${esc(p.art)}</Артикул>
        <Наименование>${esc(p.name)}</Наименование>
        <БазоваяЕдиница Код="796" НаименованиеПолное="Штука">шт</БазоваяЕдиница>
        <Группы><Ид>${p.groupId}</Ид></Группы>
        <Описание>${esc(p.description ?? '')}</Описание>
        ${(p.pictures ?? []).map((src) => `<Картинка>${esc(src)}</Картинка>`).join('')}
        ${props}
      </Товар>`;
  };
  const text = `<?xml version="1.0" encoding="${encoding}"?>
<КоммерческаяИнформация ВерсияСхемы="${version}" ДатаФормирования="2026-11-20T10:00:00">
  <Классификатор>
    <Ид>classifier-1</Ид>
    <Наименование>Классификатор (Основной каталог товаров)</Наименование>
    <Группы>${groups.map(group).join('')}</Группы>
    ${properties}
  </Классификатор>
  <Каталог СодержитТолькоИзменения="${onlyChanges}">
    <Ид>catalogue-1</Ид>
    <ИдКлассификатора>classifier-1</ИдКлассификатора>
    <Наименование>Основной каталог товаров</Наименование>
    <Товары>${products.map(product).join('')}
    </Товары>
  </Каталог>
</КоммерческаяИнформация>
`;
  return encoding === 'UTF-8' ? Buffer.from(text, 'utf8') : iconv.encode(text, 'win1251');
}

export function offersXml({
  version = '2.05',
  priceTypes,
  offers,
}: {
  version?: '2.05' | '2.10';
  priceTypes: { id: string; name: string }[];
  offers: CmlTestOffer[];
}): Buffer {
  const offer = (o: CmlTestOffer) => {
    const prices = Object.entries(o.prices)
      .map(
        ([type, value]) =>
          `<Цена><Представление>${value} RUB за шт</Представление><ИдТипаЦены>${type}</ИдТипаЦены><ЦенаЗаЕдиницу>${value}</ЦенаЗаЕдиницу><Валюта>RUB</Валюта><Единица>шт</Единица><Коэффициент>1</Коэффициент></Цена>`,
      )
      .join('');
    // 2.05: <Количество>; 2.10: <Остатки><Остаток><Склад><Ид/><Количество/></Склад></Остаток></Остатки>.
    const stock =
      version === '2.05'
        ? `<Количество>${o.quantity}</Количество>`
        : `<Остатки><Остаток><Склад><Ид>store-1</Ид><Количество>${o.quantity}</Количество></Склад></Остаток></Остатки>`;
    return `
      <Предложение>
        <Ид>${o.id}</Ид>
        ${o.barcode ? `<ШтрихКод>${o.barcode}</ШтрихКод>` : ''}
        <Наименование>offer</Наименование>
        <Цены>${prices}</Цены>
        ${stock}
      </Предложение>`;
  };
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="${version}" ДатаФормирования="2026-11-20T10:00:00">
  <ПакетПредложений СодержитТолькоИзменения="false">
    <Ид>catalogue-1#</Ид>
    <Наименование>Пакет предложений</Наименование>
    <ИдКаталога>catalogue-1</ИдКаталога>
    <ИдКлассификатора>classifier-1</ИдКлассификатора>
    <ТипыЦен>${priceTypes
      .map(
        (t) =>
          `<ТипЦены><Ид>${t.id}</Ид><Наименование>${esc(t.name)}</Наименование><Валюта>RUB</Валюта></ТипЦены>`,
      )
      .join('')}</ТипыЦен>
    <Предложения>${offers.map(offer).join('')}
    </Предложения>
  </ПакетПредложений>
</КоммерческаяИнформация>
`,
    'utf8',
  );
}

/** The bytes in chunks of `size`, as an upload or a file stream delivers them. */
export async function* chunks(bytes: Uint8Array, size = 1024): AsyncIterable<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}
