// Takes full-page screenshots of the running shop at desktop and phone widths, for review.
// `node scripts/screenshots.ts [base-url] [out-dir] [path ...]`
import { atReviewWidths } from './review-widths.ts';

const [base = 'http://localhost:3000', out = '/tmp/shots', ...paths] = process.argv.slice(2);
const pages = paths.length > 0 ? paths : ['/', '/en'];
await atReviewWidths(async (name, context) => {
  const page = await context.newPage();
  for (const path of pages) {
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    // Scroll through the page so lazy images load, then back to the top.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 500) {
        window.scrollTo({ top: y, behavior: 'instant' });
        await new Promise((r) => setTimeout(r, 120));
      }
      window.scrollTo({ top: 0, behavior: 'instant' });
    });
    await page.waitForLoadState('networkidle');
    // Images in horizontal scrollers stay lazy until scrolled sideways: do not wait for ever.
    await page
      .waitForFunction(
        () => [...document.images].every((img) => img.complete || !img.checkVisibility()),
        null,
        {
          timeout: 5_000,
        },
      )
      .catch(() => console.warn(`${path}: some images were still loading`));
    const file = `${out}/${name}${path.replace(/[/?=&]+/g, '_') || '_home'}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
});
