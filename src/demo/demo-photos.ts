/**
 * The demo's photos: small landscapes drawn from a seed (sky, hills, a sun) and encoded as real JPEGs with sharp when
 * the demo is built, so the web view, the thumbnails and viewMedia show pictures rather than labels.
 */
import sharp from 'sharp';
import { seededRandom } from './demo-text.ts';

const WIDTH = 480;
const HEIGHT = 360;

const SKIES = [
  ['#8ec5fc', '#e0c3fc'],
  ['#f6d365', '#fda085'],
  ['#a1c4fd', '#c2e9fb'],
  ['#ff9a9e', '#fecfef'],
  ['#667eea', '#764ba2'],
  ['#89f7fe', '#66a6ff'],
] as const;
const HILLS = ['#2d6a4f', '#40916c', '#52796f', '#6b705c', '#386641', '#1b4332'] as const;

const pick = <T>(list: readonly T[], random: () => number): T => list[Math.floor(random() * list.length)]!;

/** One landscape as SVG: a sky gradient, a sun, and two hill lines. */
function landscapeSvg(random: () => number): string {
  const [top, bottom] = pick(SKIES, random);
  const hill = (base: number, color: string) => {
    const points = Array.from({ length: 7 }, (_, i) => `${(i * WIDTH) / 6},${Math.round(base - random() * 70)}`);
    return `<polygon fill="${color}" points="0,${HEIGHT} ${points.join(' ')} ${WIDTH},${HEIGHT}"/>`;
  };
  const sun = {
    x: Math.round(60 + random() * 360),
    y: Math.round(50 + random() * 90),
    r: Math.round(18 + random() * 22),
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
<circle cx="${sun.x}" cy="${sun.y}" r="${sun.r}" fill="#fff7d6" opacity="0.9"/>
${hill(250, pick(HILLS, random))}
${hill(310, pick(HILLS, random))}
</svg>`;
}

/** `count` JPEGs, the same bytes for the same seed. */
export async function demoPhotos(count: number, seed: number): Promise<Buffer[]> {
  const random = seededRandom(seed);
  const svgs = Array.from({ length: count }, () => landscapeSvg(random));
  return Promise.all(svgs.map((svg) => sharp(Buffer.from(svg)).jpeg({ quality: 70 }).toBuffer()));
}

export const DEMO_PHOTO_SIZE = { width: WIDTH, height: HEIGHT } as const;
