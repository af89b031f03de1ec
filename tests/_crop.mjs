import sharp from 'sharp';
const [out, h, ...files] = process.argv.slice(2);
const parts = await Promise.all(files.map(async (f) => { const m = await sharp(f).metadata(); return { input: await sharp(f).extract({ left: 0, top: 0, width: m.width, height: Math.min(Number(h), m.height) }).toBuffer(), w: m.width, h: Math.min(Number(h), m.height) }; }));
const width = Math.max(...parts.map((p) => p.w)); let top = 0;
const comp = parts.map((p) => { const c = { input: p.input, top, left: 0 }; top += p.h + 8; return c; });
await sharp({ create: { width, height: top, channels: 3, background: '#ff00ff' } }).composite(comp).png().toFile(out);
