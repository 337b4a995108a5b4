import { Outlet } from 'react-router';
import en from '../i18n/en.ts?first-paint';
import { registerDictionary } from '../i18n/index.ts';

// The English edition's first-paint texts load with its pages; the rest where it is used
// (docs/decisions/0017-first-paint-and-first-start.md, docs/decisions/0049-first-load-split.md).
registerDictionary('en', en);

/** The English edition's pages: their texts, nothing drawn of its own. */
export default function EditionEn() {
  return <Outlet />;
}
