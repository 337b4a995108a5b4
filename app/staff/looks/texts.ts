import { pageLocale } from '../editing/staff-api.ts';

/** The look tag editor's own texts (never part of a shopper's dictionary), in the page's language. */
const texts = {
  ru: {
    hint: 'Shift+клик по фото — новая метка',
    newTag: 'Новая метка',
    editTag: 'Метка',
    name: 'Текст',
    nameEn: 'Текст по-английски',
    productId: 'ID товара',
    link: 'Ссылка',
    width: 'Ширина (0–300)',
    save: 'Сохранить',
    cancel: 'Отмена',
    remove: 'Удалить',
    confirmRemove: 'Точно удалить тег?',
    saved: 'Метки образа сохранены',
    stale: 'Образ изменили в другом окне: показаны свежие метки',
  },
  en: {
    hint: 'Shift+click on the photo adds a tag',
    newTag: 'New tag',
    editTag: 'Tag',
    name: 'Text',
    nameEn: 'English text',
    productId: 'Product ID',
    link: 'Link',
    width: 'Width (0–300)',
    save: 'Save',
    cancel: 'Cancel',
    remove: 'Delete',
    confirmRemove: 'Delete the tag for sure?',
    saved: 'The look’s tags are saved',
    stale: 'The look was changed elsewhere: the fresh tags are shown',
  },
} as const;

export type LookTextKey = keyof (typeof texts)['ru'];

export function lt(key: LookTextKey): string {
  return texts[pageLocale()][key];
}
