import { Outlet } from 'react-router';
import { registerDictionary } from '../i18n/index.ts';
import { ru } from '../i18n/ru.ts';

// The Russian pages that show texts beyond the first-paint ones (payment result, pickup widget,
// mail links …) bring the whole dictionary (docs/decisions/0049-first-load-split.md).
registerDictionary('ru', ru);

/** The Russian edition's pages that need its whole dictionary. */
export default function TextsRu() {
  return <Outlet />;
}
