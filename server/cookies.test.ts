import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { clearCookie, serializeCookie, setCookie } from './cookies.ts';

describe('the one cookie helper', () => {
  it('writes the attributes the shop relies on, encoding values that are not plain tokens', () => {
    expect(serializeCookie('shi_token', 'abc_DEF-1', { maxAgeS: 60, httpOnly: true, secure: true })).toBe(
      'shi_token=abc_DEF-1; Path=/; Max-Age=60; HttpOnly; SameSite=Lax; Secure',
    );
    expect(
      serializeCookie('cart', JSON.stringify([{ _id: 'a b', count: 1 }]), { maxAgeS: 10, secure: false }),
    ).toBe(`cart=${encodeURIComponent('[{"_id":"a b","count":1}]')}; Path=/; Max-Age=10; SameSite=Lax`);
    expect(
      serializeCookie('shi_staff', '', {
        path: '/api/admin',
        maxAgeS: 0,
        httpOnly: true,
        sameSite: 'Strict',
        secure: false,
      }),
    ).toBe('shi_staff=; Path=/api/admin; Max-Age=0; HttpOnly; SameSite=Strict');
  });

  it('keeps every cookie one answer sets', async () => {
    const app = Fastify();
    app.get('/', (_request, reply) => {
      setCookie(reply, 'a', '1', { maxAgeS: 5, secure: false });
      setCookie(reply, 'b', '2', { maxAgeS: 5, secure: false });
      clearCookie(reply, 'c', { secure: false });
      return 'ok';
    });
    const res = await app.inject({ url: '/' });
    expect(res.headers['set-cookie']).toEqual([
      'a=1; Path=/; Max-Age=5; SameSite=Lax',
      'b=2; Path=/; Max-Age=5; SameSite=Lax',
      'c=; Path=/; Max-Age=0; SameSite=Lax',
    ]);
    await app.close();
  });
});
