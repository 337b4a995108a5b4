import { Outlet } from 'react-router';
import { en } from '../i18n/en.ts';
import { registerDictionary } from '../i18n/index.ts';

// The English edition's texts load with its pages only (docs/decisions/0017-first-paint-and-first-start.md).
registerDictionary('en', en);

/** The English edition's pages: their texts, nothing drawn of its own. */
export default function EditionEn() {
  return <Outlet />;
}
