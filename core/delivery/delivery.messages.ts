import type { Locale } from '../i18n.ts';

/** The spec's delivery texts (checkout.md §8, catalogue.md §8), shared by the API and the storefront. */
export const deliveryMessages = {
  impossible: {
    ru: 'Невозможно осуществить доставку по этому направлению при заданных условиях',
    en: 'It is impossible to carry out delivery in this direction under the given conditions',
  },
  cannotPrice: {
    ru: 'Невозможно рассчитать стоимость доставки. Пожалуйста, укажите другой адрес',
    en: 'The delivery cost cannot be calculated. Please give another address',
  },
  unknownCity: { ru: 'Город не определен', en: 'City not found' },
  addressNotFound: {
    ru: 'Не удалось найти адрес в Москве. Уточните улицу и дом',
    en: 'This address was not found in Moscow. Please check the street and house',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type DeliveryMessage = keyof typeof deliveryMessages;
