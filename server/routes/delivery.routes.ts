import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deliveryMessages } from '../../core/delivery/delivery.messages.ts';
import {
  boxberryPriceSchema,
  checkDeliverySchema,
  citySearchSchema,
  deliveryByCitySchema,
  dhlSchema,
  enCitiesSchema,
  freeDeliverySchema,
  moscowPriceSchema,
  officesSchema,
  sdekCitiesSchema,
  sdekPriceSchema,
} from '../../core/delivery/delivery.schemas.ts';
import type { Outcome } from '../../core/delivery/delivery.service.ts';
import type { PickupPoint } from '../../core/delivery/delivery.types.ts';
import {
  freeDeliveryToWire,
  moscowPriceToWire,
  pickupPointToWire,
  quoteToWire,
} from '../../core/delivery/delivery.wire.ts';
import type { Services } from '../../core/services.ts';
import { parseInput, requestLocale } from '../request.ts';

/**
 * `{ result: true, data }` with `data` in its wire shape (DECISIONS 28: prices in roubles), or the
 * spec's refusal text in the request's language (checkout.md §8).
 */
function answer<T, W = T>(outcome: Outcome<T>, request: FastifyRequest, toWire?: (value: T) => W) {
  if (outcome.ok) return { result: true, data: toWire ? toWire(outcome.value) : outcome.value };
  return { result: false, message: deliveryMessages[outcome.reason][requestLocale(request)] };
}

const pickupPoints = (points: PickupPoint[]) => points.map(pickupPointToWire);

/** The delivery endpoints of checkout.md §7 and catalogue.md §7. */
export function deliveryRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const delivery = services.delivery;

  // City suggestions of the guest address form; without a query, the detection guess (catalogue.md §8).
  app.get('/api/checkout/city', async (request) => {
    const { query } = parseInput(citySearchSchema, request.query, request);
    if (!query) {
      const city = await delivery.detectCity(request.ip);
      return { result: true, data: city ? [city] : [] };
    }
    return { result: true, data: await delivery.suggestCities(query) };
  });

  app.get('/api/checkout/sdek-cities', async (request) => {
    const { query, q } = parseInput(sdekCitiesSchema, request.query, request);
    return { result: true, data: await delivery.suggestCities(query ?? q) };
  });

  app.get('/api/sdek/cities', async (request) => {
    const { query, q } = parseInput(sdekCitiesSchema, request.query, request);
    return { result: true, data: await delivery.suggestCities(query ?? q) };
  });

  // checkout.md §8: a failing English city search gives an empty list.
  app.get('/api/checkout/en-cities', async (request) => {
    const { q } = parseInput(enCitiesSchema, request.query, request);
    try {
      return await delivery.suggestWorldCities(q);
    } catch (error) {
      request.log.error({ err: error }, 'English city search failed');
      return [];
    }
  });

  app.get('/api/checkout/check-delivery', async (request) => {
    const { code, weight, summ } = parseInput(checkDeliverySchema, request.query, request);
    return answer(
      await delivery.quoteCarrier({ carrier: 'sdek', mode: 'door', cityCode: code, weight, summ }),
      request,
      quoteToWire,
    );
  });

  app.get('/api/checkout/delivery', async (request) => {
    const input = parseInput(deliveryByCitySchema, request.query, request);
    return answer(await delivery.quoteByCityName(input), request, quoteToWire);
  });

  // The minimum for the city named by `code` or `query` (rules in delivery.freeDeliveryFor).
  app.get('/api/checkout/free-delivery', async (request) => {
    const { code, query } = parseInput(freeDeliverySchema, request.query, request);
    return answer(
      await delivery.freeDeliveryFor({ code, query }, requestLocale(request)),
      request,
      freeDeliveryToWire,
    );
  });

  app.get('/api/checkout/moscow-price', async (request) => {
    const input = parseInput(moscowPriceSchema, request.query, request);
    return answer(await delivery.moscowPrice(input), request, moscowPriceToWire);
  });

  app.get('/api/sdek/offices', async (request) => {
    const { city_code, postal_code } = parseInput(officesSchema, request.query, request);
    return answer(
      await delivery.listPickupPoints('sdek', { code: city_code, postalCode: postal_code }),
      request,
      pickupPoints,
    );
  });

  app.get('/api/sdek/price', async (request) => {
    const input = parseInput(sdekPriceSchema, request.query, request);
    if (input.recivierCountryCode && input.recivierCountryCode.toUpperCase() !== 'RU') {
      return answer({ ok: false, reason: 'impossible' }, request);
    }
    const outcome = await delivery.quoteCarrier({
      carrier: 'sdek',
      mode: 'pickup',
      cityCode: input.receiverCityId,
      fromCityCode: input.senderCityId,
      weight: input.weight,
      summ: input.summ,
    });
    return answer(outcome, request, quoteToWire);
  });

  app.get('/api/boxberry/points', async (request) => {
    const { city_code, postal_code } = parseInput(officesSchema, request.query, request);
    return answer(
      await delivery.listPickupPoints('boxberry', { code: city_code, postalCode: postal_code }),
      request,
      pickupPoints,
    );
  });

  app.get('/api/boxberry/price', async (request) => {
    const { city_code, weight, summ } = parseInput(boxberryPriceSchema, request.query, request);
    return answer(
      await delivery.quoteCarrier({ carrier: 'boxberry', mode: 'pickup', cityCode: city_code, weight, summ }),
      request,
      quoteToWire,
    );
  });

  app.post('/api/count-delivery/dhl', async (request) => {
    const input = parseInput(dhlSchema, request.body, request);
    return answer(await delivery.quoteInternational(input), request, quoteToWire);
  });
}
