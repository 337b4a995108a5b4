import { Outlet } from 'react-router';
import { en } from '../i18n/en.ts';
import { registerDictionary } from '../i18n/index.ts';

// The English pages that show texts beyond the first-paint ones (payment result, pickup widget,
// mail links …) bring the whole dictionary (docs/decisions/0049-first-load-split.md).
registerDictionary('en', en);

/** The English edition's pages that need its whole dictionary. */
export default function TextsEn() {
  return <Outlet />;
}
