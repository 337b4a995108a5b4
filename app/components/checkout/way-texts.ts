import type { GetWay } from '../../../core/delivery/delivery.rules.ts';
import type { useT } from '../../i18n/index.ts';
import type { useShop } from '../../shop-context.ts';

/** A delivery method's name, note and price as the method list and the order summary show them. */
export function wayTexts(
  way: GetWay,
  shop: ReturnType<typeof useShop>,
  t: ReturnType<typeof useT>,
  money: (kopecks: number) => string,
  free: boolean,
): { title: string; note: string; price: string | null } {
  const texts = shop.delivery.texts;
  switch (way) {
    case 'delivery-sdek':
      return shop.locale === 'en'
        ? {
            title: t('checkout.way.delivery-sdek.en'),
            note: t('checkout.way.delivery-sdek.en.note'),
            price: null,
          }
        : {
            title: t('checkout.way.delivery-sdek'),
            note: t('checkout.way.delivery-sdek.note'),
            price: free ? t('cart.deliveryFree') : null,
          };
    case 'self-sdek':
    case 'self-boxberry':
      return {
        title: t(`checkout.way.${way}`),
        note: t(`checkout.way.${way}.note`),
        price: free ? t('cart.deliveryFree') : null,
      };
    case 'moscow':
      return {
        title: texts.moscow.title,
        note: texts.moscow.subtitle,
        price: `${money(shop.delivery.moscowDeliveryPrice)}`,
      };
    case 'moscow-try':
      return {
        title: texts['moscow-try'].title,
        note: texts['moscow-try'].subtitle,
        price:
          shop.delivery.moscowTryDeliveryPrice === null
            ? null
            : `${money(shop.delivery.moscowTryDeliveryPrice)}`,
      };
    case 'self':
      return {
        title: texts.self.title,
        note: texts.self.subtitle,
        price: t('cart.deliveryFree'),
      };
  }
}
