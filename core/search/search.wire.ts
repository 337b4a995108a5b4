import { photoSources } from '../catalogue/media.rules.ts';
import { type WireEdition, wirePrice } from '../wire.ts';
import type { SearchResult } from './search.schemas.ts';

/**
 * `POST /api/search` on the wire (catalogue.md §3 Search result, DECISIONS 28): view, name, path and
 * `_id`; a product also carries its photo's address and its prices in the edition's currency.
 */
export interface WireSearchResult {
  view: SearchResult['view'];
  name: string;
  path: string;
  _id: string;
  photo?: string | null;
  price?: number;
  oldPrice?: number | null;
}

export function searchResultToWire(result: SearchResult, edition: WireEdition): WireSearchResult {
  const wire: WireSearchResult = { view: result.view, name: result.name, path: result.path, _id: result._id };
  if (result.view !== 'product') return wire;
  if (result.photo !== undefined) wire.photo = result.photo === null ? null : photoSources(result.photo).src;
  if (result.price !== undefined) wire.price = wirePrice(result.price, edition);
  if (result.oldPrice !== undefined) {
    wire.oldPrice = result.oldPrice === null ? null : wirePrice(result.oldPrice, edition);
  }
  return wire;
}
