import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { semanticColoursIn } from '../src/lib/site/design-tokens.ts';
import { appWindow, bars, browser, button, chip, circle, icon, panel, path, phone, progress, rect, sketchFile, tablet, text, words } from '../src/lib/drawing/sketch.ts';

/**
 * Draws the site's own pictures in the design tokens' colours, light and dark: the product pages'
 * screens, one per feature and per side of a product, and the home page's picture of who we work with.
 *   node scripts/draw-pictures.ts
 * Run it after changing a drawing or the colours in src/styles/tokens.scss. The product screens are
 * ordinary pictures in the content, which an editor may replace with a real screenshot.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const tokens = await readFile(join(root, 'src/styles/tokens.scss'), 'utf8');
const colours = semanticColoursIn(tokens);
const font = /--font-body:\s*([^;]+);/.exec(tokens)?.[1] ?? 'system-ui, sans-serif';
const screen = { width: 480, height: 300 };
// The company's own facts, from the settings editors keep (src/content/site/settings.json).
const company = JSON.parse(await readFile(join(root, 'src/content/site/settings.json'), 'utf8')) as { foundedYear: number; address: { suburb: string } };

/** Each picture: its file under src/assets, what it shows, and its size when not a screen's. */
const drawings: { file: string; title: string; body: string; size?: { width: number; height: number } }[] = [
  {
    file: 'home/who-we-work-with.svg',
    title: `Our ${company.address.suburb} office, linked to the cafés, clinics, colleges and freight companies we build for`,
    size: { width: 640, height: 480 },
    body: [
      rect(0, 0, 640, 480, 'surface-tint', 24),
      // Sydney's coast and the river that runs from Parramatta to the harbour.
      path('M622 0C604 80 632 140 614 210S634 330 608 400 622 470 628 480', 'outline', 3),
      path('M200 250C280 236 330 262 400 240S520 250 612 214', 'surface-tint-strong', 12),
      ...[
        ['coffee', 'Cafés & restaurants', 36, 56],
        ['stethoscope', 'Clinics', 380, 56],
        ['graduation-cap', 'Colleges', 36, 354],
        ['truck', 'Freight & logistics', 380, 354],
      ]
        .map(([name, label, x, y]) => {
          const [left, top] = [x as number, y as number];
          return [
            path(`M${left + 112} ${top + 35}L320 240`, 'outline', 2).replace('/>', ' stroke-dasharray="2 10"/>'),
            panel(left, top, 224, 70, 'surface-raised'),
            rect(left + 14, top + 14, 42, 42, 'surface-tint', 10),
            icon(name as string, left + 23, top + 23, 24, 'icon'),
            text(left + 68, top + 41, label as string, 'heading', 15, 700),
          ].join('');
        }),
      circle(320, 240, 62, 'surface-raised', { stroke: 'border' }),
      circle(320, 240, 40, 'action'),
      icon('building-2', 304, 224, 32, 'action-text'),
      rect(236, 312, 168, 50, 'surface-brand', 12),
      text(320, 333, company.address.suburb, 'text-on-brand', 15, 700, 'middle'),
      text(320, 351, `since ${company.foundedYear}`, 'text-on-brand', 12, 400, 'middle'),
    ].join(''),
  },
  {
    file: 'products/IPOS/features/0/picture/src.svg',
    title: 'A phone showing the menu for table 7, beside the QR code on the table',
    body: [
      rect(40, 70, 150, 170, 'surface-raised', 14, { stroke: 'border' }),
      // The QR code on the table card.
      ...[0, 1, 2, 3, 4, 5, 6].flatMap((row) => [0, 1, 2, 3, 4, 5, 6].filter((col) => (row * 7 + col * 3 + row * col) % 3 !== 1).map((col) => rect(67 + col * 14, 88 + row * 14, 12, 12, 'heading', 2))),
      text(115, 210, 'Scan to order', 'heading', 13, 700, 'middle'),
      text(115, 227, 'Table 7', 'text-muted', 11, 400, 'middle'),
      phone(250, 20, 170, 270),
      text(270, 60, 'Table 7 · Menu', 'heading', 13, 700),
      chip(270, 70, 'Vegan', 'surface-tint-strong', 'text', 9),
      chip(316, 70, 'Gluten free', 'surface-tint', 'text-muted', 9),
      ...[0, 1, 2].map((item) =>
        [panel(265, 98 + item * 52, 140, 44), rect(271, 104 + item * 52, 32, 32, 'action', 6, { opacity: 0.35 + item * 0.2 }), words(311, 110 + item * 52, 64, 'text'), text(311, 132 + item * 52, ['$14.50', '$9.00', '$22.00'][item]!, 'text-muted', 10)].join(''),
      ),
      button(265, 252, 140, 'Order and pay', 'action', 'action-text', 24),
    ].join(''),
  },
  {
    file: 'products/IPOS/features/1/picture/src.svg',
    title: 'A payment terminal asking for $48.50, with tap, card and phone payments',
    body: [
      tablet(24, 40, 280, 220),
      text(54, 84, 'Table 4 · 3 items', 'heading', 13, 700),
      ...[0, 1, 2].map((item) => words(54, 100 + item * 22, [120, 96, 140][item]!, 'text-muted') + text(274, 107 + item * 22, ['$18.00', '$8.50', '$22.00'][item]!, 'text', 11, 400, 'end')).join(''),
      path('M54 170H274', 'border', 1.5),
      text(54, 194, 'Total incl. GST', 'text-muted', 12),
      text(274, 196, '$48.50', 'heading', 20, 700, 'end'),
      button(54, 212, 220, 'Charge card'),
      rect(330, 60, 120, 200, 'surface-brand', 16),
      rect(342, 74, 96, 74, 'surface-raised', 6),
      text(390, 100, '$48.50', 'heading', 15, 700, 'middle'),
      // Contactless: three arcs.
      ...[10, 18, 26].map((r) => path(`M${384 + r * 0.2} ${132 - r * 0.5}a${r} ${r} 0 0 1 0 ${r}`, 'icon', 2.5)),
      ...[0, 1, 2].flatMap((row) => [0, 1, 2].map((col) => rect(348 + col * 30, 160 + row * 26, 24, 18, 'surface-tint-strong', 4))),
      chip(342, 240, 'Paid ✓', 'success', 'surface', 10),
    ].join(''),
  },
  {
    file: 'products/IPOS/features/2/picture/src.svg',
    title: 'The order screen suggesting banana bread with a flat white, often bought together',
    body: [
      tablet(20, 24, 440, 252),
      panel(40, 44, 250, 212),
      text(56, 70, 'Order 1042', 'heading', 14, 700),
      ...['Flat white', 'Flat white', 'Chai latte'].map((item, index) => text(56, 100 + index * 26, item, 'text', 12) + text(274, 100 + index * 26, ['$5.00', '$5.00', '$5.50'][index]!, 'text', 12, 400, 'end')).join(''),
      path('M56 176H274', 'border', 1.5),
      text(56, 200, 'Total', 'text-muted', 12),
      text(274, 202, '$15.50', 'heading', 16, 700, 'end'),
      button(56, 216, 218, 'Pay'),
      rect(304, 44, 136, 212, 'surface-tint', 8, { stroke: 'border' }),
      text(318, 68, '✦ Goes well with', 'text-accent', 11, 700),
      ...[
        ['Banana bread', '+$6.00', '62% add it'],
        ['Almond croissant', '+$6.50', '41% add it'],
        ['Oat milk', '+$0.80', '28% add it'],
      ]
        .map(([item, price, share], index) =>
          [panel(314, 80 + index * 56, 116, 48), text(322, 98 + index * 56, item!, 'heading', 11, 600), text(322, 116 + index * 56, share!, 'text-muted', 10), text(422, 116 + index * 56, price!, 'text-accent', 10, 700, 'end')].join(''),
        )
        .join(''),
    ].join(''),
  },
  {
    file: 'products/IPOS/features/3/picture/src.svg',
    title: 'A member’s loyalty card: six of eight stamps, 14 visits, and an offer ready to send',
    body: [
      browser(24, 24, 432, 252),
      circle(72, 92, 22, 'surface-tint-strong'),
      text(72, 97, 'SR', 'text-accent', 14, 700, 'middle'),
      text(104, 88, 'Sam Reyes', 'heading', 15, 700),
      text(104, 106, 'Member since March · 0412 ••• 318', 'text-muted', 11),
      chip(328, 56, 'Not seen in 3 weeks', 'surface-tint', 'danger', 9),
      ...[0, 1, 2, 3, 4, 5, 6, 7].map((stamp) => circle(66 + stamp * 34, 148, 12, stamp < 6 ? 'action' : 'surface-tint-strong')),
      text(346, 152, '6 of 8 stamps', 'text', 11, 600),
      ...[
        ['Visits', '14'],
        ['Spend', '$612'],
        ['Points', '1,240'],
      ]
        .map(([label, value], index) => panel(48 + index * 104, 178, 94, 56) + text(60 + index * 104, 198, label!, 'text-muted', 10) + text(60 + index * 104, 222, value!, 'heading', 16, 700))
        .join(''),
      button(360, 194, 84, 'Send offer'),
    ].join(''),
  },
  {
    file: 'products/IPOS/features/4/picture/src.svg',
    title: 'The kitchen display: orders in four columns, pending, in the oven, cooked and delivered, each timed',
    body: [
      rect(12, 20, 456, 260, 'surface-brand', 14, { stroke: 'border' }),
      ...[
        ['Pending', 'surface-tint-strong', 'heading', [['T12', '2 min', 3]]],
        ['In the oven', 'action', 'action-text', [['T3', '9 min', 2], ['T8', '6 min', 2]]],
        ['Cooked', 'success', 'surface', [['Bar 2', '11 min', 1]]],
        ['Delivered', 'outline', 'heading', [['T5', '14 min', 2]]],
      ]
        .map(([state, colour, ink, orders], column) => {
          const x = 24 + column * 111;
          return [
            text(x + 2, 46, state as string, 'text-on-brand', 11, 700),
            ...(orders as [string, string, number][]).map(([table, minutes, lines], index) => {
              const y = 58 + index * 104;
              return [
                rect(x, y, 100, 94, 'surface-alt', 8),
                rect(x, y, 100, 22, colour as 'action', 8),
                rect(x, y + 14, 100, 8, colour as 'action'),
                text(x + 8, y + 16, table, ink as 'heading', 11, 700),
                text(x + 92, y + 16, minutes, ink as 'heading', 10, 600, 'end'),
                ...Array.from({ length: lines }, (_, line) => words(x + 8, y + 34 + line * 14, [70, 54, 62][line]!, 'text-muted')),
              ].join('');
            }),
          ].join('');
        })
        .join(''),
    ].join(''),
  },
  {
    file: 'products/IPOS/features/5/picture/src.svg',
    title: 'Stock levels by item, with oat milk below its reorder level and a purchase order drafted',
    body: [
      appWindow('Stock · Harbour St', { label: 'PO drafted', colour: 'surface-tint-strong', textColour: 'text-accent' }),
      ...[
        ['Coffee beans', 0.72, '14.4 kg'],
        ['Oat milk', 0.12, '3 L'],
        ['Sourdough', 0.55, '22 loaves'],
        ['Avocado', 0.4, '36'],
        ['Eggs', 0.85, '170'],
      ]
        .map(([item, level, left], index) => {
          const y = 100 + index * 32;
          const low = (level as number) < 0.2;
          return [
            text(44, y + 5, item as string, 'text', 12, low ? 700 : 400),
            progress(170, y, 170, level as number, low ? 'danger' : 'icon'),
            rect(170 + 170 * 0.2, y - 4, 2, 14, 'text-muted'),
            text(436, y + 5, left as string, low ? 'danger' : 'text-muted', 11, low ? 700 : 400, 'end'),
          ].join('');
        })
        .join(''),
      text(204, 268, 'reorder level', 'text-muted', 9),
    ].join(''),
  },
  {
    file: 'products/IPOS/features/6/picture/src.svg',
    title: 'Today’s sales by hour across three venues: $8,420, with GST and labour cost',
    body: [
      browser(24, 24, 432, 252),
      ...[
        ['Sales today', '$8,420'],
        ['GST', '$765'],
        ['Labour', '24%'],
      ]
        .map(([label, value], index) => panel(44 + index * 132, 66, 120, 54) + text(56 + index * 132, 86, label!, 'text-muted', 10) + text(56 + index * 132, 110, value!, 'heading', 17, 700))
        .join(''),
      bars(60, 250, 100, [0.25, 0.5, 0.9, 0.75, 0.35, 0.3, 0.55, 0.95, 0.8, 0.45, 0.2], { width: 22, gap: 10, highlight: [7] }),
      text(60, 140, 'Sales by hour', 'text', 11, 600),
    ].join(''),
  },
  {
    file: 'products/IPayroll/audiences/0/picture/src.svg',
    title: 'The fortnight’s pay run: five employees’ hours and gross pay, ready to lodge with Single Touch Payroll',
    body: [
      appWindow('Pay run · 1–14 June', { label: 'STP ready', colour: 'surface-tint-strong', textColour: 'success' }),
      ...['Employee', 'Hours', 'Gross'].map((heading, index) => text([44, 250, 346][index]!, 102, heading, 'text-muted', 10, 600)).join(''),
      ...[
        ['Aisha Karim', '76.0', '$2,584.00'],
        ['Ben Cole', '68.5', '$2,192.00'],
        ['Lucia Ortiz', '80.0', '$2,960.00'],
        ['Tom Hale', '38.0', '$1,178.00'],
      ]
        .map(([name, hours, gross], index) => {
          const y = 112 + index * 28;
          return rect(36, y, 408, 26, index % 2 === 0 ? 'surface-raised' : 'surface-alt', 4) + circle(52, y + 13, 8, 'surface-tint-strong') + text(66, y + 17, name!, 'text', 11) + text(250, y + 17, hours!, 'text', 11) + text(346, y + 17, gross!, 'heading', 11, 600);
        })
        .join(''),
      text(44, 256, 'Total $8,914.00 · super $1,025.11', 'text-muted', 11),
      button(356, 238, 88, 'Run pay'),
    ].join(''),
  },
  {
    file: 'products/IPayroll/audiences/1/picture/src.svg',
    title: 'The employee app: clocked on at 8:58 am on site, with 11.4 days of annual leave left',
    body: [
      phone(150, 10, 180, 282),
      text(170, 52, 'Good morning, Lucia', 'heading', 12, 700),
      text(170, 68, 'Wharf St · on site ✓', 'success', 10, 600),
      circle(240, 128, 44, 'action'),
      text(240, 124, 'Clock', 'action-text', 12, 700, 'middle'),
      text(240, 140, 'off', 'action-text', 12, 700, 'middle'),
      text(240, 194, 'On since 8:58 am', 'text', 11, 600, 'middle'),
      panel(166, 208, 148, 34),
      text(174, 222, 'Annual leave', 'text-muted', 9),
      text(174, 236, '11.4 days', 'heading', 11, 700),
      panel(166, 248, 148, 30),
      text(174, 267, 'Leave · approved ✓', 'success', 10, 600),
    ].join(''),
  },
  {
    file: 'products/LMS/audiences/0/picture/src.svg',
    title: 'A course’s progress board: each student’s completion, with two who are falling behind flagged',
    body: [
      appWindow('Certificate IV · Week 6', { label: '2 need a nudge', colour: 'surface-tint', textColour: 'danger' }),
      ...[
        ['Noah Kim', 0.92],
        ['Grace Lee', 0.81],
        ['Omar Haddad', 0.34],
        ['Ella Smith', 0.67],
        ['Jack Brown', 0.22],
      ]
        .map(([name, share], index) => {
          const y = 104 + index * 30;
          const behind = (share as number) < 0.4;
          return circle(54, y + 3, 9, 'surface-tint-strong') + text(70, y + 7, name as string, 'text', 11) + progress(180, y, 200, share as number, behind ? 'danger' : 'success') + text(436, y + 7, `${Math.round((share as number) * 100)}%`, behind ? 'danger' : 'text-muted', 11, 600, 'end');
        })
        .join(''),
      text(44, 266, 'Export completion records for the audit', 'text-accent', 11, 600),
    ].join(''),
  },
  {
    file: 'products/LMS/audiences/1/picture/src.svg',
    title: 'The student app: a course 68% done, the next lesson downloaded to study offline',
    body: [
      phone(150, 10, 180, 282),
      text(170, 52, 'Workplace safety', 'heading', 12, 700),
      circle(240, 104, 30, 'surface-tint-strong'),
      path('M240 74a30 30 0 1 1 -28.5 39.3', 'success', 7),
      text(240, 109, '68%', 'heading', 13, 700, 'middle'),
      ...[
        ['1. Hazards at work', '✓', 'success'],
        ['2. Manual handling', '✓', 'success'],
        ['3. First aid basics', '↓', 'text-accent'],
        ['4. Quiz', '', 'text-muted'],
      ]
        .map(([lesson, mark, colour], index) => panel(166, 148 + index * 32, 148, 26) + text(174, 165 + index * 32, lesson!, index === 2 ? 'heading' : 'text', 10, index === 2 ? 700 : 400) + text(306, 165 + index * 32, mark!, colour as 'success', 11, 700, 'end'))
        .join(''),
    ].join(''),
  },
];

for (const drawing of drawings) {
  const file = join(root, 'src/assets', drawing.file);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, sketchFile(drawing.body, { ...(drawing.size ?? screen), title: drawing.title }, colours, font));
  console.log(`Drew ${drawing.file}`);
}
