import { data } from 'react-router';
import { en } from '../i18n/en.ts';
import { registerDictionary } from '../i18n/index.ts';
import { ru } from '../i18n/ru.ts';

// The not-found page serves either edition's addresses: both dictionaries come with it.
registerDictionary('ru', ru);
registerDictionary('en', en);

export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
