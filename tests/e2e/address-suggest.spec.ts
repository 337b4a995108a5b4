import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { budget, gotoHydrated, setCart } from './helpers.ts';

const SCARF = 'cashmere-scarf-camel';

async function startCheckout(page: Page): Promise<Locator> {
  await gotoHydrated(page, '/?cart');
  const cart = page.locator('dialog.cart');
  await expect(cart.locator('.cart-line')).toHaveCount(1, { timeout: budget(15_000) });
  await cart.getByRole('button', { name: 'Перейти к оформлению' }).click();
  await expect(cart.locator('.way').first()).toBeVisible({ timeout: budget(45_000) });
  return cart;
}

test('the courier address field suggests streets and houses of the city, by pointer and by keyboard', async ({
  page,
  context,
}, info) => {
  // Each keystroke waits for its suggestions (debounced 300 ms): room for a loaded machine.
  test.setTimeout(budget(150_000));
  await setCart(context, [{ _id: SCARF, count: 1 }]);
  const cart = await startCheckout(page);
  await cart.locator('.way').filter({ hasText: 'Срочно по Москве' }).click();
  const address = cart.getByRole('combobox', { name: /^Адрес/ });
  await expect(address).toHaveAttribute('aria-expanded', 'false');

  // A street: the list of matching streets; a click takes one and the shopper types the house on.
  await address.pressSequentially('арбат', { delay: 30 });
  const list = cart.getByRole('listbox', { name: 'Улица, дом, корпус' });
  await expect(list.getByRole('option')).toHaveText([/улица Арбат/, /улица Новый Арбат/], {
    timeout: budget(15_000),
  });
  await expect(address).toHaveAttribute('aria-expanded', 'true');
  await page.screenshot({ path: info.outputPath(`address-suggest-${info.project.name}.png`) });
  const axe = await new AxeBuilder({ page }).include('dialog.cart .field__control').analyze();
  expect(axe.violations).toEqual([]);
  await list.getByRole('option', { name: /^улица Арбат/ }).click();
  await expect(address).toHaveValue('улица Арбат, ');
  await expect(address).toBeFocused();
  await address.pressSequentially('10', { delay: 30 });
  await expect(cart.getByText('Адрес в пределах МКАД')).toBeVisible({ timeout: budget(15_000) });
  // Typed in full: nothing to suggest over it.
  await expect(list).toBeHidden();

  // By keyboard: arrows move through the list, Enter takes the street, Escape closes without the cart.
  await address.fill('');
  await address.pressSequentially('тверск', { delay: 30 });
  await expect(list).toBeVisible({ timeout: budget(15_000) });
  await address.press('ArrowDown');
  await expect(address).toHaveAttribute('aria-activedescendant', /.+/);
  await address.press('Enter');
  await expect(address).toHaveValue('Тверская улица, ');
  await address.pressSequentially('7', { delay: 30 });
  await expect(list).toBeHidden();
  await expect(cart.getByText('Адрес в пределах МКАД')).toBeVisible({ timeout: budget(15_000) });
  await address.fill('');
  await address.pressSequentially('новый', { delay: 30 });
  await expect(list).toBeVisible({ timeout: budget(15_000) });
  await address.press('Escape');
  await expect(list).toBeHidden();
  await expect(cart).toBeVisible();
});
