const l = (ru: string, en: string) => ({ ru, en });

export const demoSizeTables = [
  {
    id: 'clothes-letter',
    title: l('Таблица размеров одежды', 'Clothing size guide'),
    items: [
      {
        name: l('Женская одежда', 'Womenswear'),
        columns: ['Размер', 'RU', 'Грудь, см', 'Талия, см', 'Бёдра, см'],
        rows: [
          ['XS', '40–42', '80–84', '62–66', '88–92'],
          ['S', '42–44', '84–88', '66–70', '92–96'],
          ['M', '44–46', '88–92', '70–74', '96–100'],
          ['L', '46–48', '92–96', '74–78', '100–104'],
          ['XL', '48–50', '96–100', '78–82', '104–108'],
        ],
        text: l(
          'Если вы между размерами, выбирайте больший для свободной посадки и меньший для облегающей.',
          'Between sizes? Take the larger one for a relaxed fit and the smaller one for a close fit.',
        ),
      },
    ],
  },
  {
    id: 'clothes-numeric',
    title: l('Таблица размеров: российские размеры', 'Size guide: Russian sizes'),
    items: [
      {
        name: l('Брюки и юбки', 'Trousers and skirts'),
        columns: ['RU', 'INT', 'Талия, см', 'Бёдра, см'],
        rows: [
          ['42', 'XS', '64–66', '90–92'],
          ['44', 'S', '68–70', '94–96'],
          ['46', 'M', '72–74', '98–100'],
          ['48', 'L', '76–78', '102–104'],
          ['50', 'XL', '80–82', '106–108'],
        ],
        text: l('Обхват талии измеряйте по самой узкой линии.', 'Measure your waist at its narrowest point.'),
      },
    ],
  },
  {
    id: 'shoes',
    title: l('Таблица размеров обуви', 'Shoe size guide'),
    items: [
      {
        name: l('Обувь', 'Shoes'),
        columns: ['RU', 'EU', 'UK', 'Длина стопы, см'],
        rows: [
          ['36', '37', '4', '23.5'],
          ['37', '38', '5', '24'],
          ['38', '39', '6', '24.5'],
          ['39', '40', '6.5', '25'],
          ['40', '41', '7', '26'],
          ['41', '42', '8', '26.5'],
        ],
        text: l(
          'Измерьте стопу вечером, стоя на листе бумаги.',
          'Measure your foot in the evening, standing on paper.',
        ),
      },
    ],
  },
];
