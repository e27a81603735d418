// Checks WCAG AA contrast of every theme preset (light and dark): node scripts/check-contrast.mjs
import { readFileSync } from 'node:fs';
const src = readFileSync(new URL('../Sources/TodoMDHTTP/Web/js/presets.js', import.meta.url), 'utf8');
const { PRESETS, deriveColors, contrast } = await import('data:text/javascript,' + encodeURIComponent(src));
const grounds = ['background_primary', 'background_secondary', 'background_card', 'sidebar_background', 'surface_raised', 'selection', 'hover'];
const inks = ['accent', 'today', 'overdue', 'priority_high', 'priority_medium', 'priority_low', 'flag', 'danger', 'success', 'defer', 'warning'];
let bad = 0;
const need = (name, f, b, min, c) => { const r = contrast(c[f], c[b]); if (r < min) { bad++; console.log(`${name}: ${f} ${c[f]} on ${b} ${c[b]} = ${r.toFixed(2)} < ${min}`); } return r; };
for (const [id, p] of Object.entries(PRESETS)) for (const [scheme, core] of Object.entries(p.colors)) {
  const c = deriveColors(core, scheme === 'dark'), name = `${id}/${scheme}`;
  let worst = 99;
  for (const g of grounds) for (const t of ['text_primary', 'text_secondary', 'text_tertiary']) worst = Math.min(worst, need(name, t, g, 4.5, c));
  for (const g of grounds.slice(0, 5)) for (const t of inks) worst = Math.min(worst, need(name, t, g, 4.5, c));
  for (const t of inks) need(name, t, 'selection', 4.5, c);
  need(name, 'accent_contrast', 'accent', 4.5, c); need(name, 'tag_text', 'tag_background', 4.5, c); need(name, 'badge_text', 'badge_background', 4.5, c);
  for (const g of ['background_primary', 'background_card']) for (const t of ['checkbox_unchecked', 'checkbox_checked', 'focus_ring']) need(name, t, g, 3, c);
  console.log(`${name}: worst text pair ${worst.toFixed(2)}`);
}
console.log(bad ? `${bad} pairs below AA` : 'all pairs pass AA');
process.exit(bad ? 1 : 0);
