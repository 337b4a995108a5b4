import { Outlet } from 'react-router';
import { registerDictionary } from '../i18n/index.ts';
import { ru } from '../i18n/ru.ts';

// The Russian edition's texts load with its pages only (docs/decisions/0017-first-paint-and-first-start.md).
registerDictionary('ru', ru);

/** The Russian edition's pages: their texts, nothing drawn of its own. */
export default function EditionRu() {
  return <Outlet />;
}
