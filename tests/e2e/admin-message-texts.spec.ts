import { expect, test } from '@playwright/test';
import { anyWidth, budget } from './helpers.ts';
import { signInStaff } from './support/staff-accounts.ts';

// Editors change the wording of the shop's messages (docs/product/marketing-consent.md): the text
// beside its built-in one, a refusal that names the lost placeholder, the preview showing the saved
// wording, and a reset.

test(
  'an editor rewords the order confirmation, sees it in the preview, and resets it',
  anyWidth,
  async ({ page }, testInfo) => {
    test.setTimeout(budget(120_000));
    await signInStaff(
      page,
      `texts-editor-${testInfo.project.name}@e2e.test`,
      undefined,
      '/admin/message-texts',
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Тексты сообщений' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Поиск' }).fill('order.created.title');
    const card = page.locator('.adm-msg__row').filter({ hasText: 'order.created.title' });
    await expect(card).toHaveCount(1);
    const russian = card.getByRole('textbox', { name: /Русский/ });
    await expect(russian).toHaveValue('Заказ №{number} принят');

    // A wording without the order number is refused, naming what must stay.
    await russian.fill('Ваш заказ принят');
    await card.getByRole('button', { name: 'Сохранить' }).first().click();
    await expect(card.getByRole('alert')).toContainText('{number}');

    await russian.fill('Спасибо! Заказ №{number} у нас');
    await card.getByRole('button', { name: 'Сохранить' }).first().click();
    await expect(card.getByRole('status')).toHaveText('Сохранено');
    await expect(card.getByText('изменён')).toBeVisible();
    await expect(page.getByText('Тема: Спасибо! Заказ №10234 у нас')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('message-texts.png'), fullPage: false });

    await card.getByRole('button', { name: 'Вернуть исходный' }).click();
    await expect(russian).toHaveValue('Заказ №{number} принят');
    await expect(page.getByText('Тема: Заказ №10234 принят')).toBeVisible();
  },
);
