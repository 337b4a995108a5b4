import { describe, expect, it } from 'vitest';
import { engines } from '../tests/setup/test-database.ts';
import { useTestApp } from '../tests/support/use-test-app.ts';

/**
 * Issue 21 (Russian everywhere): a server message a shopper reads comes from the catalogue
 * (core/shopper-messages.ts) in the request's language: `?lang=`, else Accept-Language, else Russian.
 */
describe.each(engines)('shopper messages in the request’s language on %s', (engine) => {
  const t = useTestApp(engine);

  const ask = async (
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => {
    const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() as { message: string; field?: string } };
  };

  it('an order not found', async () => {
    const url = '/api/orders/payment-state?orderID=999999';
    expect(await ask('GET', url)).toMatchObject({ status: 404, body: { message: 'Заказ не найден' } });
    expect(await ask('GET', `${url}&lang=en`)).toMatchObject({
      status: 404,
      body: { message: 'Order not found' },
    });
    expect(await ask('GET', url, undefined, { 'accept-language': 'en-GB,en;q=0.9' })).toMatchObject({
      body: { message: 'Order not found' },
    });
  });

  it('a product not found', async () => {
    const ru = await ask('POST', '/api/get-product-page-content', { _id: 'no-such-product' });
    expect(ru).toMatchObject({ status: 404, body: { message: 'Товар не найден' } });
    const en = await ask('POST', '/api/get-product-page-content?lang=en', { _id: 'no-such-product' });
    expect(en.body.message).toBe('Product not found');
  });

  it('a validation refusal names the field in both languages', async () => {
    const ru = await ask('POST', '/api/search', { query: 42 });
    expect(ru).toMatchObject({
      status: 400,
      body: { message: 'Неверное значение поля «query»', field: 'query' },
    });
    const en = await ask('POST', '/api/search?lang=en', { query: 42 });
    expect(en.body.message).toBe('Invalid value of query');
  });

  it('an unknown API address, unreadable JSON and a NUL in the address', async () => {
    expect((await ask('GET', '/api/no-such-thing')).body.message).toBe(
      'Адрес GET /api/no-such-thing не найден',
    );
    expect((await ask('GET', '/api/no-such-thing?lang=en')).body.message).toBe(
      'Route GET /api/no-such-thing?lang=en not found',
    );
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/search',
      headers: { 'content-type': 'application/json' },
      payload: '{"query": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('Неверный запрос');
    const nul = await ask('GET', '/api/orders/payment-state?orderID=1%00');
    expect(nul).toMatchObject({ status: 400, body: { message: 'В адресе запроса недопустимый символ' } });
  });
});
