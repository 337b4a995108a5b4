import { Outlet } from 'react-router';
import { registerDictionary } from '../i18n/index.ts';
import ru from '../i18n/ru.ts?first-paint';

// The Russian edition's first-paint texts load with its pages; the rest where it is used
// (docs/decisions/0017-first-paint-and-first-start.md, docs/decisions/0049-first-load-split.md).
registerDictionary('ru', ru);

/** The Russian edition's pages: their texts, nothing drawn of its own. */
export default function EditionRu() {
  return <Outlet />;
}
